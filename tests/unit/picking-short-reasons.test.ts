import { describe, expect, it } from "vitest";
import {
  isShortReasonAction,
  missingUnits,
  moveInOrder,
  shortKey,
  shortLineText,
  shortReasonLabelError,
  shortRepText,
  shortTaskText,
} from "~/domain/picking/short-reasons";

describe("shortReasonLabelError", () => {
  it.each([
    ["Stockout", null],
    ["  Wrong bin ", null],
    ["", "Enter a reason."],
    ["   ", "Enter a reason."],
    ["x".repeat(80), null],
    ["x".repeat(81), "A reason has at most 80 characters."],
    ["Bad\u0007bell", "A reason cannot contain control characters."],
  ])("%j → %j", (label, error) => expect(shortReasonLabelError(label)).toBe(error));
});

describe("missingUnits", () => {
  it.each([
    [{ status: "Issue", picked: 3, expected: 10 }, 7],
    [{ status: "Issue", picked: 0, expected: 4 }, 4],
    [{ status: "Issue", picked: 4, expected: 4 }, 0],
    [{ status: "Pending", picked: 0, expected: 4 }, 0],
    [{ status: "Picked", picked: 2, expected: 4 }, 0],
  ])("%j → %d", (line, n) => expect(missingUnits(line)).toBe(n));
});

describe("shortKey", () => {
  it("is the same for the same shortfall whatever the reason's case, different for another quantity or reason", () => {
    expect(shortKey(7, "L1", "Stockout", 3)).toBe(shortKey(7, "L1", " stockout ", 3));
    expect(shortKey(7, "L1", "Stockout", 3)).not.toBe(shortKey(7, "L1", "Stockout", 2));
    expect(shortKey(7, "L1", "Stockout", 3)).not.toBe(shortKey(7, "L1", "Damaged", 3));
    expect(shortKey(7, "L1", "Stockout", 3)).not.toBe(shortKey(8, "L1", "Stockout", 3));
  });
});

describe("texts", () => {
  const facts = { orderNumber: "SO-1", customerName: "Acme", sku: "JAS-25", missing: 3, reason: "Stockout" };
  it("names the short line", () => {
    expect(shortLineText(3, "JAS-25", "Stockout")).toBe("3 × JAS-25 (Stockout)");
    expect(shortLineText(3, "JAS-25", null)).toBe("3 × JAS-25");
  });
  it("writes a follow-up, a recount, nothing for none", () => {
    expect(shortTaskText("follow_up", facts)).toEqual({
      title: "Follow up: SO-1 short 3 × JAS-25",
      message: "Stockout: 3 × JAS-25 short on SO-1 (Acme). Order the remainder or agree a substitute or a back order with the customer.",
    });
    expect(shortTaskText("recount", { ...facts, reason: "Damaged" })?.title).toBe("Recount JAS-25");
    expect(shortTaskText("none", facts)).toBeNull();
  });
  it("tells the rep, also without a reason", () => {
    expect(shortRepText(facts)).toEqual({ title: "Short pick on SO-1", message: "3 × JAS-25 short (Stockout) on SO-1 for Acme." });
    expect(shortRepText({ ...facts, reason: "", customerName: "" }).message).toBe("3 × JAS-25 short (no reason given) on SO-1.");
  });
});

describe("moveInOrder", () => {
  it.each([
    [[1, 2, 3], 2, "up", [2, 1, 3]],
    [[1, 2, 3], 2, "down", [1, 3, 2]],
    [[1, 2, 3], 1, "up", [1, 2, 3]],
    [[1, 2, 3], 3, "down", [1, 2, 3]],
    [[1, 2, 3], 9, "up", [1, 2, 3]],
  ] as const)("%j move %d %s → %j", (ids, id, dir, out) => expect(moveInOrder(ids, id, dir)).toEqual(out));
});

it("knows the actions", () => {
  expect(["follow_up", "recount", "none", "other"].map(isShortReasonAction)).toEqual([true, true, true, false]);
});
