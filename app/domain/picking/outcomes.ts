// What the picker reads after Save or Complete (spec 002 §6): the success lines, and a failure in words that
// say whether the work is safe and what to do next. Pure: the hook passes the one client's error here, so no
// browser string ("Failed to fetch") or server stack ever reaches the bottom bar.
import type { ApiErrorKind } from "~/lib/api-client";

export type BarMessage = { tone: "info" | "success" | "error"; text: string } | null;

/**
 * The parts of the one client's ApiError these messages read; "queued" is the floor outbox keeping the write on
 * this phone to send when there is signal (issue 23): not a failure, nothing to press again.
 */
export type CallFailure = { kind: ApiErrorKind | "queued"; message: string };

/** What Save and Complete say when the outbox kept the write (the header and /outbox show it waiting). */
export const SAVE_QUEUED_TEXT = "Saved on this phone — it will be sent when there is signal. Your picks are safe; no need to press Save again.";
export const COMPLETE_QUEUED_TEXT = "Saved on this phone — the order will be marked completed when there is signal. No need to press Complete again.";

function noAnswer(kind: CallFailure["kind"]): boolean {
  return kind === "offline" || kind === "timeout";
}

/**
 * A save that got no answer: the picks are not lost (this device keeps them, and the live room's outbox
 * sends them when the signal returns), so it is not an error in red, but Save must be pressed again.
 * A refusal is the server's reason in plain words.
 */
export function saveFailureMessage(failure: CallFailure): BarMessage {
  if (failure.kind === "queued") return { tone: "info", text: SAVE_QUEUED_TEXT };
  if (noAnswer(failure.kind)) {
    return {
      tone: "info",
      text:
        failure.kind === "timeout"
          ? "The server did not answer in time, so this save may not have arrived. Your picks are kept on this device: press Save again (it will not be saved twice)."
          : "No connection: not saved to the server yet. Your picks are kept on this device; press Save again when the signal is back.",
    };
  }
  return { tone: "error", text: failure.message || "The pick list was not saved. Try again." };
}

/** Completing with no answer: nothing changed on the server; the picks are still on this device. */
export function completeFailureMessage(failure: CallFailure): BarMessage {
  if (failure.kind === "queued") return { tone: "info", text: COMPLETE_QUEUED_TEXT };
  if (noAnswer(failure.kind)) {
    return {
      tone: "info",
      text:
        failure.kind === "timeout"
          ? "The server did not answer in time, so the order may not be marked completed yet. Your picks are kept on this device: press Complete again."
          : "No connection: the order is not marked completed yet. Your picks are kept on this device; press Complete again when the signal is back.",
    };
  }
  return { tone: "error", text: failure.message || "The order was not marked completed. Try again." };
}
