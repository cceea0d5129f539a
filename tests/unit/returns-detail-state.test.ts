// The return detail's state, table by table: which form saves and when its buttons work again, the notice
// after a save (409 a warning, other refusals named), field errors kept for the form that sent them, typed
// receiving counts, and the history in words.
import { describe, expect, it } from "vitest";
import { describeChanges, detailReducer, errorsOf, INITIAL_DETAIL, readReceiving, receivingNote, type DetailEvent, type DetailState } from "~/domain/returns/detail-state";

const sending: DetailState = { busy: true, notice: null, form: "item-0", fieldErrors: {} };

describe("detailReducer", () => {
  it.each<[string, DetailState, DetailEvent, DetailState]>([
    ["send clears the last notice and errors", { busy: false, notice: { tone: "error", text: "x" }, form: "request", fieldErrors: { remarks: ["Required"] } }, { type: "send", form: "item-0" }, sending],
    ["saved: a success notice, still busy until the reload", sending, { type: "saved", text: "Receipt recorded." }, { ...sending, notice: { tone: "success", text: "Receipt recorded." } }],
    [
      "409: a warning in the server's words",
      sending,
      { type: "refused", failure: "Failed to update item status. Please try again.", error: { status: 409, message: "Someone else changed this request first.", fieldErrors: {} } },
      { ...sending, notice: { tone: "warning", text: "Someone else changed this request first." } },
    ],
    [
      "400: what failed, why, and the field errors for that form",
      sending,
      { type: "refused", failure: "Failed to update item status. Please try again.", error: { status: 400, message: "Some fields need attention: see the messages next to them.", fieldErrors: { remarks: ["Use at most 2000 characters"] } } },
      {
        ...sending,
        notice: { tone: "error", text: "Failed to update item status. Please try again. (Some fields need attention: see the messages next to them.)" },
        fieldErrors: { remarks: ["Use at most 2000 characters"] },
      },
    ],
    ["settled: the buttons work again, the notice stays", { ...sending, notice: { tone: "success", text: "ok" } }, { type: "settled" }, { ...sending, busy: false, notice: { tone: "success", text: "ok" } }],
    ["a failed load says so", INITIAL_DETAIL, { type: "load-failed", message: "No connection: could not load this." }, { ...INITIAL_DETAIL, notice: { tone: "error", text: "Error: No connection: could not load this." } }],
    ["dismiss", { ...INITIAL_DETAIL, notice: { tone: "success", text: "ok" } }, { type: "dismiss" }, INITIAL_DETAIL],
  ])("%s", (_name, state, event, expected) => {
    expect(detailReducer(state, event)).toEqual(expected);
  });

  it.each<[string, "request" | "receiving" | "item-0" | "item-1", Record<string, string[]>]>([
    ["the form that sent them", "item-0", { remarks: ["Required"] }],
    ["another form", "item-1", {}],
    ["the request form", "request", {}],
  ])("field errors show on %s only", (_name, form, expected) => {
    const state: DetailState = { ...sending, form: "item-0", fieldErrors: { remarks: ["Required"] } };
    expect(errorsOf(state, form)).toEqual(expected);
  });
});

describe("receiving counts", () => {
  const items = [
    { index: 0, count: 5 },
    { index: 1, count: 2 },
  ];
  it.each<[string, Record<number, { received: string; damaged: string }>, boolean[], boolean]>([
    ["whole numbers", { 0: { received: "5", damaged: "1" }, 1: { received: "2", damaged: "0" } }, [true, true], true],
    ["spaces around are fine", { 0: { received: " 5 ", damaged: "0" }, 1: { received: "2", damaged: "2" } }, [true, true], true],
    ["damaged over received", { 0: { received: "1", damaged: "2" }, 1: { received: "2", damaged: "0" } }, [false, true], false],
    ["not a number", { 0: { received: "five", damaged: "0" }, 1: { received: "2", damaged: "0" } }, [false, true], false],
    ["a decimal", { 0: { received: "1.5", damaged: "0" }, 1: { received: "2", damaged: "0" } }, [false, true], false],
    ["nothing typed for an item", { 0: { received: "5", damaged: "0" } }, [true, false], false],
  ])("%s", (_name, typed, valid, allValid) => {
    const read = readReceiving(items, typed);
    expect(read.rows.map((r) => r.valid)).toEqual(valid);
    expect(read.allValid).toBe(allValid);
  });

  it.each<[{ received: number; damaged: number; valid: boolean }, number, string]>([
    [{ received: 5, damaged: 1, valid: true }, 5, "Restock 4"],
    [{ received: 6, damaged: 1, valid: true }, 5, "Restock 5 · mismatch"],
    [{ received: NaN, damaged: 0, valid: false }, 5, "Check the numbers"],
  ])("note for %o of %i requested → %s", (row, requested, note) => {
    expect(receivingNote(row, requested)).toBe(note);
  });
});

describe("history in words", () => {
  it.each<[string, { field: string; before: unknown; after: unknown }[], string]>([
    ["a status", [{ field: "status", before: "pending", after: "under_review" }], "status Pending → Under Review"],
    ["an item's decision", [{ field: "items.0.status", before: "pending", after: "approved" }], "item 1 Approved"],
    ["a receipt", [{ field: "items.1.received", before: null, after: { received: 3, damaged: 1, restock: 2, mismatch: true } }], "item 2: received 3, damaged 1, restock 2 (mismatch)"],
    ["the flag", [{ field: "needsReview", before: false, after: true }], "flagged for review"],
    ["the flag cleared", [{ field: "needsReview", before: true, after: false }], "review flag cleared"],
    ["remarks and notes", [{ field: "remarks", before: "", after: "ok" }, { field: "receivingNotes", before: "", after: "wet" }], "remarks “ok”; notes “wet”"],
    ["nothing listed: the action", [], "received"],
  ])("%s", (_name, changes, words) => {
    expect(describeChanges(changes, "received")).toBe(words);
  });
});
