// Conflicts shown and asked (issue 23): a change the room sent back with someone else's copy (a pick saved
// offline on a line completed online, or unsent picks on a line taken over) is put to the picker with both
// values, one at a time. Keeping theirs changes nothing (the room has it); keeping mine sends it again, now
// made on their copy, so the room takes it as a deliberate change. Not in the first load: the screen mounts
// ConflictPrompt once a conflict has come (its code loads when the screen is idle).
import { useEffect, useRef } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { conflictQuestion } from "~/domain/picking/conflict-question";
import type { LineChange, PickLine } from "~/domain/picking/lines";
import type { LineConflict } from "~/domain/picking/pick-list-state";
import { pickTimeOf } from "./room-events";

const UNTOUCHED = { status: "Pending", pickState: "unset", pickedQty: 0 } as const;

export function useConflictPrompt({
  conflicts,
  change,
  settle,
}: {
  conflicts: readonly LineConflict[];
  change(ids: string[], fn: (line: PickLine) => LineChange): void;
  settle(lineId: string): void;
}) {
  const { ask, dialog } = useConfirm();
  const asking = useRef<string | null>(null);
  const first = conflicts[0] ?? null;

  useEffect(() => {
    if (!first || asking.current === first.lineId) return;
    asking.current = first.lineId;
    const question = conflictQuestion(first.sku, first.mine, first.theirs ?? UNTOUCHED, first.theirName, pickTimeOf);
    void ask({ title: question.title, message: question.message, confirmLabel: question.keepMine, cancelLabel: question.keepTheirs }).then((keepMine) => {
      const { status, pickState, pickedQty, note, reason } = first.mine;
      if (keepMine) change([first.lineId], () => ({ status, pickState, pickedQty, note, reason }));
      asking.current = null;
      settle(first.lineId);
    });
  }, [first, ask, change, settle]);

  return { conflictDialog: dialog };
}

/** The prompt as a component: the screen loads it (lazily) only while the room has sent back a conflict. */
export function ConflictPrompt(props: Parameters<typeof useConflictPrompt>[0]) {
  return useConflictPrompt(props).conflictDialog;
}
