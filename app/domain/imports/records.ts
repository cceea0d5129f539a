// The admin's CSV import (issue 21), the records side: every data row turned into the integration API's record
// (domain/integrations/records.ts), with each problem named by row and column before anything is written. Pure;
// the server runs it on the check and again on every chunk.
import { z } from "zod";
import { RECORD_SCHEMAS, stockSourceId } from "~/domain/integrations/records";
import { cellValue, DEFAULT_IMPORT_SYSTEM, type ImportError, type ImportKind, type ImportRecord, type ImportRow } from "./csv-file";

/** The system a CSV import writes as: records are matched by (system, id), as an integration key's are. */
export const importSystemSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*$/, "The system is lowercase letters, digits and dashes, e.g. 'csv'")
  .max(40)
  .default(DEFAULT_IMPORT_SYSTEM);

// ---------------------------------------------------------------- cells

/** Dollars ('1,234.50', '$12') as whole cents, or null when the text is not an amount of at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ""] = clean.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

function wholeNumber(text: string): number | null {
  const clean = text.replace(/,/g, "");
  return /^-?\d+$/.test(clean) && Number.isSafeInteger(Number(clean)) ? Number(clean) : null;
}

const list = (text: string) => text.split(";").map((s) => s.trim()).filter(Boolean);

type Cells = Record<string, string>;
type Converted = { value: Record<string, unknown>; errors: ImportError[] };

/** Barcodes cell: 'code; code x12' → unit and case barcodes. */
function barcodesOf(text: string): { code: string; kind: "unit" | "case"; quantity?: number }[] {
  return list(text).map((entry) => {
    const m = /^(.*\S)\s+x\s*(\d+)$/i.exec(entry);
    return m ? { code: m[1]!, kind: "case" as const, quantity: Number(m[2]) } : { code: entry, kind: "unit" as const };
  });
}

function convertProduct(c: Cells): Converted {
  const value: Record<string, unknown> = { sourceId: c.sourceId ?? "", sku: c.sku ?? "" };
  if (c.productId) value.productId = c.productId;
  if (c.description) value.description = c.description;
  if (c.bin) value.bin = c.bin === "-" ? null : c.bin;
  if (c.barcodes) value.barcodes = barcodesOf(c.barcodes);
  return { value, errors: [] };
}

function convertStock(c: Cells, row: number): Converted {
  const qty = wholeNumber(c.quantityOnHand ?? "");
  const errors: ImportError[] = qty === null ? [{ row, column: "quantityOnHand", message: "quantityOnHand must be a whole number" }] : [];
  return { value: { sku: c.sku ?? "", locationId: c.locationId ?? "", quantityOnHand: qty ?? 0 }, errors };
}

const ORDER_FIELDS = ["sourceId", "orderNumber", "orderDate", "customerName", "customerEmail", "salesRep", "orderType", "warehouseLocation", "paymentStatus", "orderStatus", "address", "total"] as const;

function convertOrderHead(c: Cells, row: number): Converted {
  const errors: ImportError[] = [];
  const value: Record<string, unknown> = {
    sourceId: c.sourceId ?? "",
    orderNumber: c.orderNumber ?? "",
    orderDate: c.orderDate ?? "",
    customerName: c.customerName ?? "",
    orderType: c.orderType ?? "",
    warehouseLocation: c.warehouseLocation ?? "",
  };
  if (c.customerEmail) value.customerEmail = c.customerEmail;
  if (c.salesRep) value.salesRep = c.salesRep;
  if (c.paymentStatus) value.paymentStatus = c.paymentStatus;
  if (c.orderStatus) value.orderStatus = c.orderStatus;
  if (c.address) value.addressLines = list(c.address);
  if (c.total) {
    const cents = dollarsToCents(c.total);
    if (cents === null) errors.push({ row, column: "total", message: "total must be an amount in dollars, e.g. 1234.50" });
    else value.totalCents = cents;
  }
  return { value, errors };
}

function convertOrderLine(c: Cells, row: number): Converted {
  const errors: ImportError[] = [];
  const quantity = wholeNumber(c.quantity ?? "");
  if (quantity === null) errors.push({ row, column: "quantity", message: "quantity must be a whole number" });
  const value: Record<string, unknown> = { sourceId: c.lineId ?? "", sku: c.sku ?? "", quantity: quantity ?? 0 };
  if (c.productId) value.productId = c.productId;
  if (c.description) value.description = c.description;
  if (c.unitPrice) {
    const cents = dollarsToCents(c.unitPrice);
    if (cents === null) errors.push({ row, column: "unitPrice", message: "unitPrice must be an amount in dollars, e.g. 12.50" });
    else value.unitPriceCents = cents;
  }
  return { value, errors };
}

// Which column a record field's problem belongs to (the record's names differ where a person's do).
const ORDER_COLUMN_OF: Record<string, string> = { addressLines: "address", totalCents: "total" };
const LINE_COLUMN_OF: Record<string, string> = { sourceId: "lineId", unitPriceCents: "unitPrice" };

/** Each zod problem of a record as a row-and-column error (an order's line problems on that line's row). */
function recordErrors(kind: ImportKind, error: z.ZodError, rows: number[]): ImportError[] {
  return error.issues.map((issue) => {
    const [first, second, third] = issue.path;
    if (kind === "orders" && first === "lines" && typeof second === "number") {
      const column = typeof third === "string" ? (LINE_COLUMN_OF[third] ?? third) : null;
      return { row: rows[second] ?? rows[0]!, column, message: issue.message };
    }
    if (kind === "orders" && first === "lines") return { row: rows[0]!, column: "lineId", message: issue.message };
    const column = typeof first === "string" ? ((kind === "orders" ? ORDER_COLUMN_OF[first] : undefined) ?? first) : null;
    return { row: rows[0]!, column, message: issue.message };
  });
}

// ---------------------------------------------------------------- rows to records

/**
 * Every data row as the kind's record, checked by the integration API's own schema: each problem is named by row
 * and column. An order is the rows sharing its sourceId (one per line): its order columns must agree on every row
 * that fills them. An id used twice (a product, a stock SKU at a warehouse, an order's line) is an error on the
 * later row. Records are ready only when there is no error at all.
 */
export function buildRecords(kind: ImportKind, columns: readonly string[], rows: readonly ImportRow[]): { records: ImportRecord[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const cellsOf = (r: ImportRow): Cells | null => {
    if (r.cells.length > columns.length && r.cells.slice(columns.length).some((c) => c.trim())) {
      errors.push({ row: r.row, column: null, message: `The row has ${r.cells.length} cells, the header names ${columns.length}` });
      return null;
    }
    const out: Cells = {};
    columns.forEach((name, i) => {
      if (name) out[name] = cellValue(r.cells[i]);
    });
    return out;
  };

  type Draft = { rows: number[]; sourceId: string; value: Record<string, unknown>; lines?: Record<string, unknown>[]; head?: Cells };
  const drafts: Draft[] = [];
  const byId = new Map<string, Draft>();
  for (const r of rows) {
    const cells = cellsOf(r);
    if (!cells) continue;
    if (kind === "orders") {
      const id = cells.sourceId ?? "";
      if (!id) {
        errors.push({ row: r.row, column: "sourceId", message: "sourceId is required" });
        continue;
      }
      const head = convertOrderHead(cells, r.row);
      const line = convertOrderLine(cells, r.row);
      errors.push(...head.errors, ...line.errors);
      const existing = byId.get(id);
      if (!existing) {
        const draft: Draft = { rows: [r.row], sourceId: id, value: head.value, lines: [line.value], head: cells };
        byId.set(id, draft);
        drafts.push(draft);
        continue;
      }
      // A later row of the order: its order columns may be blank (inherited) or the same, never different.
      for (const field of ORDER_FIELDS) {
        const mine = cells[field] ?? "";
        const theirs = existing.head![field] ?? "";
        if (mine && mine !== theirs) errors.push({ row: r.row, column: field, message: `${field} differs from row ${existing.rows[0]} of order ${id} ('${theirs}')` });
      }
      const lineId = String(line.value.sourceId);
      const twin = existing.lines!.findIndex((l) => l.sourceId === lineId);
      if (lineId && twin >= 0) errors.push({ row: r.row, column: "lineId", message: `Line ${lineId} of order ${id} appears twice (rows ${existing.rows[twin]} and ${r.row})` });
      existing.rows.push(r.row);
      existing.lines!.push(line.value);
      continue;
    }
    const converted = kind === "products" ? convertProduct(cells) : convertStock(cells, r.row);
    errors.push(...converted.errors);
    const id = kind === "stock" ? stockSourceId({ sku: cells.sku ?? "", locationId: cells.locationId ?? "" }) : (cells.sourceId ?? "");
    const earlier = id && id !== "@" ? byId.get(id) : undefined;
    if (earlier) {
      errors.push({ row: r.row, column: kind === "stock" ? "sku" : "sourceId", message: `${id} appears twice (rows ${earlier.rows[0]} and ${r.row})` });
      continue;
    }
    const draft: Draft = { rows: [r.row], sourceId: id, value: converted.value };
    if (id) byId.set(id, draft);
    drafts.push(draft);
  }

  const schema = RECORD_SCHEMAS[kind] as z.ZodType;
  const records: ImportRecord[] = [];
  // A cell already reported as unreadable ('four' as a quantity) is not reported again by the schema.
  const reported = new Set(errors.map((e) => `${e.row}:${e.column}`));
  const rowsWithErrors = new Set(errors.map((e) => e.row));
  for (const d of drafts) {
    const raw = kind === "orders" ? { ...d.value, lines: d.lines } : d.value;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      errors.push(...recordErrors(kind, parsed.error, d.rows).filter((e) => !reported.has(`${e.row}:${e.column}`)));
      continue;
    }
    if (d.rows.some((row) => rowsWithErrors.has(row))) continue;
    records.push({ rows: d.rows, sourceId: d.sourceId, record: parsed.data });
  }
  errors.sort((a, b) => a.row - b.row || (a.column ?? "").localeCompare(b.column ?? ""));
  return { records, errors };
}
