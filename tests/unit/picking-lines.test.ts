// Picking screen rules (spec 002 §3–§5): line building, actions, progress, quantity sent, merges.
import { describe, expect, it } from "vitest";
import {
  buildPickLines,
  progressText,
  inFull,
  latestVerifiedLog,
  loadErrorMessage,
  locationLabel,
  markAllPicked,
  mergeInventory,
  mergeLocalLines,
  mergeVerifiedLog,
  onHandTone,
  orderTitle,
  passcodeLocationError,
  pickImage,
  pickImageLarge,
  pickLineId,
  pickProgress,
  saveSuccessMessage,
  short,
  shortDone,
  shortSummary,
  unselect,
  updateLine,
  visibleLines,
  type PickLine,
} from "~/domain/picking/lines";
import { onHandChipQty, parseShortQty } from "~/domain/picking/short-quantities";
import { quantitySent, verifyPayload } from "~/domain/picking/verify";

function line(over: Partial<PickLine> = {}): PickLine {
  return { id: "L1", sku: "JAS-25", name: "Jasmine", image: null, imageLarge: null, quantity: 10, onHand: 20, status: "Pending", pickState: "unset", pickedQty: 0, bin: null, barcodes: [], ...over };
}

describe("pick list line item", () => {
  it.each([
    [{ lineItemId: "LI-1" }, 0, "LI-1"],
    [{ lineItemId: 42 }, 3, "42"],
    [{ lineItemId: null }, 3, "3"],
    [{}, 0, "0"],
    [{ lineItemId: "" }, 7, "7"],
  ])("id of %j at index %i is %s", (input, index, id) => {
    expect(pickLineId(input, index)).toBe(id);
  });

  it.each([
    [[{ smallUrl: "s", mediumUrl: "m", thumbUrl: "t", mediumUncroppedUrl: "u", largeUrl: "l", originalUrl: "o" }], "s", "o"],
    [[{ mediumUrl: "m", thumbUrl: "t", largeUrl: "l" }], "m", "l"],
    [[{ thumbUrl: "t", mediumUncroppedUrl: "u" }], "t", "u"],
    [[{ mediumUncroppedUrl: "u", largeUrl: "l" }], "u", "l"],
    [[{ originalUrl: "o" }], "o", "o"],
    [[{ thumbUrl: "t" }], "t", "t"],
    [[], null, null],
    [null, null, null],
  ])("images %j give image %s and imageLarge %s", (images, small, large) => {
    expect(pickImage(images)).toBe(small);
    expect(pickImageLarge(images)).toBe(large);
  });

  it("builds lines: sku or code, name from description, numeric quantity, starting Pending/unset/0", () => {
    const [a, b] = buildPickLines([
      { lineItemId: "A", sku: "S1", description: "Rice", quantity: 5 },
      { code: "C2", description: null, quantity: "3" },
    ]);
    expect(a).toMatchObject({ id: "A", sku: "S1", name: "Rice", quantity: 5, onHand: null, status: "Pending", pickState: "unset", pickedQty: 0 });
    expect(b).toMatchObject({ id: "1", sku: "C2", name: "", quantity: 3 });
  });
});

describe("picking screen line status", () => {
  it.each([
    ["In Full", inFull, line(), { pickState: "full", pickedQty: 10, status: "Picked" }],
    ["Short keeps Pending", short, line(), { pickState: "short", status: "Pending" }],
    ["Short keeps Issue", short, line({ status: "Issue" }), { pickState: "short", status: "Issue" }],
    ["Unselect", unselect, line({ pickState: "short", pickedQty: 4, status: "Issue", note: "torn bag" }), { pickState: "unset", pickedQty: 0, status: "Pending", note: undefined }],
  ] as const)("%s", (_name, action, start, expected) => {
    expect(updateLine(start, action(start))).toMatchObject(expected);
  });

  it.each([
    [4, 4, "Issue"],
    [10, 10, "Picked"],
    [12, 10, "Picked"],
    [-3, 0, "Issue"],
    [0, 0, "Issue"],
  ])("Done with %i picked of 10 clamps to %i and gives %s", (picked, qty, status) => {
    expect(shortDone(line({ pickState: "short" }), picked)).toEqual({ pickedQty: qty, status });
  });

  it("Done with an empty input keeps the current picked quantity", () => {
    expect(shortDone(line({ pickState: "short", pickedQty: 6 }), undefined)).toEqual({ pickedQty: 6, status: "Issue" });
  });

  it("Mark all picked makes every line Picked, full, quantity", () => {
    const all = markAllPicked([line(), line({ id: "L2", quantity: 3, pickState: "short", status: "Issue", pickedQty: 1 })]);
    expect(all.map((l) => [l.status, l.pickState, l.pickedQty])).toEqual([["Picked", "full", 10], ["Picked", "full", 3]]);
  });

  it.each([
    ["", undefined],
    ["  ", undefined],
    ["3.6", 4],
    ["-2", 0],
    ["7", 7],
    ["abc", undefined],
  ])("Short input %j parses to %s", (text, value) => {
    expect(parseShortQty(text)).toBe(value);
  });

  it.each([
    [10, 20, 10],
    [10, 7.9, 7],
    [10, -5, 0],
    [10, null, 0],
    [10, 0, 0],
  ])("On hand chip for quantity %i and on hand %s is %i", (quantity, onHand, chip) => {
    expect(onHandChipQty({ quantity, onHand })).toBe(chip);
  });

  it.each([
    [10, 9, "red"],
    [10, 10, "green"],
    [10, 50, "green"],
    [10, null, "unknown"],
  ])("On Hand for need %i and on hand %s is %s", (quantity, onHand, tone) => {
    expect(onHandTone({ quantity, onHand })).toBe(tone);
  });

  it("Short summary reads 'Picked X • Short Y'", () => {
    expect(shortSummary({ quantity: 10 }, 4)).toBe("Picked 4 • Short 6");
    expect(shortSummary({ quantity: 10 }, undefined)).toBe("Picked 0 • Short 10");
  });
});

describe("picking progress", () => {
  const lines = [
    line({ id: "a", pickState: "full", status: "Picked" }),
    line({ id: "b", pickState: "short", status: "Issue" }),
    line({ id: "c", pickState: "short", status: "Pending" }),
    line({ id: "d" }),
    line({ id: "e", pickState: "short", status: "Picked" }),
    line({ id: "f" }),
  ];

  it("counts Picked (full), Short and Unset; percent is (full + short) / total rounded", () => {
    expect(pickProgress(lines)).toEqual({ picked: 1, short: 3, unset: 2, total: 6, percent: 67, fullyAccounted: false });
  });

  it.each([
    [[], 0, true],
    [[line({ pickState: "full" })], 100, true],
    [[line({ pickState: "short" }), line({ id: "x" })], 50, false],
  ] as const)("percent and fully accounted for %#", (ls, percent, full) => {
    const p = pickProgress([...ls]);
    expect(p.percent).toBe(percent);
    expect(p.fullyAccounted).toBe(full);
  });

  it("one progress figure: lines accounted for, with picked and short beside it (header and bar agree)", () => {
    expect(progressText(pickProgress(lines))).toBe("4 of 6 lines · 1 picked · 3 short");
    expect(progressText(pickProgress([]))).toBe("0 of 0 lines · 0 picked · 0 short");
  });
});

describe("saving", () => {
  it.each([
    [{ pickState: "full", quantity: 10, pickedQty: 3 }, 10],
    [{ pickState: "short", quantity: 10, pickedQty: 3 }, 3],
    [{ pickState: "unset", quantity: 10, pickedQty: -1 }, 0],
    [{ pickState: "short", quantity: 10, pickedQty: Number.NaN }, 0],
  ] as const)("quantity sent for %j is %i", (l, sent) => {
    expect(quantitySent(l)).toBe(sent);
  });

  it("builds the verify body with actor 'user' and an empty note by default", () => {
    expect(verifyPayload([line({ pickState: "full", status: "Picked", note: "ok" })])).toEqual({
      pickedItems: [{ lineItemId: "L1", sku: "JAS-25", name: "Jasmine", status: "Picked", quantity: 10, quantityPicked: 10, note: "ok" }],
      actor: "user",
      note: "",
    });
  });

  it("save message adds issues only when there are some", () => {
    expect(saveSuccessMessage(3, 5, 0)).toBe("Saved. Lines picked: 3/5");
    expect(saveSuccessMessage(3, 5, 2)).toBe("Saved. Lines picked: 3/5 • Issues: 2");
  });

  it.each([
    ["Failed to load order", "Failed to load order."],
    ["Not signed in", "Sign in, or enter the pick list code, to open this order."],
    ["Passcode not authorized for warehouse NJ-MAIN", "This pick list code is not for warehouse NJ-MAIN. Ask a manager for that warehouse's code."],
    ["Order not found", "Order not found. Check the order number."],
    ["No connection: the order could not be loaded.", "No connection: the order could not be loaded."],
  ])("load error %j reads %j (plain words, no server hints)", (error, text) => {
    expect(loadErrorMessage(error)).toBe(text);
    expect(loadErrorMessage(error)).not.toMatch(/server is running/);
  });
});

describe("loading an order", () => {
  it("merges locally saved lines by id, else by sku", () => {
    const fresh = [line({ id: "A", sku: "S1" }), line({ id: "B", sku: "S2" }), line({ id: "C", sku: "S3" })];
    const merged = mergeLocalLines(fresh, [
      { id: "A", status: "Picked", pickState: "full", pickedQty: 10, rev: 5, by: "d1" },
      { id: "zz", sku: "S2", status: "Issue", pickState: "short", pickedQty: 2, note: "wet" },
      { id: "C", status: "Bogus" as never, pickState: "short" },
    ]);
    expect(merged[0]).toMatchObject({ status: "Picked", pickState: "full", pickedQty: 10, rev: 5, by: "d1" });
    expect(merged[1]).toMatchObject({ status: "Issue", pickState: "short", pickedQty: 2, note: "wet" });
    expect(merged[2]).toMatchObject({ status: "Pending", pickState: "short" });
  });

  it.each([
    [{ picked: 10, expected: 10 }, { pickState: "full", status: "Picked", pickedQty: 10 }],
    [{ quantityPicked: 12, expected: 10 }, { pickState: "full", status: "Picked", pickedQty: 10 }],
    [{ picked: 4, expected: 10 }, { pickState: "short", status: "Issue", pickedQty: 4 }],
    [{ picked: 0, expected: 10 }, { pickState: "unset", status: "Pending", pickedQty: 0 }],
    [{ picked: 5, expected: 0 }, { pickState: "unset", status: "Pending", pickedQty: 0 }],
  ])("the latest pick-verified log result %j gives %j", (result, expected) => {
    const merged = mergeVerifiedLog([line()], { type: "pick-verified", payload: { results: [{ lineItemId: "L1", ...result }] } });
    expect(merged[0]).toMatchObject(expected);
  });

  it("log results match by line id, key or sku", () => {
    const lines = [line({ id: "A", sku: "S1" }), line({ id: "B", sku: "S2" })];
    const merged = mergeVerifiedLog(lines, { type: "pick-verified", payload: { results: [{ key: "A", picked: 10, expected: 10 }, { sku: "S2", picked: 2, expected: 10 }] } });
    expect(merged.map((l) => l.status)).toEqual(["Picked", "Issue"]);
  });

  it("uses the latest pick-verified entry", () => {
    const entry = latestVerifiedLog([
      { type: "pick-verified", at: "2026-01-01T10:00:00Z", payload: { results: [] } },
      { type: "completed", at: "2026-01-03T10:00:00Z" },
      { type: "pick-verified", at: "2026-01-02T10:00:00Z", payload: { results: [{ lineItemId: "L1", picked: 1, expected: 2 }] } },
    ]);
    expect(entry?.at).toBe("2026-01-02T10:00:00Z");
    expect(latestVerifiedLog([])).toBeNull();
  });

  it("merges on hand by line map, sku map, then product id", () => {
    const lines = [line({ id: "A", sku: "S1" }), line({ id: "B", sku: "S2" }), line({ id: "C", sku: "S3" }), line({ id: "D", sku: "S4" })];
    const merged = mergeInventory(lines, { data: { P1: { quantityOnHand: 5 }, P2: { quantityOnHand: 7 }, P3: { quantityOnHand: 9 } }, lineMap: { A: "P1" }, skuMap: { S2: "P2" } }, { C: "P3" });
    expect(merged.map((l) => l.onHand)).toEqual([5, 7, 9, 20]);
  });

  it.each([
    [{ email: "picklist+1@x.test", allowedLocations: ["NY-MAIN"] }, "NJ-WH", "Passcode not authorized for warehouse NJ-WH"],
    [{ email: "picklist+1@x.test", allowedLocations: ["NY-MAIN"] }, "NY-MAIN", null],
    [{ email: "picklist+1@x.test", allowedLocations: [] }, "NJ-WH", null],
    [{ email: "admin@x.test", allowedLocations: ["NY-MAIN"] }, "NJ-WH", null],
    [null, "NJ-WH", null],
  ])("passcode session %j on %s → %s", (session, location, error) => {
    expect(passcodeLocationError(session, location)).toBe(error);
  });
});

describe("screen texts and list paging", () => {
  it("header title and location use a dash when empty", () => {
    expect(orderTitle("SO-1", "Acme")).toBe("Order #SO-1 — Acme");
    expect(orderTitle("SO-1", "")).toBe("Order #SO-1 — —");
    expect(locationLabel("NY-MAIN")).toBe("Loc: NY-MAIN");
    expect(locationLabel("")).toBe("Loc: —");
  });

  it("Hide picked drops Picked lines; 25 visible, more on Load more", () => {
    const many = Array.from({ length: 60 }, (_, i) => line({ id: String(i), status: i % 2 ? "Picked" : "Pending" }));
    expect(visibleLines(many, false, 25)).toMatchObject({ hasMore: true, filteredCount: 60 });
    expect(visibleLines(many, false, 25).shown).toHaveLength(25);
    expect(visibleLines(many, true, 25)).toMatchObject({ hasMore: true, filteredCount: 30 });
    expect(visibleLines(many, true, 50)).toMatchObject({ hasMore: false });
  });
});
