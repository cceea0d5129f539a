// Pick List Check starts from the order's saved picks and its room (issue 24): the rows and the picker name.
import { describe, expect, it } from "vitest";
import { pickerOf, rowsFromPicks, type RoomPickLine, type SavedPicks } from "~/domain/picking/check-saved";

const lines = [
  { lineItemId: "A", quantity: 10 },
  { lineItemId: "B", quantity: 4 },
  { lineItemId: "C", quantity: 2 },
];
const AT = "2026-11-25T14:00:00.000Z";
const saved: SavedPicks = {
  at: AT,
  by: "Wendy Warehouse",
  lines: [
    { lineItemId: "A", quantityPicked: 10, status: "Picked", note: "" },
    { lineItemId: "B", quantityPicked: 3, status: "Issue", note: "torn bag" },
    { lineItemId: "C", quantityPicked: 0, status: "Pending" },
  ],
};
const room = (over: Partial<RoomPickLine>): RoomPickLine => ({ lineId: "C", status: "Picked", pickState: "full", pickedQty: 2, rev: Date.parse(AT) + 1000, by: "Maria", ...over });

describe("rowsFromPicks", () => {
  it.each([
    ["nothing saved, no room: no rows (nothing done)", null, null, {}],
    [
      "the saved pick: in full is ok, short is short with its note, untouched has no row",
      saved,
      null,
      { A: { pickedQty: 10, status: "ok", note: "" }, B: { pickedQty: 3, status: "short", note: "torn bag" } },
    ],
    [
      "a newer room line wins over the log; an older one does not",
      saved,
      [room({}), room({ lineId: "A", status: "Pending", pickState: "unset", pickedQty: 0, rev: Date.parse(AT) - 1000 })],
      { A: { pickedQty: 10, status: "ok", note: "" }, B: { pickedQty: 3, status: "short", note: "torn bag" }, C: { pickedQty: 2, status: "ok", note: "" } },
    ],
    ["the room alone (nothing saved yet)", null, [room({ lineId: "B", pickState: "short", status: "Issue", pickedQty: 1 })], { B: { pickedQty: 1, status: "short", note: "" } }],
  ] as const)("%s", (_name, s, r, rows) => {
    expect(rowsFromPicks(lines, s, r)).toEqual(rows);
  });
});

describe("pickerOf", () => {
  it.each([
    ["who saved it", saved, null, "Wendy Warehouse"],
    ["the room's latest writer when newer", saved, [room({}), room({ lineId: "A", rev: 5, by: "Old" })], "Maria"],
    ["the person signed in when nobody has picked", null, null, "Sam Signed-In"],
    ["the room's writer with nothing saved", null, [room({ by: "Maria" })], "Maria"],
  ] as const)("%s", (_name, s, r, name) => {
    expect(pickerOf(s, r, "Sam Signed-In")).toBe(name);
  });
});
