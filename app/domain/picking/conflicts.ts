// Conflicts on a pick line (issue 23): when a change made on an old copy of a line meets someone else's newer
// one, and how the phone shows both and asks which to keep. Pure: the room (party/picking.ts) decides with
// `isConflict`; the picking screen words the question with `conflictQuestion`.

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

/** A rev is the writer's clock in ms (app/domain/picking/sync.ts nextRev); small ones (tests, old rooms) are not times. */
const EPOCH_2020 = Date.UTC(2020, 0, 1);

/** '12 picked', '8 picked, short (Stockout)', 'not picked', with ', completed 2:30 PM' for a finished line. */
export function valuesText(line: LineValues & { rev?: number }, formatTime: (ms: number) => string, withTime: boolean): string {
  const what =
    line.pickState === "unset" && line.pickedQty === 0 && line.status === "Pending"
      ? "not picked"
      : `${line.pickedQty} picked${line.pickState === "short" ? `, short${line.reason ? ` (${line.reason})` : ""}` : ""}`;
  const finished = line.status !== "Pending";
  const when = withTime && finished && line.rev !== undefined && line.rev > EPOCH_2020 ? `, completed ${formatTime(line.rev)}` : "";
  return `${what}${when}`;
}

export type ConflictQuestion = { title: string; message: string; keepMine: string; keepTheirs: string };

/**
 * The question a phone asks when the room sent its change back with someone else's: both values side by side
 * ("You: 12 picked · Maria: 10 picked, completed 2:30 PM"). Keeping theirs is the safe answer (the room
 * already has it), so it is the one Escape gives.
 */
export function conflictQuestion(
  sku: string,
  mine: LineValues & { rev?: number },
  theirs: LineValues & { rev?: number },
  theirName: string,
  formatTime: (ms: number) => string,
): ConflictQuestion {
  const name = theirName || "Another picker";
  return {
    title: `Keep which count for ${sku || "this line"}?`,
    message: `You: ${valuesText(mine, formatTime, false)} · ${name}: ${valuesText(theirs, formatTime, true)}. ${name}'s change reached the server while yours was waiting to send.`,
    keepMine: `Keep mine (${mine.pickedQty})`,
    keepTheirs: `Keep ${name}'s (${theirs.pickedQty})`,
  };
}
