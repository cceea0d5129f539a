// Return requests' pure rules, table by table: DESIGN §8's transitions (with the admin's reopen), the item
// decisions a decided request freezes, receiving (restock and mismatch), status tones, search helpers.
import { describe, expect, it } from "vitest";
import {
  checkItemDecision,
  checkReceiving,
  checkReturnTransition,
  dayBounds,
  isRealDay,
  likePattern,
  nextReturnStatuses,
  receiveLines,
  returnStatusLabel,
  statusSearchValues,
  statusTone,
  type ReturnDecision,
} from "~/domain/returns/rules";
import { itemStatusBodySchema, returnListQuerySchema, returnStatusBodySchema, returnSubmissionSchema } from "~/domain/returns/schemas";

describe("request transitions (DESIGN §8)", () => {
  const cases: [from: string, to: ReturnDecision, admin: boolean, ok: boolean][] = [
    ["pending", "under_review", false, true],
    ["pending", "approved", false, false],
    ["pending", "declined", true, false],
    ["under_review", "approved", false, true],
    ["under_review", "declined", false, true],
    ["review", "approved", false, true], // the legacy spelling is under_review
    ["under_review", "pending", false, false],
    ["under_review", "pending", true, true],
    ["approved", "under_review", false, false],
    ["approved", "under_review", true, true],
    ["declined", "pending", true, true],
    ["approved", "declined", true, false],
    ["declined", "approved", true, false],
    ["approved", "approved", false, true], // a remarks-only update
  ];
  it.each(cases)("%s → %s (admin %s) allowed: %s", (from, to, admin, ok) => {
    expect(checkReturnTransition(from, to, admin).ok).toBe(ok);
  });
  it("a refusal says why", () => {
    expect(checkReturnTransition("pending", "approved", true)).toEqual({ ok: false, reason: "A pending request must be put under review before it is approved" });
    expect(checkReturnTransition("approved", "under_review", false)).toEqual({ ok: false, reason: "Only an admin may reopen a request that is Approved" });
  });
  it.each([
    ["pending", false, ["under_review"]],
    ["under_review", false, ["approved", "declined"]],
    ["under_review", true, ["pending", "approved", "declined"]],
    ["approved", false, []],
    ["declined", true, ["pending", "under_review"]],
  ] as const)("from %s (admin %s) the screen offers %j", (from, admin, offered) => {
    expect(nextReturnStatuses(from, admin)).toEqual(offered);
  });
});

describe("items and receiving", () => {
  it.each([
    ["pending", true],
    ["under_review", true],
    ["approved", false],
    ["declined", false],
  ])("items of a %s request may be decided: %s", (status, ok) => {
    expect(checkItemDecision(status).ok).toBe(ok);
  });
  it.each([
    ["approved", true],
    ["under_review", true],
    ["declined", false],
  ])("a %s request may be received: %s", (status, ok) => {
    expect(checkReceiving(status).ok).toBe(ok);
  });

  const items = [
    { position: 0, count: 4 },
    { position: 1, count: 2 },
  ];
  it.each([
    [[{ index: 0, received: 4, damaged: 1 }], { restock: [3], mismatch: false }],
    [[{ index: 0, received: 5, damaged: 0 }], { restock: [5], mismatch: true }],
    [[{ index: 0, received: 4, damaged: 0 }, { index: 1, received: 1, damaged: 1 }], { restock: [4, 0], mismatch: true }],
    [[{ index: 1, received: 0, damaged: 0 }], { restock: [0], mismatch: true }],
  ])("receives %j", (lines, expected) => {
    const result = receiveLines(items, lines);
    if (!result.ok) throw new Error(result.reason);
    expect(result.lines.map((l) => l.restock)).toEqual(expected.restock);
    expect(result.mismatch).toBe(expected.mismatch);
  });
  it.each([
    [[{ index: 0, received: 1, damaged: 2 }], "Item 0: damaged (2) cannot be more than received (1)"],
    [[{ index: 9, received: 1, damaged: 0 }], "Item 9 does not exist on this request"],
    [[{ index: 0, received: 1, damaged: 0 }, { index: 0, received: 1, damaged: 0 }], "Item 0 is listed twice"],
    [[], "Record at least one item"],
  ])("refuses %j: %s", (lines, reason) => {
    expect(receiveLines(items, lines)).toEqual({ ok: false, reason });
  });
});

describe("labels, tones and search helpers", () => {
  it.each([
    ["approved", "green", "Approved"],
    ["pending", "amber", "Pending"],
    ["declined", "red", "Declined"],
    ["under_review", "gray", "Under Review"],
    ["review", "gray", "Under Review"],
    ["on_hold", "gray", "On Hold"],
  ])("%s is %s and reads %s", (status, tone, label) => {
    expect(statusTone(status)).toBe(tone);
    expect(returnStatusLabel(status)).toBe(label);
  });
  it("escapes LIKE wildcards so a search for 50% finds the text 50%", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
  it("a day is a real calendar day and spans 24 hours in UTC", () => {
    expect(isRealDay("2025-02-28")).toBe(true);
    expect(isRealDay("2025-02-30")).toBe(false);
    expect(isRealDay("2025-2-3")).toBe(false);
    expect(dayBounds("2025-06-18")).toEqual({ start: "2025-06-18T00:00:00.000Z", end: "2025-06-19T00:00:00.000Z" });
  });
  it.each([
    ["under review", ["under_review", "review"]],
    ["PEND", ["pending"]],
    ["xyz", []],
  ])("status search %s finds %j", (text, statuses) => {
    expect(statusSearchValues(text)).toEqual(statuses);
  });
});

describe("schemas at the boundary", () => {
  it.each([
    [{}, true],
    [{ limit: "500" }, true],
    [{ limit: "501" }, false],
    [{ page: "1e3" }, false],
    [{ searchBy: "password" }, false],
    [{ status: "lost" }, false],
    [{ searchBy: "submittedAt", search: "yesterday" }, false],
    [{ searchBy: "submittedAt", search: "2025-06-18" }, true],
  ])("list query %j parses: %s", (query, ok) => {
    expect(returnListQuerySchema.safeParse(query).success).toBe(ok);
  });
  it.each([
    [{ status: "approved", remarks: "" }, true],
    [{ status: "review", remarks: "" }, false], // legacy: read, never written
    [{ status: "approved", remarks: "x".repeat(2001) }, false],
  ])("request status body %j parses: %s", (body, ok) => {
    expect(returnStatusBodySchema.safeParse(body).success).toBe(ok);
  });
  it.each([
    [{ status: "review", decisionDate: "2025-06-18T12:00:00Z", remarks: "" }, true],
    [{ status: "pending", remarks: "" }, false],
    [{ status: "approved", decisionDate: "June 18" }, false],
  ])("item status body %j parses: %s", (body, ok) => {
    expect(itemStatusBodySchema.safeParse(body).success).toBe(ok);
  });
  it("the customer's form needs a custom reason for 'Other'", () => {
    const base = { companyName: "A", email: "a@b.co", phone: "2125550100", address: { street: "1", city: "c", state: "s", zip: "1" } };
    expect(returnSubmissionSchema.safeParse({ ...base, items: [{ sku: "X", count: 1, reason: "Other" }] }).success).toBe(false);
    expect(returnSubmissionSchema.safeParse({ ...base, items: [{ sku: "X", count: 1, reason: "Other", customReason: "Wet" }] }).success).toBe(true);
    expect(returnSubmissionSchema.safeParse({ ...base, items: [{ sku: "X", count: 0, reason: "Damaged" }] }).success).toBe(false);
    expect(returnSubmissionSchema.safeParse({ ...base, items: [] }).success).toBe(false);
  });
});
