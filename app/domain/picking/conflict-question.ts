// The question a phone asks when the room sent its change back with someone else's (issue 23), in the picker's words.
// Pure and client-safe; loaded with the conflict prompt, not with the pick list's first paint (the rules are conflicts.ts).
import type { LineValues } from "./conflicts";

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
