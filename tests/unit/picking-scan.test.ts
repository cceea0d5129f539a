// Scanning rules (issue 13): barcode keys and checks, GS1 reads, which line a scan confirms and what is
// refused, the keyboard-wedge detector, and the pick path.
import { describe, expect, it } from "vitest";
import { barcodeError, barcodeKey, caseQuantityError, gs1CheckDigit, gtin14, parseScan } from "~/domain/picking/barcodes";
import type { PickLine } from "~/domain/picking/lines";
import { compareBins, sortLines } from "~/domain/picking/pick-path";
import { applyScan, type ScanLine } from "~/domain/picking/scan";
import { feedWedge, WEDGE_START } from "~/domain/picking/wedge";

const UPC = "036000291452"; // a valid UPC-A
const EAN = "4006381333931"; // a valid EAN-13
const CASE = `1${UPC.slice(0, 11).padStart(12, "0")}`; // indicator 1 + the UPC's body, check digit below
const CASE_GTIN = CASE + gs1CheckDigit(CASE);

describe("GS1 check digits and keys", () => {
  it.each([
    [UPC, `00${UPC}`],
    [EAN, `0${EAN}`],
    ["96385074", "00000096385074"], // EAN-8
    [CASE_GTIN, CASE_GTIN],
    ["036000291453", null], // wrong check digit
    ["12345", null],
    ["ABC-123", null],
  ])("gtin14(%s) = %s", (code, expected) => expect(gtin14(code)).toBe(expected));

  it.each([
    [UPC, `00${UPC}`],
    [`0${UPC}`, `00${UPC}`], // the same product as EAN-13 matches its UPC-A
    [" jas-25 ", "JAS-25"],
    ["036000291453", "036000291453"], // not a GTIN: kept as text
  ])("barcodeKey(%s) = %s", (code, key) => expect(barcodeKey(code)).toBe(key));

  it.each([
    ["", "Enter a barcode."],
    ["036000291453", "The check digit of this UPC/EAN is wrong."],
    ["x".repeat(65), "A barcode has at most 64 characters."],
    ["AB\u0007C", "A barcode cannot contain control characters."],
    [UPC, null],
    ["JAS-25", null],
  ])("barcodeError(%j) = %s", (code, error) => expect(barcodeError(code)).toBe(error));

  it.each([
    ["unit", 1, null],
    ["unit", 2, "A unit barcode confirms one unit."],
    ["case", 1, "A case holds 2 to 10,000 units."],
    ["case", 12, null],
    ["case", 1.5, "A case holds 2 to 10,000 units."],
  ] as const)("caseQuantityError(%s, %s) = %s", (kind, qty, error) => expect(caseQuantityError(kind, qty)).toBe(error));
});

describe("reading a scan", () => {
  it.each([
    [UPC, `00${UPC}`, null],
    [`${UPC}\r\n`, `00${UPC}`, null],
    [`]E0${EAN}`, `0${EAN}`, null],
    [`(01)${CASE_GTIN}(30)12`, CASE_GTIN, 12],
    [`]C101${CASE_GTIN}3012`, CASE_GTIN, 12],
    [`01${CASE_GTIN}10LOT7\u001d3704`, CASE_GTIN, 4],
    [`01${CASE_GTIN}17261231`, CASE_GTIN, null],
    ["jas-25", "JAS-25", null],
    ["(01)12345", "(01)12345", null], // not a valid GTIN: read as text
  ])("parseScan(%j) → %s × %s", (raw, key, count) => {
    const read = parseScan(raw);
    expect(read.key).toBe(key);
    expect(read.count).toBe(count);
  });
});

function line(over: Partial<PickLine> & { id: string }): ScanLine {
  return { sku: "JAS-25", name: "Jasmine 25 lb", quantity: 10, pickState: "unset", pickedQty: 0, status: "Pending", barcodes: [], ...over };
}

describe("applying a scan to the order's lines", () => {
  const lines = [
    line({ id: "1", sku: "JAS-25", quantity: 10, barcodes: [{ key: `00${UPC}`, kind: "unit", quantity: 1 }, { key: CASE_GTIN, kind: "case", quantity: 5 }] }),
    line({ id: "2", sku: "BAS-10", name: "Basmati", quantity: 2, barcodes: [{ key: `0${EAN}`, kind: "unit", quantity: 1 }] }),
  ];
  const opts = { orderNumber: "SO-1" };

  it.each([
    ["a unit code confirms one", UPC, lines, { ok: true, lineId: "1", picked: 1, message: "JAS-25 +1 (1/10)." }],
    ["the SKU itself confirms one", "bas-10", lines, { ok: true, lineId: "2", picked: 1 }],
    ["a case code confirms its case", CASE_GTIN, lines, { ok: true, lineId: "1", picked: 5, units: 5 }],
    ["reaching the need picks the line in full", UPC, [{ ...lines[0]!, pickedQty: 9 }], { ok: true, picked: 10, change: { pickState: "full", pickedQty: 10, status: "Picked" } }],
    ["a code not on the order is refused", "999", lines, { ok: false, reason: "unknown", message: "999 is not on order SO-1. Nothing changed." }],
    ["one unit more than needed is refused", CASE_GTIN, [{ ...lines[0]!, pickedQty: 6 }], { ok: false, reason: "over", message: "JAS-25 needs 10; this scan would make 11. Nothing changed." }],
    ["a line picked in full refuses more", UPC, [{ ...lines[0]!, pickState: "full", status: "Picked", pickedQty: 10 }], { ok: false, reason: "done" }],
    ["a GS1 count multiplies the case", `(01)${CASE_GTIN}(30)2`, lines, { ok: true, picked: 10 }],
  ] as const)("%s", (_name, raw, input, expected) => {
    expect(applyScan(input as ScanLine[], raw, opts)).toMatchObject(expected);
  });

  it("skips a line another picker holds for the next open one with the product, and refuses when none is left", () => {
    const twice = [line({ id: "a", sku: "X-1" }), line({ id: "b", sku: "X-1" })];
    const heldA = { ...opts, heldBy: (id: string) => (id === "a" ? "Ann" : null) };
    expect(applyScan(twice, "X-1", heldA)).toMatchObject({ ok: true, lineId: "b" });
    const heldBoth = { ...opts, heldBy: () => "Ann" };
    expect(applyScan(twice, "X-1", heldBoth)).toMatchObject({ ok: false, reason: "claimed", message: "Ann is picking X-1. Nothing changed." });
  });
});

describe("the keyboard-wedge detector", () => {
  const feed = (keys: [string, number][]) => {
    let state = WEDGE_START;
    const scans: string[] = [];
    for (const [key, at] of keys) {
      const out = feedWedge(state, key, at);
      state = out.state;
      if (out.scan) scans.push(out.scan);
    }
    return scans;
  };
  it.each([
    ["a fast burst and Enter is a scan", [["0", 0], ["3", 5], ["6", 10], ["Enter", 15]], ["036"]],
    ["Tab ends a scan too", [["A", 0], ["B", 5], ["C", 10], ["Tab", 15]], ["ABC"]],
    ["slow typing is never a scan", [["0", 0], ["3", 300], ["6", 600], ["Enter", 900]], []],
    ["too short is not a scan", [["0", 0], ["3", 5], ["Enter", 10]], []],
    ["a pause starts a new buffer", [["9", 0], ["0", 500], ["3", 505], ["6", 510], ["Enter", 515]], ["036"]],
    ["modifier keys are ignored", [["0", 0], ["Shift", 3], ["A", 6], ["B", 9], ["Enter", 12]], ["0AB"]],
  ] as [string, [string, number][], string[]][])("%s", (_name, keys, scans) => expect(feed(keys)).toEqual(scans));
});

describe("bins and the pick path", () => {
  it.each([
    ["A-9", "A-10", -1],
    ["A-03-2", "A-03-10", -1],
    ["B-01-1", "A-20-9", 1],
    ["A-01", "A-01-1", -1],
    ["A-01", null, -1],
    [null, "A-01", 1],
    [null, null, 0],
    ["a-1", "A-1", 0],
  ] as const)("compareBins(%s, %s) = %s", (a, b, sign) => expect(Math.sign(compareBins(a, b))).toBe(sign));

  it("sorts by path (stable, bins missing last) or keeps the order's sequence", () => {
    const lines = [
      { id: "1", bin: "C-01-1" },
      { id: "2", bin: null },
      { id: "3", bin: "A-10-1" },
      { id: "4", bin: "A-2-1" },
      { id: "5", bin: "A-2-1" },
    ];
    expect(sortLines(lines, "path").map((l) => l.id)).toEqual(["4", "5", "3", "1", "2"]);
    expect(sortLines(lines, "order").map((l) => l.id)).toEqual(["1", "2", "3", "4", "5"]);
  });
});
