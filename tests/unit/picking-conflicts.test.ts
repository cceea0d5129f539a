// Conflicts on a pick line (issue 23): which changes the room sends back to be asked about, and the question
// with both values ("You: 12 picked · Maria: 10 picked, completed 2:30 PM").
import { describe, expect, it } from "vitest";
import { conflictQuestion, valuesText } from "~/domain/picking/conflict-question";
import { isConflict } from "~/domain/picking/conflicts";
import { pickListReducer, initialPickListState } from "~/domain/picking/pick-list-state";

const T = Date.UTC(2026, 10, 27, 14, 30);
const completed = { status: "Picked", pickState: "full", pickedQty: 10, rev: T, by: "Maria" };
const mine = { status: "Picked", pickState: "full", pickedQty: 12, rev: T - 60_000 };

describe("isConflict", () => {
  it.each([
    ["made offline on the copy before Maria completed it", { ...mine, base: 5 }, completed, "maria", "phone", true],
    ["made after seeing Maria's copy", { ...mine, base: T }, completed, "maria", "phone", false],
    ["the same values anyway", { ...mine, pickedQty: 10, base: 5 }, completed, "maria", "phone", false],
    ["the writer's own earlier change", { ...mine, base: 5 }, completed, "phone", "phone", false],
    ["an older client that sends no base (newest wins, as before)", mine, completed, "maria", "phone", false],
    ["nobody has written the line yet", { ...mine, base: 0 }, undefined, undefined, "phone", false],
    ["a room restarted (writer unknown): someone else", { ...mine, base: 5 }, completed, undefined, "phone", true],
  ])("%s: %s", (_name, change, stored, writer, who, expected) => {
    expect(isConflict(change, stored, writer, who)).toBe(expected);
  });
});

describe("the question", () => {
  const at = () => "2:30 PM";
  it.each([
    [{ status: "Picked", pickState: "full", pickedQty: 12 }, false, "12 picked"],
    [{ status: "Issue", pickState: "short", pickedQty: 8, reason: "Stockout" }, false, "8 picked, short (Stockout)"],
    [{ status: "Pending", pickState: "unset", pickedQty: 0 }, false, "not picked"],
    [{ ...completed }, true, "10 picked, completed 2:30 PM"],
    [{ ...completed, rev: 7 }, true, "10 picked"],
  ])("valuesText(%j) = %s", (line, withTime, text) => expect(valuesText(line, at, withTime)).toBe(text));

  it("shows both and names the buttons after the counts", () => {
    expect(conflictQuestion("BRN-10", mine, completed, "Maria", at)).toEqual({
      title: "Keep which count for BRN-10?",
      message: "You: 12 picked · Maria: 10 picked, completed 2:30 PM. Maria's change reached the server while yours was waiting to send.",
      keepMine: "Keep mine (12)",
      keepTheirs: "Keep Maria's (10)",
    });
  });
});

describe("the screen's state", () => {
  const line = { id: "a", sku: "BRN-10", name: "Rice", quantity: 12, status: "Picked", pickState: "full", pickedQty: 12, bin: null } as never;
  const opened = () => ({ ...initialPickListState("SO-1", { header: { orderId: "1", orderNumber: "SO-1", customerName: "", location: "" }, lines: [line] }) });
  const theirs = { lineId: "a", status: "Picked" as const, pickState: "full" as const, pickedQty: 10, rev: T, by: "Maria" };
  const yours = { ...theirs, pickedQty: 12, rev: T - 1, by: "Main floor phones" };

  it.each([
    ["a conflict: back to Maria's copy, asked about", "conflict" as const, yours, 1, 10],
    ["a take-over: the same", "taken-over" as const, yours, 1, 10],
    ["sent back but equal to the room's copy: nothing to ask", "conflict" as const, { ...yours, pickedQty: 10 }, 0, 10],
  ])("%s", (_name, reason, mineBack, asked, qty) => {
    const state = pickListReducer(opened(), { type: "refused", lineId: "a", holder: "Maria", line: theirs, reason, yours: mineBack });
    expect(state.conflicts).toHaveLength(asked);
    expect(state.items[0]!.pickedQty).toBe(qty);
    expect(state.message).toBeNull();
    if (asked) expect(state.conflicts[0]).toMatchObject({ lineId: "a", sku: "BRN-10", theirName: "Maria", mine: { pickedQty: 12 } });
    expect(pickListReducer(state, { type: "conflict-settled", lineId: "a" }).conflicts).toEqual([]);
  });

  it("a line another picker holds is still only a message (nothing to choose)", () => {
    const state = pickListReducer(opened(), { type: "refused", lineId: "a", holder: "Maria", line: theirs, reason: "held", yours });
    expect(state.conflicts).toEqual([]);
    expect(state.message).toEqual({ tone: "error", text: "Maria is picking BRN-10. Your change was not applied." });
  });
});
