// Pure order status rules of spec 001 §4–§5: status options per type, the automated status, and
// the payment / trucking value checks. Client-safe; the server derives orderStatus with these.
import {
  DELIVERED_STATUSES,
  DELIVERY_ORDER_TYPES,
  PAID_VARIANTS,
  PAYMENT_FALLBACK,
  PENDING_PAYMENT_KINDS,
  UNSET_TRUCKING_VALUES,
} from "./constants";
import { isCancelledStatus, isDeliveredOrReleased as isTaskDeliveredOrReleased } from "~/domain/tasks/rules";

const COMMON_START = ["Pending Assignment", "Picking", "Picked"];
const COMMON_END = ["Cancelled"];

function typeSpecificStatuses(orderType: string): string[] {
  if (orderType === "Freight") return ["Pending BL", "Pickup Pending", "Delivered"];
  if (orderType === "Will Call") return ["Pickup Pending", "Complete"];
  if (DELIVERY_ORDER_TYPES.includes(orderType)) return ["Pickup Pending", "Out for Delivery", "Delivered/Complete"];
  return [];
}

/** The status choices for an order type; the current status is appended when it is not among them. */
export function statusOptions(orderType: string, current?: string): string[] {
  const options = [...COMMON_START, ...typeSpecificStatuses(orderType), ...COMMON_END];
  if (current && current.trim() && !options.includes(current)) options.push(current);
  return options;
}

function clean(value: string | null | undefined): string {
  return (value ?? "").trim();
}

/** Rule 1 of the automated status: delivered, released, shipped or on the truck — kept as is. */
export function isKeptStatus(status: string | null | undefined): boolean {
  return (DELIVERED_STATUSES as readonly string[]).includes(clean(status));
}

/**
 * Delivered or released (green rows, the 'Not Delivered' KPI): any status naming delivered or released,
 * and Will Call's final 'Complete'. 'Out for Delivery' is still open. Same test as the Task Center.
 */
export function isDeliveredOrReleased(status: string | null | undefined): boolean {
  return isTaskDeliveredOrReleased(status);
}

/** 'Cancelled' and the legacy 'CANCELLED'. */
export function isCancelled(status: string | null | undefined): boolean {
  return isCancelledStatus(status);
}

/** Still to be delivered: neither delivered/released nor cancelled (the 'Not Delivered' KPI). */
export function isOpenOrder(status: string | null | undefined): boolean {
  return !isDeliveredOrReleased(status) && !isCancelled(status);
}

/** Empty or the 'N/A' fallback. */
export function isPaymentUnset(value: string | null | undefined): boolean {
  const v = clean(value);
  return v === "" || v.toLowerCase() === PAYMENT_FALLBACK.toLowerCase();
}

/** 'Paid' or one of its variants ('Paid: Zelle', ...). */
export function isPaidValue(payment: string | null | undefined): boolean {
  const v = clean(payment);
  return v === "Paid" || (PAID_VARIANTS as readonly string[]).includes(v) || /^paid:\s*\S/i.test(v);
}

/** Unset or one of the pending kinds (case-insensitive): the order cannot move on to picking. */
export function isPaymentIssue(payment: string | null | undefined): boolean {
  if (isPaymentUnset(payment)) return true;
  return (PENDING_PAYMENT_KINDS as readonly string[]).includes(clean(payment).toLowerCase());
}

/** n/a, not set, none, not applicable and blank become ''; anything else is trimmed. */
export function normalizeTrucking(value: string | null | undefined): string {
  const v = clean(value);
  return (UNSET_TRUCKING_VALUES as readonly string[]).includes(v.toLowerCase()) ? "" : v;
}

export type AutomatedStatusInput = {
  orderStatus?: string | null;
  paymentStatus?: string | null;
  warehouseAssignment?: readonly string[] | null;
};

/** Spec 001 §4 "Automated status", rules 1–4 in order. */
export function automatedStatus({ orderStatus, paymentStatus, warehouseAssignment }: AutomatedStatusInput): string {
  if (isKeptStatus(orderStatus)) return clean(orderStatus);
  if (isPaymentIssue(paymentStatus)) return "Pending Payment";
  if ((warehouseAssignment ?? []).some((label) => clean(label) !== "")) return "Picking";
  return "Pending Assignment";
}

/** Where a status sits in an order's pipeline (spec 001 §4 status options, in order); integrations/orders.ts ranks on it. */
export const PIPELINE_RANK: Readonly<Record<string, number>> = {
  "Pending Payment": 0,
  "Pending Assignment": 1,
  Picking: 2,
  Picked: 3,
  "Pending BL": 4,
  "Pickup Pending": 5,
};

function pipelineRank(orderType: string, status: string): number | null {
  const s = clean(status);
  if (!(s in PIPELINE_RANK)) return null;
  if (s !== "Pending Payment" && !statusOptions(orderType).includes(s)) return null;
  return PIPELINE_RANK[s]!;
}

function hasAssignment(labels: readonly string[] | null | undefined): boolean {
  return (labels ?? []).some((label) => clean(label) !== "");
}

export type StatusEditInput = {
  /** The order as saved before the edit. */
  before: { orderStatus?: string | null; paymentStatus?: string | null; warehouseAssignment?: readonly string[] | null };
  /** The order as the edit leaves it. */
  after: { orderType: string; paymentStatus?: string | null; warehouseAssignment?: readonly string[] | null };
};

/**
 * The status an edit stores (decision 018). The spec's rules (automatedStatus) decide, except that an
 * edit never moves the order backwards in its type's pipeline unless it changed what the status depends
 * on: payment turned into a pending kind, or every assignment removed. So a note saved on a Picked,
 * Pending BL or Pickup Pending order keeps its status; Will Call's 'Complete' and 'Cancelled' are kept like
 * the delivered statuses.
 */
export function statusAfterEdit({ before, after }: StatusEditInput): string {
  const current = clean(before.orderStatus);
  if (isKeptStatus(current) || isDeliveredOrReleased(current) || isCancelled(current)) return current;
  const derived = automatedStatus({ orderStatus: current, paymentStatus: after.paymentStatus, warehouseAssignment: after.warehouseAssignment });
  const paymentTurnedPending = isPaymentIssue(after.paymentStatus) && !isPaymentIssue(before.paymentStatus);
  const assignmentsRemoved = !hasAssignment(after.warehouseAssignment) && hasAssignment(before.warehouseAssignment);
  if (paymentTurnedPending || assignmentsRemoved) return derived;
  const currentRank = pipelineRank(after.orderType, current);
  const derivedRank = pipelineRank(after.orderType, derived);
  if (currentRank !== null && derivedRank !== null && currentRank > derivedRank) return current;
  return derived;
}
