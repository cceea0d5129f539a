// The return detail's state as plain functions the tests call with tables: which form is saving (until the
// reload after it settles), the notice after a save (a 409 is a warning with the current state; any other
// refusal names what failed), the server's field errors for the form that sent them, receiving's typed counts
// read into numbers, and the history's changes in words. The screen renders this state and dispatches events.
// Client-safe.
import type { FieldErrors } from "~/domain/api-contract";
import { returnStatusLabel } from "./rules";

/** Which of the detail's forms a save (and its field errors) belongs to. */
export type DetailForm = "request" | "review" | "receiving" | `item-${number}`;
export type DetailNotice = { tone: "error" | "success" | "warning"; text: string };
export type DetailState = { busy: boolean; notice: DetailNotice | null; form: DetailForm | null; fieldErrors: FieldErrors };
export type Refusal = { status: number; message: string; fieldErrors: FieldErrors };

export type DetailEvent =
  | { type: "send"; form: DetailForm }
  | { type: "saved"; text: string }
  | { type: "refused"; failure: string; error: Refusal }
  | { type: "settled" }
  | { type: "load-failed"; message: string }
  | { type: "dismiss" };

export const INITIAL_DETAIL: DetailState = { busy: false, notice: null, form: null, fieldErrors: {} };

export function detailReducer(state: DetailState, event: DetailEvent): DetailState {
  switch (event.type) {
    case "send":
      return { busy: true, notice: null, form: event.form, fieldErrors: {} };
    case "saved":
      return { ...state, notice: { tone: "success", text: event.text }, fieldErrors: {} };
    case "refused": {
      const { status, message, fieldErrors } = event.error;
      // 409: someone else moved first, or the transition is not allowed; the reload shows the current state.
      const notice: DetailNotice = status === 409 ? { tone: "warning", text: message } : { tone: "error", text: `${event.failure}${message ? ` (${message})` : ""}` };
      return { ...state, notice, fieldErrors };
    }
    case "settled":
      // The save's answer is shown and the request reloaded: its buttons work again (with the new version).
      return { ...state, busy: false };
    case "load-failed":
      return { ...state, notice: { tone: "error", text: `Error: ${event.message}` } };
    case "dismiss":
      return { ...state, notice: null };
  }
}

/** The field errors of one form (none while another form's save is the last one). */
export function errorsOf(state: DetailState, form: DetailForm): FieldErrors {
  return state.form === form ? state.fieldErrors : {};
}

// ---------------------------------------------------------------- receiving

export type TypedCounts = { received: string; damaged: string };
export type ReceivingRow<I> = { item: I; received: number; damaged: number; valid: boolean };

/** What was typed per item, read as whole numbers; a line is valid when both are and damaged ≤ received. */
export function readReceiving<I extends { index: number }>(items: readonly I[], typed: Record<number, TypedCounts | undefined>): { rows: ReceivingRow<I>[]; allValid: boolean } {
  const rows = items.map((item) => {
    const t = typed[item.index] ?? { received: "", damaged: "" };
    const received = /^\d+$/.test(t.received.trim()) ? Number(t.received.trim()) : NaN;
    const damaged = /^\d+$/.test(t.damaged.trim()) ? Number(t.damaged.trim()) : NaN;
    return { item, received, damaged, valid: Number.isFinite(received) && Number.isFinite(damaged) && damaged <= received };
  });
  return { rows, allValid: rows.every((r) => r.valid) };
}

/** The line beside a receiving row: restock and mismatch, or a prompt to fix the numbers. */
export function receivingNote(row: { received: number; damaged: number; valid: boolean }, requested: number): string {
  return row.valid ? `Restock ${row.received - row.damaged}${row.received !== requested ? " · mismatch" : ""}` : "Check the numbers";
}

// ---------------------------------------------------------------- history

export type HistoryChange = { field: string; before: unknown; after: unknown };

/** One history entry's changes in words ("status Pending → Under Review; item 1 Approved"). */
export function describeChanges(changes: readonly HistoryChange[], action: string): string {
  const parts = changes.map((c) => {
    if (c.field === "status") return `status ${returnStatusLabel(String(c.before))} → ${returnStatusLabel(String(c.after))}`;
    const item = /^items\.(\d+)\.(\w+)$/.exec(c.field);
    if (item && item[2] === "status") return `item ${Number(item[1]) + 1} ${returnStatusLabel(String(c.after))}`;
    if (item && item[2] === "received") {
      const after = c.after as { received: number; damaged: number; restock: number; mismatch: boolean };
      return `item ${Number(item[1]) + 1}: received ${after.received}, damaged ${after.damaged}, restock ${after.restock}${after.mismatch ? " (mismatch)" : ""}`;
    }
    if (c.field === "needsReview") return c.after ? "flagged for review" : "review flag cleared";
    if (item && item[2] === "remarks") return `item ${Number(item[1]) + 1} remarks “${String(c.after)}”`;
    if (c.field === "remarks") return `remarks “${String(c.after)}”`;
    if (c.field === "receivingNotes") return `notes “${String(c.after)}”`;
    return c.field;
  });
  return parts.join("; ") || action;
}
