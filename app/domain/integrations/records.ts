// What the company's systems send to /api/integrations/* (issue 21): the batch limits, one zod schema per kind
// of record, and the per-record parse that refuses a malformed record with its reason and keeps the others.
// Client-safe and pure; a later CSV import parses its rows with the same schemas.
import { z } from "zod";
import { barcodeError, barcodeKey, caseQuantityError } from "~/domain/picking/barcodes";
import { BIN_MAX_LENGTH, binError } from "~/domain/picking/bins";
import { ORDER_TYPES, PAID_VARIANTS, PAYMENT_FALLBACK, PAYMENT_OPTIONS } from "~/domain/orders/constants";
import type { IntegrationKind } from "./keys";

/** At most this many records per batch (413 naming it): a batch is one transaction and must stay short. */
export const MAX_BATCH_RECORDS = 1_000;
/** The body limit of a batch: room for 1,000 orders of several lines each (the app's other calls take 1 MB). */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024;
export const MAX_ORDER_LINES = 500;
export const MAX_PRODUCT_BARCODES = 50;
export const MAX_ORDER_TOTAL_CENTS = 100_000_000_000;

const ALLOWED_PAYMENTS: readonly string[] = [...PAYMENT_OPTIONS, ...PAID_VARIANTS, PAYMENT_FALLBACK];

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
/** An id in the sending system: printable, no surrounding spaces, so the same record always matches itself. */
const sourceId = z
  .string({ message: "sourceId is required" })
  .trim()
  .min(1, "sourceId is required")
  .max(128, "sourceId has at most 128 characters")
  .refine((v) => !CONTROL.test(v), "sourceId cannot contain control characters");
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const required = (max: number, what: string) => z.string({ message: `${what} is required` }).trim().min(1, `${what} is required`).max(max, `At most ${max} characters`);
const sku = required(64, "sku").refine((v) => !CONTROL.test(v), "sku cannot contain control characters");
const locationId = required(64, "Location id").refine((v) => /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/.test(v), "A location id uses letters, digits, spaces and . _ / -");

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// ---------------------------------------------------------------- orders

export const orderLineRecordSchema = z
  .object({
    /** The line's id in the sending system: the order line's lineItemId here (picks refer to it). */
    sourceId,
    sku,
    productId: text(64).optional(),
    description: text(500).default(""),
    quantity: z.number().int("quantity must be a whole number").min(1, "quantity must be at least 1").max(1_000_000),
    unitPriceCents: z.number().int("unitPriceCents must be whole cents").min(0).max(1_000_000_000).default(0),
  })
  .strict();

export const orderRecordSchema = z
  .object({
    sourceId,
    orderNumber: required(64, "orderNumber"),
    /** The day the order was placed, YYYY-MM-DD (the list's Order Date). */
    orderDate: z.string({ message: "orderDate is required" }).refine(isCalendarDate, "orderDate must be a date, YYYY-MM-DD"),
    customerName: required(200, "customerName"),
    customerEmail: z.email("customerEmail must be an e-mail address").max(254).nullish(),
    /** The sales rep who took the order (the list's Created By). */
    salesRep: text(200).default(""),
    orderType: z.enum(ORDER_TYPES, { message: `orderType is one of: ${ORDER_TYPES.join(", ")}` }),
    warehouseLocation: locationId,
    paymentStatus: text(60)
      .refine((v) => ALLOWED_PAYMENTS.includes(v), `paymentStatus is one of: ${ALLOWED_PAYMENTS.join(", ")}`)
      .default(PAYMENT_FALLBACK),
    /** Optional: absent, the status follows the spec's automated rules as for an edit. */
    orderStatus: text(60).optional(),
    addressLines: z.array(text(200)).max(10).default([]),
    /** Optional: absent, the total of the lines. */
    totalCents: z.number().int().min(0).max(MAX_ORDER_TOTAL_CENTS).optional(),
    lines: z.array(orderLineRecordSchema).min(1, "An order has at least one line").max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`),
  })
  .strict()
  .superRefine((order, issue) => {
    // Whether the status fits the type is judged against the stored order (orderStatusProblem): a legacy
    // status an order already has may be sent back unchanged.
    const seen = new Set<string>();
    order.lines.forEach((line, i) => {
      if (seen.has(line.sourceId)) issue.addIssue({ code: "custom", path: ["lines", i, "sourceId"], message: `Line ${line.sourceId} appears twice` });
      seen.add(line.sourceId);
    });
    // The lines' total is stored when none is sent: keep it a whole number the database holds exactly.
    const total = order.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    if (order.totalCents === undefined && total > MAX_ORDER_TOTAL_CENTS) {
      issue.addIssue({ code: "custom", path: ["lines"], message: `The lines total more than $${(MAX_ORDER_TOTAL_CENTS / 100).toLocaleString("en-US")}` });
    }
  });
export type OrderRecord = z.infer<typeof orderRecordSchema>;
export type OrderLineRecord = z.infer<typeof orderLineRecordSchema>;

// ---------------------------------------------------------------- products

export const barcodeRecordSchema = z
  .object({
    code: z.string().max(128),
    kind: z.enum(["unit", "case"]).default("unit"),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict()
  .transform((b, ctx) => {
    const problem = barcodeError(b.code);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["code"], message: problem });
      return z.NEVER;
    }
    const quantity = b.kind === "unit" ? (b.quantity ?? 1) : (b.quantity ?? 0);
    const qtyProblem = caseQuantityError(b.kind, quantity);
    if (qtyProblem) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: qtyProblem });
      return z.NEVER;
    }
    const code = b.code.trim();
    return { code, key: barcodeKey(code), kind: b.kind, quantity };
  });

export const productRecordSchema = z
  .object({
    sourceId,
    sku,
    productId: text(64).optional(),
    description: text(500).default(""),
    /** Optional: absent leaves the bin as it is; null or "" clears it. */
    bin: z
      .string()
      .max(BIN_MAX_LENGTH * 2)
      .nullable()
      .optional()
      .superRefine((bin, ctx) => {
        const problem = binError(bin);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /** Optional: absent leaves the barcodes as they are; a list is the product's whole set. */
    barcodes: z.array(barcodeRecordSchema).max(MAX_PRODUCT_BARCODES, `A product has at most ${MAX_PRODUCT_BARCODES} barcodes`).optional(),
  })
  .strict()
  .superRefine((product, issue) => {
    const seen = new Set<string>();
    (product.barcodes ?? []).forEach((b, i) => {
      if (seen.has(b.key)) issue.addIssue({ code: "custom", path: ["barcodes", i, "code"], message: `Barcode ${b.code} appears twice` });
      seen.add(b.key);
    });
  });
export type ProductRecord = z.infer<typeof productRecordSchema>;

// ---------------------------------------------------------------- stock and locations

export const stockRecordSchema = z
  .object({
    sku,
    locationId,
    quantityOnHand: z.number().int("quantityOnHand must be a whole number").min(0, "quantityOnHand cannot be negative").max(1_000_000_000),
  })
  .strict();
export type StockRecord = z.infer<typeof stockRecordSchema>;

/** A stock record's id in answers: the SKU at the warehouse (one figure per pair). */
export function stockSourceId(record: { sku: string; locationId: string }): string {
  return `${record.sku}@${record.locationId}`;
}

export const locationRecordSchema = z
  .object({
    /** The location's id in the sending system: the id users and passcodes are assigned (spec 002, Locations). */
    sourceId: locationId,
    name: required(120, "name"),
  })
  .strict();
export type LocationRecord = z.infer<typeof locationRecordSchema>;

export const RECORD_SCHEMAS = {
  orders: orderRecordSchema,
  products: productRecordSchema,
  stock: stockRecordSchema,
  locations: locationRecordSchema,
} as const;

export type RecordOf<K extends IntegrationKind> = z.infer<(typeof RECORD_SCHEMAS)[K]>;

// ---------------------------------------------------------------- outcomes and the per-record parse

export const OUTCOMES = ["created", "updated", "unchanged", "refused"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export type RecordResult = { index: number; sourceId: string | null; outcome: Outcome; reason?: string };
export type BatchCounts = Record<Outcome, number>;

export function countOutcomes(results: readonly RecordResult[]): BatchCounts {
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const r of results) counts[r.outcome]++;
  return counts;
}

export type ParsedRecord<T> = { index: number; sourceId: string; record: T };

/** The id a record names, even when the rest of it is malformed, so its refusal can say which one it was. */
export function claimedSourceId(kind: IntegrationKind, raw: unknown): string | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (kind === "stock") return typeof r.sku === "string" && typeof r.locationId === "string" ? stockSourceId({ sku: r.sku.trim(), locationId: r.locationId.trim() }) : null;
  return typeof r.sourceId === "string" ? r.sourceId.trim().slice(0, 128) : null;
}

/** The first problem of a refused record, as a sentence naming the field ('lines.0.quantity: ...'). */
export function reasonOf(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return "Invalid record";
  return first.path.length ? `${first.path.join(".")}: ${first.message}` : first.message;
}

/**
 * Parses each record on its own: a malformed one becomes a refusal with its reason, the others go on. A
 * record whose id came earlier in the same batch is refused too (which of two versions should win is not
 * ours to guess).
 */
export function parseRecords<K extends IntegrationKind>(
  kind: K,
  raws: readonly unknown[],
  /** A check before the schema (e.g. text the database could not store whole): a reason refuses the record. */
  precheck: (raw: unknown) => string | null = () => null,
): { parsed: ParsedRecord<RecordOf<K>>[]; refused: RecordResult[] } {
  const schema = RECORD_SCHEMAS[kind] as unknown as z.ZodType<RecordOf<K>>;
  const parsed: ParsedRecord<RecordOf<K>>[] = [];
  const refused: RecordResult[] = [];
  const firstAt = new Map<string, number>();
  raws.forEach((raw, index) => {
    const problem = precheck(raw);
    if (problem) {
      refused.push({ index, sourceId: claimedSourceId(kind, raw), outcome: "refused", reason: problem });
      return;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      refused.push({ index, sourceId: claimedSourceId(kind, raw), outcome: "refused", reason: reasonOf(result.error) });
      return;
    }
    const id = kind === "stock" ? stockSourceId(result.data as StockRecord) : (result.data as { sourceId: string }).sourceId;
    const earlier = firstAt.get(id);
    if (earlier !== undefined) {
      refused.push({ index, sourceId: id, outcome: "refused", reason: `${id} appears twice in this batch (records ${earlier} and ${index})` });
      return;
    }
    firstAt.set(id, index);
    parsed.push({ index, sourceId: id, record: result.data });
  });
  return { parsed, refused };
}

/** The batch envelope: `{"orders": [...]}` for /api/integrations/orders, and so on. */
export function envelopeSchema(kind: IntegrationKind) {
  return z.object({ [kind]: z.array(z.unknown(), { message: `Expected {"${kind}": [...]}` }) }, { message: `Expected {"${kind}": [...]}` }).strict();
}
