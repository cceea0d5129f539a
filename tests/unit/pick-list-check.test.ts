// Pick List Check rules (spec 002): on-hand colours, Match, picked quantity limits, done and issue, totals,
// sorting and the issues filter, and the capped local history.
import { describe, expect, it } from "vitest";
import {
  clampPicked, emptyRow, hasMeaningfulProgress, isRowDone, isRowIssue, matchRow, onHandTone, parseHistory, putInHistory,
  setPicked, sortCheckLines, statusForPicked, summarizeCheck, visibleCheckLines, type CheckLine, type CheckProgress, type CheckRow,
} from "~/domain/pick-list/check";

describe("onHandTone", () => {
  it.each([
    [null, 10, "grey"], [undefined, 10, "grey"], [Number.NaN, 10, "grey"],
    [0, 10, "red"], [-3, 10, "red"], [0, 0, "red"],
    [9, 10, "amber"], [1, 2, "amber"],
    [10, 10, "green"], [500, 10, "green"],
  ] as const)("on hand %s for %s ordered is %s", (onHand, ordered, tone) => {
    expect(onHandTone(onHand as number | null | undefined, ordered)).toBe(tone);
  });
});

describe("line statuses", () => {
  it.each([
    [10, 10, "ok", "ok"], [10, 4, "ok", "short"], [10, 12, "short", "over"], [10, 0, "over", "short"], [10, 3, "ns", "ns"], [0, 0, "short", "ok"],
  ] as const)("ordered %s, picked %s, was %s → %s", (ordered, picked, was, now) => {
    expect(statusForPicked(ordered, picked, was)).toBe(now);
  });

  it("Match sets picked to the ordered quantity and status ok, keeping the note", () => {
    expect(matchRow({ pickedQty: 3, status: "short", note: "torn" }, 12)).toEqual({ pickedQty: 12, status: "ok", note: "torn" });
    expect(matchRow({ pickedQty: 3, status: "ns", note: "" }, 5)).toEqual({ pickedQty: 5, status: "ok", note: "" });
  });

  it.each([[-1, 0], [0, 0], [2.4, 2], [2.6, 3], [Number.NaN, 0], [Infinity, 0], [7, 7]])("picked %s is kept as %s (min 0)", (input, out) => {
    expect(clampPicked(input)).toBe(out);
  });

  it("the minus button cannot go below 0", () => {
    expect(setPicked(emptyRow(), 5, -1)).toEqual({ pickedQty: 0, status: "short", note: "" });
  });

  it.each<[CheckRow | undefined, number, boolean, boolean]>([
    [undefined, 5, false, false],
    [{ pickedQty: 5, status: "ok", note: "" }, 5, true, false],
    [{ pickedQty: 4, status: "ok", note: "" }, 5, false, false],
    [{ pickedQty: 5, status: "over", note: "" }, 5, false, true],
    [{ pickedQty: 2, status: "short", note: "" }, 5, false, true],
    [{ pickedQty: 0, status: "ns", note: "" }, 5, false, true],
  ])("row %j of %s ordered: done %s, issue %s", (row, ordered, done, issue) => {
    expect(isRowDone(row, ordered)).toBe(done);
    expect(isRowIssue(row)).toBe(issue);
  });
});

const LINES: CheckLine[] = [
  { lineItemId: "L1", sku: "SUS-50", description: "Sushi Rice 50 lb", quantity: 10, onHand: 8 },
  { lineItemId: "L2", sku: "ARB-10", description: "Arborio Rice 10 lb", quantity: 4, onHand: 0 },
  { lineItemId: "L3", sku: "JAS-25", description: "Jasmine Rice 25 lb", quantity: 6, onHand: 900 },
];

describe("summary, sort and filter", () => {
  const rows: Record<string, CheckRow> = {
    L1: { pickedQty: 8, status: "short", note: "" },
    L3: { pickedQty: 6, status: "ok", note: "" },
  };
  it("counts done lines, issues and units", () => {
    expect(summarizeCheck(LINES, rows)).toEqual({ lines: 3, done: 1, issues: 1, orderedUnits: 20, pickedUnits: 14, percent: 33 });
    expect(summarizeCheck([], {})).toEqual({ lines: 0, done: 0, issues: 0, orderedUnits: 0, pickedUnits: 0, percent: 0 });
  });
  it("sorts by SKU or by description", () => {
    expect(sortCheckLines(LINES, "sku").map((l) => l.sku)).toEqual(["ARB-10", "JAS-25", "SUS-50"]);
    expect(sortCheckLines(LINES, "description").map((l) => l.lineItemId)).toEqual(["L2", "L3", "L1"]);
  });
  it("shows only issues when asked", () => {
    expect(visibleCheckLines(LINES, rows, { sort: "sku", issuesOnly: true }).map((l) => l.lineItemId)).toEqual(["L1"]);
    expect(visibleCheckLines(LINES, rows, { sort: "sku", issuesOnly: false })).toHaveLength(3);
  });
});

describe("local history", () => {
  const progress = (savedAt: string, rows: Record<string, CheckRow> = {}): CheckProgress => ({
    rows, pickerName: "", warehouse: "Main", startedAt: null, finishedAt: null, savedAt,
  });
  it("keeps every order while under the cap", () => {
    const out = putInHistory({ "SO-1": progress("2025-01-01") }, "SO-2", progress("2025-01-02"));
    expect(Object.keys(out!.history)).toEqual(["SO-1", "SO-2"]);
    expect(JSON.parse(out!.json)).toEqual(out!.history);
  });
  it("drops the oldest orders first to stay under the cap, never the current one", () => {
    const big = { L1: { pickedQty: 1, status: "ok" as const, note: "x".repeat(400) } };
    const history = { "SO-old": progress("2025-01-01", big), "SO-mid": progress("2025-01-05", big) };
    const out = putInHistory(history, "SO-new", progress("2025-01-09", big), 1200);
    expect(Object.keys(out!.history).sort()).toEqual(["SO-mid", "SO-new"]);
    expect(out!.json.length).toBeLessThanOrEqual(1200);
  });
  it("refuses a single order larger than the cap", () => {
    expect(putInHistory({}, "SO-1", progress("2025", { L1: { pickedQty: 1, status: "ok", note: "x".repeat(2000) } }), 1000)).toBeNull();
  });
  it("reads malformed storage as empty and repairs bad fields", () => {
    expect(parseHistory(null)).toEqual({});
    expect(parseHistory("{not json")).toEqual({});
    expect(parseHistory("[1,2]")).toEqual({});
    expect(parseHistory(JSON.stringify({ "SO-1": { rows: { L1: { pickedQty: -4, status: "weird" } }, warehouse: "Mars" } }))).toEqual({
      "SO-1": { rows: { L1: { pickedQty: 0, status: "ok", note: "" } }, pickerName: "", warehouse: "Main", startedAt: null, finishedAt: null, savedAt: "" },
    });
  });
  it("offers a restore only for progress that holds something", () => {
    expect(hasMeaningfulProgress(null)).toBe(false);
    expect(hasMeaningfulProgress(progress("x", { L1: emptyRow() }))).toBe(false);
    expect(hasMeaningfulProgress(progress("x", { L1: { pickedQty: 2, status: "ok", note: "" } }))).toBe(true);
    expect(hasMeaningfulProgress({ ...progress("x"), pickerName: "Wendy" })).toBe(true);
  });
});
