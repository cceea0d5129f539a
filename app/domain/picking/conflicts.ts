// Conflicts on a pick line (issue 23): when a change made on an old copy of a line meets someone else's newer
// one, and how the phone shows both and asks which to keep. Pure: the room (party/picking.ts) decides with
// `isConflict`; the picking screen words the question with `conflictQuestion` (conflict-question.ts).

/** The values a picker sets on a line (what the room relays, without its stamp). */
export type LineValues = { status: string; pickState: string; pickedQty: number; note?: string; reason?: string };

/** A change as it reaches the room: its stamp and the rev of the copy it was made on (older clients send none). */
export type IncomingChange = LineValues & { rev: number; base?: number };

export function sameValues(a: LineValues, b: LineValues): boolean {
  return a.status === b.status && a.pickState === b.pickState && a.pickedQty === b.pickedQty && (a.note ?? "") === (b.note ?? "") && (a.reason ?? "") === (b.reason ?? "");
}

/**
 * A change conflicts with the room's copy when it was made on an older copy (`base` below the room's rev),
 * the room's copy was written by another picker (`storedWriter`, unknown after a room restart: another), and
 * the two disagree. A change that says nothing of its base, the writer's own earlier change, or one that
 * agrees anyway is not a conflict (newest wins, as before).
 */
export function isConflict(change: IncomingChange, stored: (LineValues & { rev: number }) | undefined, storedWriter: string | undefined, writer: string): boolean {
  if (!stored || change.base === undefined) return false;
  if (storedWriter === writer) return false;
  if (stored.rev <= change.base) return false;
  return !sameValues(change, stored);
}
