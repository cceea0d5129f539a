// What a resent order may change (issue 21), as pure rules: the status never slides back (decision 018), the
// lines of an order the floor has picked, delivered or captured stay as the floor worked them, and where it
// went stays as it was delivered. planOrder says, for one record against the stored order, what to write or
// why the record is refused. Client-safe; tests/unit/integrations-rules.test.ts holds the tables.
import type { AuditChange } from "../../../db/schema";
import { automatedStatus, isCancelled, isDeliveredOrReleased, isKeptStatus, PIPELINE_RANK, statusAfterEdit, statusOptions } from "~/domain/orders/status";
import type { OrderLineRecord, OrderRecord } from "./records";

/** What the floor has recorded on an order: a pick saved or completed, a delivery done or started, a dock capture. */
export type FloorRecord = { picked: boolean; delivered: boolean; captured: boolean };

/** The order fields the company's system owns. Assignment, trucking and notes are the office's (never sent). */
export type SourceOrderFields = {
  orderNumber: string;
  orderDate: string;
  customerName: string;
  customerEmail: string | null;
  createdBy: string;
  orderType: string;
  warehouseLocation: string;
  paymentStatus: string;
  orderStatus: string;
  addressLines: string[];
  totalCents: number;
};
export const SOURCE_ORDER_FIELDS = [
  "orderNumber",
  "orderDate",
  "customerName",
  "customerEmail",
  "createdBy",
  "orderType",
  "warehouseLocation",
  "paymentStatus",
  "orderStatus",
  "addressLines",
  "totalCents",
] as const satisfies readonly (keyof SourceOrderFields)[];

export type StoredOrder = SourceOrderFields & { warehouseAssignment: string[] };

export type StoredLine = { lineItemId: string; productId: string; sku: string; description: string; quantity: number; unitPriceCents: number; position: number };
export type LineValues = StoredLine;

// ---------------------------------------------------------------- status

/**
 * Where a status sits, from first to last: the pipeline an edit ranks on, then Out for Delivery (a system may
 * send it); delivered-like statuses share the last place. Cancelled is apart.
 */
const STAGES: Record<string, number> = { ...PIPELINE_RANK, "Out for Delivery": 6 };
const DONE = 7;

export function statusStage(status: string): number | null {
  const s = status.trim();
  if (s in STAGES) return STAGES[s]!;
  if (isDeliveredOrReleased(s) || isKeptStatus(s)) return DONE;
  return null;
}

/**
 * Why a status the system sends may not replace the stored one, or null. Forward moves and cancelling an open
 * order are fine; a cancelled order stays cancelled, a delivered one cannot be cancelled, and nothing moves
 * back (a status this product does not know is not ranked, so it neither blocks nor is blocked).
 */
export function statusMoveRefusal(current: string, next: string): string | null {
  if (current.trim() === next.trim()) return null;
  if (isCancelled(current)) return `The order is cancelled; its status cannot change to '${next}'`;
  const from = statusStage(current);
  if (isCancelled(next)) return from === DONE ? `The order is '${current}'; a delivered order cannot be cancelled` : null;
  const to = statusStage(next);
  if (from !== null && to !== null && to < from) return `The status cannot move back from '${current}' to '${next}'`;
  return null;
}

/**
 * Why a status the system sends cannot be an order's, or null: it must be one of the order type's statuses
 * (spec 001 §4) or 'Pending Payment', unless it is the status the order already has (legacy values stay).
 */
export function orderStatusProblem(orderType: string, status: string | undefined, current?: string): string | null {
  if (status === undefined || status === current || status === "Pending Payment") return null;
  return statusOptions(orderType).includes(status) ? null : `orderStatus: '${status}' is not a status of a ${orderType} order`;
}

// ---------------------------------------------------------------- lines

export function lineValues(lines: readonly OrderLineRecord[]): LineValues[] {
  return lines.map((l, position) => ({
    lineItemId: l.sourceId,
    productId: l.productId ?? "",
    sku: l.sku,
    description: l.description,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    position,
  }));
}

export type LinePlan = {
  /** Lines to insert or update (new ones and those whose values differ). */
  upsert: LineValues[];
  /** Line ids that are no longer on the order. */
  remove: string[];
  /** What the floor works from changed: a line added or removed, or a line's SKU or quantity. */
  pickedChange: string | null;
};

function lineText(l: Pick<StoredLine, "lineItemId" | "sku" | "quantity">): string {
  return `${l.quantity} × ${l.sku} (${l.lineItemId})`;
}

export function planLines(stored: readonly StoredLine[], incoming: readonly LineValues[]): LinePlan {
  const before = new Map(stored.map((l) => [l.lineItemId, l]));
  const after = new Set(incoming.map((l) => l.lineItemId));
  const upsert: LineValues[] = [];
  let pickedChange: string | null = null;
  for (const line of incoming) {
    const old = before.get(line.lineItemId);
    if (!old) {
      pickedChange ??= `line ${line.lineItemId} would be added`;
      upsert.push(line);
      continue;
    }
    if (old.sku !== line.sku || old.quantity !== line.quantity) pickedChange ??= `line ${line.lineItemId} would change from ${lineText(old)} to ${lineText(line)}`;
    if (
      old.sku !== line.sku ||
      old.quantity !== line.quantity ||
      old.description !== line.description ||
      old.unitPriceCents !== line.unitPriceCents ||
      old.productId !== line.productId ||
      old.position !== line.position
    ) {
      upsert.push(line);
    }
  }
  const remove = stored.filter((l) => !after.has(l.lineItemId)).map((l) => l.lineItemId);
  if (remove.length) pickedChange ??= `line ${remove[0]} would be removed`;
  return { upsert, remove, pickedChange };
}

/** The lines as one audit value: what was ordered, never prices (a warehouse viewer reads order history). */
export function linesAuditValue(lines: readonly Pick<StoredLine, "lineItemId" | "sku" | "quantity">[]): string[] {
  return lines.map(lineText);
}

// ---------------------------------------------------------------- one record against the stored order

export function sourceFields(record: OrderRecord, status: string): SourceOrderFields {
  return {
    orderNumber: record.orderNumber,
    orderDate: record.orderDate,
    customerName: record.customerName,
    customerEmail: record.customerEmail ?? null,
    createdBy: record.salesRep,
    orderType: record.orderType,
    warehouseLocation: record.warehouseLocation,
    paymentStatus: record.paymentStatus,
    orderStatus: status,
    addressLines: record.addressLines,
    totalCents: record.totalCents ?? record.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
  };
}

/** A new order: the status the system sent, or the spec's automated status (nobody is assigned yet). */
export function newOrderFields(record: OrderRecord): SourceOrderFields {
  return sourceFields(record, record.orderStatus ?? automatedStatus({ paymentStatus: record.paymentStatus, warehouseAssignment: [] }));
}

export type OrderPlan =
  | { kind: "refused"; reason: string }
  | { kind: "unchanged" }
  | { kind: "updated"; fields: Partial<SourceOrderFields>; lines: LinePlan; changes: AuditChange[] };

/** Changing these after the floor delivered or captured the order would rewrite where and what it handed over. */
const DELIVERED_FIELDS = ["orderType", "warehouseLocation", "addressLines"] as const;

/**
 * What a record does to the stored order: nothing, an update (fields, lines and the audit changes), or a
 * refusal with the reason. The status is the one sent (if it does not move back) or, when none is sent, what
 * an edit would store (statusAfterEdit, decision 018).
 */
export function planOrder(stored: StoredOrder, storedLines: readonly StoredLine[], floor: FloorRecord, record: OrderRecord): OrderPlan {
  if (record.orderNumber !== stored.orderNumber) {
    return { kind: "refused", reason: `The order number cannot change (it is ${stored.orderNumber}): picks, documents and history refer to it` };
  }
  const problem = orderStatusProblem(record.orderType, record.orderStatus, stored.orderStatus);
  if (problem) return { kind: "refused", reason: problem };
  let status: string;
  if (record.orderStatus !== undefined) {
    const refusal = statusMoveRefusal(stored.orderStatus, record.orderStatus);
    if (refusal) return { kind: "refused", reason: refusal };
    status = record.orderStatus;
  } else {
    status = statusAfterEdit({
      before: stored,
      after: { orderType: record.orderType, paymentStatus: record.paymentStatus, warehouseAssignment: stored.warehouseAssignment },
    });
  }
  const next = sourceFields(record, status);
  const lines = planLines(storedLines, lineValues(record.lines));
  if (lines.pickedChange && (floor.picked || floor.delivered || floor.captured)) {
    const what = floor.delivered ? "delivery" : floor.captured ? "dock capture" : "picks";
    return { kind: "refused", reason: `The floor has recorded ${what} for this order, so its lines cannot change: ${lines.pickedChange}` };
  }
  const changes: AuditChange[] = [];
  const fields: Partial<SourceOrderFields> = {};
  for (const field of SOURCE_ORDER_FIELDS) {
    if (JSON.stringify(stored[field]) === JSON.stringify(next[field])) continue;
    if ((floor.delivered || floor.captured) && (DELIVERED_FIELDS as readonly string[]).includes(field)) {
      const what = floor.delivered ? "a delivery" : "a dock capture";
      return { kind: "refused", reason: `The floor has recorded ${what} for this order, so ${field} cannot change` };
    }
    (fields as Record<string, unknown>)[field] = next[field];
    changes.push({ field, before: stored[field], after: next[field] });
  }
  if (lines.pickedChange) {
    changes.push({ field: "lines", before: linesAuditValue(storedLines), after: linesAuditValue(lineValues(record.lines)) });
  } else if (lines.upsert.length) {
    // Only descriptions, prices or the order of lines: named, not valued (prices are hidden from some viewers).
    changes.push({ field: "lineDetails", before: null, after: lines.upsert.map((l) => l.lineItemId) });
  }
  if (!changes.length) return { kind: "unchanged" };
  return { kind: "updated", fields, lines, changes };
}

/** The audit changes of a new order: one entry per field, so order history can hide what a viewer may not see. */
export function creationChanges(fields: SourceOrderFields, lines: readonly LineValues[]): AuditChange[] {
  const changes: AuditChange[] = SOURCE_ORDER_FIELDS.map((field) => ({ field, before: null, after: fields[field] }));
  changes.push({ field: "lines", before: null, after: linesAuditValue(lines) });
  return changes;
}
