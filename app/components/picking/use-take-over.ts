// Taking over a line held by a phone gone quiet (issue 23): who holds each line and, once their phone is
// quiet, for how long (ticking each second while anyone is quiet), and the app's prompt before the take-over.
import { useCallback, useEffect, useRef, useState } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import type { ClaimEntry } from "../../../party/protocol";
import { lineHold, takeOverPrompt, type Hold } from "~/domain/picking/takeover";

export function useTakeOver({
  claims,
  you,
  takeOver,
  focus,
}: {
  claims: ReadonlyMap<string, ClaimEntry>;
  you: string | null;
  takeOver(lineId: string): void;
  focus(lineId: string | null): void;
}) {
  const { ask, dialog } = useConfirm();
  const anyQuiet = [...claims.values()].some((c) => c.sub !== you && c.quietSince !== undefined);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!anyQuiet) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [anyQuiet]);

  const holdOf = useCallback((lineId: string): Hold | null => lineHold(claims, you, lineId, now || Date.now()), [claims, you, now]);

  /** Asks first ("Take over this line? …"); the room grants it only while the holder is still quiet. */
  // The claims as they are now, read at the tap: the callback stays the same across claim changes, so the
  // screen's row actions (and every memoized row) do not change with each claim.
  const latest = useRef({ claims, you });
  latest.current = { claims, you };
  const startTakeOver = useCallback(
    async (lineId: string) => {
      const hold = lineHold(latest.current.claims, latest.current.you, lineId, Date.now());
      if (!hold || hold.quietFor === null) return;
      if (!(await ask(takeOverPrompt(hold)))) return;
      takeOver(lineId);
      focus(lineId);
    },
    [ask, takeOver, focus],
  );

  return { holdOf, startTakeOver, takeOverDialog: dialog };
}
