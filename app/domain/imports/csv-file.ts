// The admin's CSV import (issue 21), the file side: which file is acceptable (UTF-8 text, not a workbook, within
// the size and row limits), the columns of each kind and the header check, cells as typed, the chunks the screen
// sends (an order's rows never split) and the result file. Pure, client-safe and free of zod, so the import
// screen carries none of the records' schemas (./records.ts checks the rows, on the server).
import { parseCsv, CsvSyntaxError } from "~/lib/csv";

export const IMPORT_KINDS = ["orders", "products", "stock"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { orders: "Orders", products: "Products", stock: "Stock on hand" };

/** A file of more rows is refused whole, with the limit named (split it). */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** Rows the screen sends per call: small enough for a progress bar that moves, one transaction each. */
export const IMPORT_CHUNK_ROWS = 250;
/** A chunk the server takes at most (rows), and the records one upsert takes (the integration API's batch). */
export const MAX_CHUNK_ROWS = 2_000;
/** The integration API's MAX_BATCH_RECORDS (a test holds them equal): one upsert takes at most this many. */
export const MAX_CHUNK_RECORDS = 1_000;
/** Errors listed in a check (the count says how many there are in all). */
export const MAX_LISTED_ERRORS = 500;
export const PREVIEW_ROWS = 10;

export const DEFAULT_IMPORT_SYSTEM = "csv";

export type ImportColumn = { name: string; required: boolean; help: string };

/** The columns of each kind, as the header must name them (any case, any order). */
export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  orders: [
    { name: "sourceId", required: true, help: "the order's id in your system; rows with the same id are one order's lines" },
    { name: "orderNumber", required: true, help: "the order number" },
    { name: "orderDate", required: true, help: "YYYY-MM-DD" },
    { name: "customerName", required: true, help: "" },
    { name: "customerEmail", required: false, help: "" },
    { name: "salesRep", required: false, help: "" },
    { name: "orderType", required: true, help: "e.g. Freight, Will Call, NY/NJ Delivery" },
    { name: "warehouseLocation", required: true, help: "a location id, e.g. NY-MAIN" },
    { name: "paymentStatus", required: false, help: "e.g. Paid, COD; blank is N/A" },
    { name: "orderStatus", required: false, help: "blank follows the automated status" },
    { name: "address", required: false, help: "address lines separated by ';'" },
    { name: "total", required: false, help: "dollars, e.g. 1234.50; blank is the lines' total" },
    { name: "lineId", required: true, help: "the line's id in your system" },
    { name: "sku", required: true, help: "" },
    { name: "productId", required: false, help: "" },
    { name: "description", required: false, help: "" },
    { name: "quantity", required: true, help: "a whole number" },
    { name: "unitPrice", required: false, help: "dollars, e.g. 12.50" },
  ],
  products: [
    { name: "sourceId", required: true, help: "the product's id in your system" },
    { name: "sku", required: true, help: "" },
    { name: "productId", required: false, help: "" },
    { name: "description", required: false, help: "" },
    { name: "bin", required: false, help: "blank leaves the bin; '-' clears it" },
    { name: "barcodes", required: false, help: "codes separated by ';', a case as 'code x12'; blank leaves them" },
  ],
  stock: [
    { name: "sku", required: true, help: "" },
    { name: "locationId", required: true, help: "a location id, e.g. NY-MAIN" },
    { name: "quantityOnHand", required: true, help: "a whole number" },
  ],
};

/** A problem named where it is: the spreadsheet row (the header is row 1) and the column, when there is one. */
export type ImportError = { row: number; column: string | null; message: string };
/** A data row as read: its spreadsheet row number and its cells. */
export type ImportRow = { row: number; cells: string[] };
/** A record ready for the upsert, with the rows it came from (an order has one row per line). */
export type ImportRecord = { rows: number[]; sourceId: string; record: unknown };

/** A file that cannot be read at all: the whole file is refused with this reason (and nothing is written). */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------- the file

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return sig.every((b, i) => bytes[i] === b);
}

/** The file's text, or an ImportFileError saying what it is instead: a workbook, binary, another encoding, too big. */
export function readImportText(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportFileError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files`, 413);
  if (bytes.byteLength === 0) throw new ImportFileError("The file is empty");
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) {
    throw new ImportFileError("This is an Excel workbook, not a CSV file: in Excel choose File › Save As › 'CSV UTF-8 (Comma delimited)' and import that file", 415);
  }
  if (bytes.includes(0)) throw new ImportFileError("This is not a text file (it holds binary data); import a CSV file saved as UTF-8", 415);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError("The file is not UTF-8 text (it looks saved in another encoding, e.g. Windows-1252): save it as 'CSV UTF-8' and import it again", 415);
  }
}

/** The header and data rows of a CSV text, blank rows left out; too many rows or broken quoting refuse the file. */
export function readImportRows(text: string): { header: string[]; rows: ImportRow[] } {
  let records: string[][];
  try {
    // One past the limit (and the header) is enough to know the file is too long.
    records = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 2 });
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new ImportFileError(`The file is not valid CSV: ${e.message}`);
    throw e;
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => !h.trim())) throw new ImportFileError("The file has no header row");
  if (data.length > MAX_IMPORT_ROWS) throw new ImportFileError(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")}: split it into several files`, 413);
  const rows = data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== ""));
  return { header, rows };
}

// ---------------------------------------------------------------- the header

/** The header's columns as the kind's names (matched in any case), or the problems with it. */
export function checkHeader(kind: ImportKind, header: readonly string[]): { columns: string[]; errors: ImportError[] } {
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [c.name.toLowerCase(), c.name]));
  const errors: ImportError[] = [];
  const columns: string[] = [];
  const seen = new Set<string>();
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const column = known.get(name);
    if (!name) errors.push({ row: 1, column: null, message: `Column ${i + 1} has no name` });
    else if (!column) errors.push({ row: 1, column: raw.trim(), message: `Unknown column '${raw.trim()}' for ${IMPORT_KIND_LABELS[kind].toLowerCase()}; the columns are: ${IMPORT_COLUMNS[kind].map((c) => c.name).join(", ")}` });
    else if (seen.has(column)) errors.push({ row: 1, column, message: `Column '${column}' appears twice` });
    if (column) seen.add(column);
    columns.push(column ?? "");
  });
  for (const c of IMPORT_COLUMNS[kind]) if (c.required && !seen.has(c.name)) errors.push({ row: 1, column: c.name, message: `The required column '${c.name}' is missing` });
  return { columns, errors };
}

// ---------------------------------------------------------------- cells

const FORMULA_GUARDED = /^'[=+\-@\t\r]/;

/** A cell as typed: trimmed, and the apostrophe our exports put before a formula character taken off again. */
export function cellValue(raw: string | undefined): string {
  const v = (raw ?? "").trim();
  return FORMULA_GUARDED.test(v) ? v.slice(1) : v;
}

// ---------------------------------------------------------------- chunks

/**
 * The rows in chunks for the import calls, an order's rows always in one chunk: about `size` rows each, never
 * more than MAX_CHUNK_RECORDS records.
 */
export function importChunks(kind: ImportKind, columns: readonly string[], rows: readonly ImportRow[], size = IMPORT_CHUNK_ROWS): ImportRow[][] {
  const idColumn = columns.indexOf("sourceId");
  const groups: ImportRow[][] = [];
  const byOrder = new Map<string, ImportRow[]>();
  for (const r of rows) {
    const id = kind === "orders" && idColumn >= 0 ? cellValue(r.cells[idColumn]) : "";
    const group = id ? byOrder.get(id) : undefined;
    if (group) group.push(r);
    else {
      const fresh = [r];
      if (id) byOrder.set(id, fresh);
      groups.push(fresh);
    }
  }
  const chunks: ImportRow[][] = [];
  let current: ImportRow[] = [];
  let records = 0;
  for (const g of groups) {
    if (current.length && (current.length + g.length > size || records + 1 > MAX_CHUNK_RECORDS)) {
      chunks.push(current);
      current = [];
      records = 0;
    }
    current.push(...g);
    records++;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

// ---------------------------------------------------------------- results

export type ImportOutcome = { rows: number[]; sourceId: string | null; outcome: "created" | "updated" | "unchanged" | "refused"; reason?: string };

/** The result file's records: each record's first row, its id, what happened and why (a refusal's reason). */
export function resultRecords(outcomes: readonly ImportOutcome[]): string[][] {
  return [["row", "sourceId", "outcome", "reason"], ...outcomes.map((o) => [String(o.rows[0] ?? ""), o.sourceId ?? "", o.outcome, o.reason ?? ""])];
}
