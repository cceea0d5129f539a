// 'Mark all picked' and its Undo: every line no other picker holds is set picked in full, and for a few
// seconds Undo puts exactly those lines back as they were.
import { useEffect, useRef, useState } from "react";
import { markAllPicked, type LineChange, type PickLine } from "~/domain/picking/lines";
import type { BarMessage } from "~/domain/picking/outcomes";

/** How long 'Undo' stays after 'Mark all picked'. */
export const UNDO_MS = 8000;

export type MarkAllUndo = { count: number; skipped: number; before: Map<string, Pick<PickLine, "status" | "pickState" | "pickedQty" | "note" | "reason">> };

export function useMarkAll({
  items,
  heldBy,
  change,
  setMessage,
}: {
  items: PickLine[];
  heldBy(lineId: string): string | null;
  change(ids: string[], fn: (line: PickLine) => LineChange): void;
  setMessage(message: BarMessage): void;
}) {
  const [undo, setUndo] = useState<MarkAllUndo | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const markAll = () => {
    const free = items.filter((l) => !heldBy(l.id));
    const before = new Map(free.map((l) => [l.id, { status: l.status, pickState: l.pickState, pickedQty: l.pickedQty, note: l.note, reason: l.reason }]));
    const byId = new Map(markAllPicked(free).map((l) => [l.id, l]));
    change([...byId.keys()], (l) => {
      const m = byId.get(l.id)!;
      return { status: m.status, pickState: m.pickState, pickedQty: m.pickedQty };
    });
    window.clearTimeout(timer.current);
    setUndo({ count: free.length, skipped: items.length - free.length, before });
    timer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
  };

  const undoMarkAll = () => {
    if (!undo) return;
    window.clearTimeout(timer.current);
    const { before } = undo;
    change([...before.keys()], (l) => before.get(l.id)!);
    setUndo(null);
    setMessage({ tone: "info", text: `Undone: ${before.size} line${before.size === 1 ? "" : "s"} back as they were.` });
  };

  return { undo, markAll, undoMarkAll };
}
