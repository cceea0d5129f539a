// The CSV import's pure rules, table by table: which files are refused whole (workbook, binary, encoding, size,
// rows, broken quoting), the header check, cells (formula apostrophes, dollars), every row turned into the
// integration API's record with its problems named by row and column, and the chunks (an order never split).
import { describe, expect, it } from "vitest";
import {
  cellValue,
  checkHeader,
  ImportFileError,
  importChunks,
  MAX_CHUNK_RECORDS,
  MAX_IMPORT_ROWS,
  readImportRows,
  readImportText,
  resultRecords,
  type ImportKind,
} from "~/domain/imports/csv-file";
import { buildRecords, dollarsToCents } from "~/domain/imports/records";
import { MAX_BATCH_RECORDS } from "~/domain/integrations/records";

const bytes = (s: string) => new TextEncoder().encode(s);
function refusal(run: () => unknown): ImportFileError {
  try {
    run();
  } catch (e) {
    if (e instanceof ImportFileError) return e;
    throw e;
  }
  throw new Error("not refused");
}

describe("the file", () => {
  const refused: [name: string, input: Uint8Array, status: number, message: RegExp][] = [
    ["an XLSX workbook (zip)", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 415, /Excel workbook.*CSV UTF-8/],
    ["an old XLS workbook", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 415, /Excel workbook/],
    ["binary data", new Uint8Array([0x61, 0x00, 0x62]), 415, /not a text file/],
    ["Windows-1252 text (Café as 0xE9)", new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x0a]), 415, /not UTF-8/],
    ["an empty file", new Uint8Array(), 400, /empty/],
    ["a file over the size limit", new Uint8Array(8 * 1024 * 1024 + 1).fill(0x61), 413, /larger than 8 MB/],
  ];
  it.each(refused)("refuses %s", (_name, input, status, message) => {
    const e = refusal(() => readImportText(input));
    expect(e.status).toBe(status);
    expect(e.message).toMatch(message);
  });
  it("reads UTF-8 with or without a byte order mark", () => {
    expect(readImportRows(readImportText(bytes("\uFEFFsku,locationId\r\nCafé,NY\r\n"))).header).toEqual(["sku", "locationId"]);
  });
  it("refuses more rows than the limit, naming it", () => {
    const text = `sku,locationId,quantityOnHand\n${"A,NY-MAIN,1\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    const e = refusal(() => readImportRows(text));
    expect(e.status).toBe(413);
    expect(e.message).toMatch(/more than 10,000 rows/);
  });
  it("takes exactly the limit", () => {
    const text = `sku,locationId,quantityOnHand\n${"A,NY-MAIN,1\n".repeat(MAX_IMPORT_ROWS)}`;
    expect(readImportRows(text).rows).toHaveLength(MAX_IMPORT_ROWS);
  });
  it("refuses broken quoting with its line", () => {
    expect(refusal(() => readImportRows('sku\n"open\n')).message).toMatch(/not valid CSV: Line 2/);
  });
  it("numbers rows as a spreadsheet does and leaves blank rows out", () => {
    expect(readImportRows("a\nx\n,\n\ny\n").rows).toEqual([{ row: 2, cells: ["x"] }, { row: 5, cells: ["y"] }]);
  });
});

describe("the header", () => {
  const cases: [kind: ImportKind, header: string[], messages: RegExp[]][] = [
    ["stock", ["sku", "locationId", "quantityOnHand"], []],
    ["stock", ["SKU", " LocationID ", "quantityonhand"], []],
    ["stock", ["sku", "locationId"], [/required column 'quantityOnHand' is missing/]],
    ["stock", ["sku", "locationId", "quantityOnHand", "price"], [/Unknown column 'price'/]],
    ["stock", ["sku", "sku", "locationId", "quantityOnHand"], [/'sku' appears twice/]],
    ["stock", ["sku", "", "locationId", "quantityOnHand"], [/Column 2 has no name/]],
    ["products", ["sourceId", "sku", "barcodes", "bin"], []],
    ["orders", ["sourceId", "orderNumber"], [/'orderDate' is missing/, /'customerName' is missing/, /'orderType' is missing/, /'warehouseLocation' is missing/, /'lineId' is missing/, /'sku' is missing/, /'quantity' is missing/]],
  ];
  it.each(cases)("%s %j", (kind, header, messages) => {
    const { errors } = checkHeader(kind, header);
    expect(errors.map((e) => e.message)).toHaveLength(messages.length);
    messages.forEach((m, i) => expect(errors[i]!.message).toMatch(m));
    for (const e of errors) expect(e.row).toBe(1);
  });
});

describe("cells", () => {
  const cells: [string, string][] = [
    [" plain ", "plain"],
    ["'=1+1", "=1+1"], // our export's formula guard, taken off
    ["'+1 555 0100", "+1 555 0100"],
    ["'quoted", "'quoted"], // an apostrophe before anything else is the person's
    ["", ""],
  ];
  it.each(cells)("%j → %j", (raw, out) => expect(cellValue(raw)).toBe(out));
  const money: [string, number | null][] = [
    ["12.5", 1250],
    ["12.50", 1250],
    ["$1,234.56", 123456],
    ["0", 0],
    ["7", 700],
    ["1.234", null],
    ["-3", null],
    ["abc", null],
  ];
  it.each(money)("dollars %j → %j cents", (text, cents) => expect(dollarsToCents(text)).toBe(cents));
});

const ORDER_HEADER = ["sourceId", "orderNumber", "orderDate", "customerName", "orderType", "warehouseLocation", "paymentStatus", "address", "lineId", "sku", "quantity", "unitPrice"];
const orderRow = (row: number, cells: Partial<Record<string, string>>) => ({
  row,
  cells: ORDER_HEADER.map((h) => cells[h] ?? { sourceId: "ERP-1", orderNumber: "SO-9001", orderDate: "2025-06-18", customerName: "Acme Rice", orderType: "Freight", warehouseLocation: "NY-MAIN", paymentStatus: "Paid", address: "1 Main St; Edison NJ", lineId: "L1", sku: "RB-25", quantity: "4", unitPrice: "12.50" }[h] ?? ""),
});

describe("orders: rows to records", () => {
  it("makes one order of the rows sharing its sourceId, later rows inheriting blank order columns", () => {
    const { records, errors } = buildRecords("orders", ORDER_HEADER, [
      orderRow(2, {}),
      orderRow(3, { orderNumber: "", customerName: "", lineId: "L2", sku: "JS-50", quantity: "2", unitPrice: "" }),
      orderRow(4, { sourceId: "ERP-2", orderNumber: "SO-9002", lineId: "L1" }),
    ]);
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.sourceId, r.rows])).toEqual([["ERP-1", [2, 3]], ["ERP-2", [4]]]);
    const first = records[0]!.record as { lines: { sourceId: string; quantity: number; unitPriceCents: number }[]; addressLines: string[]; paymentStatus: string };
    expect(first.lines.map((l) => [l.sourceId, l.quantity, l.unitPriceCents])).toEqual([["L1", 4, 1250], ["L2", 2, 0]]);
    expect(first.addressLines).toEqual(["1 Main St", "Edison NJ"]);
  });

  const bad: [name: string, rows: ReturnType<typeof orderRow>[], row: number, column: string | null, message: RegExp][] = [
    ["a quantity that is not a number", [orderRow(2, { quantity: "four" })], 2, "quantity", /whole number/],
    ["a quantity of zero", [orderRow(2, { quantity: "0" })], 2, "quantity", /at least 1/],
    ["an unknown order type", [orderRow(2, { orderType: "Teleport" })], 2, "orderType", /orderType is one of/],
    ["a date that is not a day", [orderRow(2, { orderDate: "18/06/2025" })], 2, "orderDate", /YYYY-MM-DD/],
    ["a price with three decimals", [orderRow(2, { unitPrice: "1.234" })], 2, "unitPrice", /dollars/],
    ["a missing customer", [orderRow(2, { customerName: "" })], 2, "customerName", /customerName is required/],
    ["a payment that does not exist", [orderRow(2, { paymentStatus: "Maybe" })], 2, "paymentStatus", /paymentStatus is one of/],
    ["a line's bad SKU on its own row", [orderRow(2, {}), orderRow(3, { lineId: "L2", sku: "" })], 3, "sku", /sku is required/],
    ["an order column that disagrees", [orderRow(2, {}), orderRow(3, { lineId: "L2", customerName: "Other Co" })], 3, "customerName", /differs from row 2/],
    ["a line id twice", [orderRow(2, {}), orderRow(3, {})], 3, "lineId", /appears twice \(rows 2 and 3\)/],
    ["a row without sourceId", [orderRow(2, { sourceId: "" })], 2, "sourceId", /required/],
    ["cells past the header", [{ row: 2, cells: [...orderRow(2, {}).cells, "extra"] }], 2, null, /13 cells, the header names 12/],
  ];
  it.each(bad)("names %s by row and column", (_name, rows, row, column, message) => {
    const { records, errors } = buildRecords("orders", ORDER_HEADER, rows);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ row, column });
    expect(errors[0]!.message).toMatch(message);
    expect(records.length).toBeLessThan(new Set(rows.map((r) => r.cells[0])).size + 1);
  });
});

describe("products and stock", () => {
  it("products: barcodes, case barcodes and the bin cleared with '-'", () => {
    const { records, errors } = buildRecords("products", ["sourceId", "sku", "barcodes", "bin"], [{ row: 2, cells: ["P-1", "RB-25", "012345678905; 10012345678902 x12", "-"] }]);
    expect(errors).toEqual([]);
    expect(records[0]!.record).toMatchObject({ sku: "RB-25", bin: null, barcodes: [{ code: "012345678905", kind: "unit", quantity: 1 }, { code: "10012345678902", kind: "case", quantity: 12 }] });
  });
  it("products: the same sourceId twice is an error on the later row", () => {
    const { errors } = buildRecords("products", ["sourceId", "sku"], [{ row: 2, cells: ["P-1", "A"] }, { row: 3, cells: ["P-1", "B"] }]);
    expect(errors).toEqual([{ row: 3, column: "sourceId", message: "P-1 appears twice (rows 2 and 3)" }]);
  });
  const stock: [cells: string[], column: string | null, message: RegExp | null][] = [
    [["RB-25", "NY-MAIN", "40"], null, null],
    [["RB-25", "NY-MAIN", "1,200"], null, null],
    [["RB-25", "NY-MAIN", "-1"], "quantityOnHand", /cannot be negative/],
    [["RB-25", "NY-MAIN", "2.5"], "quantityOnHand", /whole number/],
    [["RB-25", "NY MAIN!", "3"], "locationId", /letters, digits/],
    [["", "NY-MAIN", "3"], "sku", /required/],
  ];
  it.each(stock)("stock %j", (cells, column, message) => {
    const { errors } = buildRecords("stock", ["sku", "locationId", "quantityOnHand"], [{ row: 2, cells }]);
    if (!message) return expect(errors).toEqual([]);
    expect(errors[0]).toMatchObject({ row: 2, column });
    expect(errors[0]!.message).toMatch(message);
  });
  it("stock: the same SKU at the same warehouse twice", () => {
    const { errors } = buildRecords("stock", ["sku", "locationId", "quantityOnHand"], [{ row: 2, cells: ["A", "NY-MAIN", "1"] }, { row: 7, cells: ["A", "NY-MAIN", "2"] }]);
    expect(errors[0]).toMatchObject({ row: 7, message: "A@NY-MAIN appears twice (rows 2 and 7)" });
  });
});

describe("chunks", () => {
  it("hold at most what one integration batch takes", () => expect(MAX_CHUNK_RECORDS).toBe(MAX_BATCH_RECORDS));
  it("keep an order's rows together, even when they are apart in the file", () => {
    const rows = [orderRow(2, {}), orderRow(3, { sourceId: "ERP-2" }), orderRow(4, { lineId: "L2" }), orderRow(5, { sourceId: "ERP-3" })];
    const chunks = importChunks("orders", ORDER_HEADER, rows, 2);
    expect(chunks.map((c) => c.map((r) => r.row))).toEqual([[2, 4], [3, 5]]);
  });
  it("split stock every N rows", () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ row: i + 2, cells: [`S${i}`, "NY-MAIN", "1"] }));
    expect(importChunks("stock", ["sku", "locationId", "quantityOnHand"], rows, 2).map((c) => c.length)).toEqual([2, 2, 1]);
  });
  it("never put more records in a chunk than one upsert takes", () => {
    const rows = Array.from({ length: MAX_CHUNK_RECORDS + 5 }, (_, i) => ({ row: i + 2, cells: [`S${i}`, "NY-MAIN", "1"] }));
    expect(importChunks("stock", ["sku", "locationId", "quantityOnHand"], rows, 5_000).map((c) => c.length)).toEqual([MAX_CHUNK_RECORDS, 5]);
  });
});

it("the result file has a line per record: its first row, id, outcome and reason", () => {
  expect(resultRecords([{ rows: [2, 3], sourceId: "ERP-1", outcome: "created" }, { rows: [4], sourceId: "ERP-2", outcome: "refused", reason: "Unknown warehouse" }])).toEqual([
    ["row", "sourceId", "outcome", "reason"],
    ["2", "ERP-1", "created", ""],
    ["4", "ERP-2", "refused", "Unknown warehouse"],
  ]);
});
