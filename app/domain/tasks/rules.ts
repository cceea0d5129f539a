// Task generation from orders (spec 000 section 4, 'Task generation'): one task per open order, by status and age.

export type TaskType = "error" | "warning" | "success" | "info";
export type TaskPriority = "high" | "medium" | "low";
export type TaskCategory = "system" | "payment_issue" | "status_change";

export type OrderForTask = {
  id: number;
  orderNumber: string;
  orderStatus: string;
  paymentStatus: string;
  customerName: string;
  orderDate: string;
  createdBy: string;
};

/**
 * What a task asks of its holder, and so which screen it opens: an office follow-up of the spec's table
 * ('order', Order Tracking), a pick ('pick', the picking screen), a picked order to check and hand over
 * ('check', Pick List Check), or a delivery ('delivery', the order in Order Tracking, which opens the wizard).
 */
export type TaskKind = "order" | "pick" | "check" | "delivery";

export type TaskDraft = {
  kind: TaskKind;
  orderId: number;
  orderNumber: string;
  title: string;
  message: string;
  type: TaskType;
  priority: TaskPriority;
  category: TaskCategory;
  actionable: boolean;
  orderStatus: string;
  paymentStatus: string;
  customerName: string;
  salesRep: string;
  orderDate: string;
  daysSinceOrder: number;
};

export type StatusKind = "received" | "in-progress" | "waiting" | "shipped" | "closed" | "cancelled" | "other";

/** Payment statuses the spec treats as issues, compared case-insensitively. */
export const PAYMENT_ISSUE_STATUSES = ["CANCELLED", "HOLD", "Waiting for Payment", "New Customer- Check Pending"] as const;

const DAY_MS = 86_400_000;

const names = new Map<string, string>();

/** '5. Received' → 'received', '01. Released' → 'released': the numbered prefix is presentation only. */
export function statusName(status: string | null | undefined): string {
  const raw = status ?? "";
  let name = names.get(raw);
  if (name === undefined) {
    name = raw
      .trim()
      .replace(/^\d+\.\s*/, "")
      .replace(/\s+/g, " ")
      .toLowerCase();
    // Orders use a handful of statuses: remember them (bounded, so odd input cannot grow it without end).
    if (names.size < 1_000) names.set(raw, name);
  }
  return name;
}

export function isCancelledStatus(status: string | null | undefined): boolean {
  const name = statusName(status);
  return name === "cancelled" || name === "canceled";
}

/**
 * Delivered or released: 'Order Delivered', '1. Delivered/Released', '01. Released', 'Delivered',
 * 'Delivered/Complete'. Will Call's final 'Complete' (spec 001) means picked up, so it counts as released.
 * 'Out for Delivery' is still open.
 */
export function isDeliveredOrReleased(status: string | null | undefined): boolean {
  const name = statusName(status);
  // Substring tests, the same as the SQL pre-filter in app/services/tasks.server.ts.
  return name.includes("delivered") || name.includes("released") || name === "complete" || name === "completed";
}

export function statusKind(status: string | null | undefined): StatusKind {
  const name = statusName(status);
  if (isCancelledStatus(status)) return "cancelled";
  if (isDeliveredOrReleased(status)) return "closed";
  if (name === "received") return "received";
  if (name === "in progress") return "in-progress";
  if (name.startsWith("waiting for truck")) return "waiting";
  if (name.startsWith("shipped")) return "shipped";
  return "other";
}

export function isPaymentIssue(paymentStatus: string | null | undefined): boolean {
  const value = (paymentStatus ?? "").trim().toLowerCase();
  return PAYMENT_ISSUE_STATUSES.some((s) => s.toLowerCase() === value);
}

/** Whole days since the order date, never negative (an order dated tomorrow is 0 days old). */
export function daysSinceOrder(orderDate: string, now: Date): number {
  const at = Date.parse(orderDate);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.floor((now.getTime() - at) / DAY_MS));
}

type Rule = Pick<TaskDraft, "title" | "type" | "priority" | "actionable" | "category"> & { message: string };

// Cells the spec leaves blank (type below the warning threshold, priority below the first step) are
// ours: the plain title is 'info', the escalated title 'warning'; priority starts at 'low'.
function statusRule(kind: StatusKind, days: number, order: OrderForTask): Rule {
  const n = order.orderNumber;
  const who = order.customerName ? ` for ${order.customerName}` : "";
  const age = `${days} day${days === 1 ? "" : "s"}`;
  const category: TaskCategory = "status_change";
  switch (kind) {
    case "received":
      return days >= 5
        ? { category, title: "Urgent: Process Order", type: "warning", priority: days >= 10 ? "high" : "medium", actionable: true,
            message: `Order ${n}${who} was received ${age} ago and has not been processed.` }
        : { category, title: "Ready to Process", type: "info", priority: "low", actionable: true,
            message: `Order ${n}${who} is ready to be processed.` };
    case "in-progress":
      return days >= 7
        ? { category, title: "Long Processing Time", type: "warning", priority: days >= 10 ? "high" : "medium", actionable: true,
            message: `Order ${n}${who} has been in progress for ${age}.` }
        : { category, title: "In Progress", type: "info", priority: "low", actionable: false,
            message: `Order ${n}${who} is being processed.` };
    case "waiting":
      return days >= 7
        ? { category, title: "Delayed Pickup", type: "warning", priority: days >= 14 ? "high" : "medium", actionable: true,
            message: `Order ${n}${who} has been waiting for truck or pick up for ${age}.` }
        : { category, title: "Awaiting Pickup", type: "info", priority: "low", actionable: false,
            message: `Order ${n}${who} is waiting for truck or pick up.` };
    case "shipped":
      return days >= 5
        ? { category, title: "Confirm Delivery", type: "warning", priority: "medium", actionable: true,
            message: `Order ${n}${who} shipped ${age} after ordering; confirm it was delivered.` }
        : { category, title: "Shipped", type: "info", priority: "low", actionable: false,
            message: `Order ${n}${who} has shipped or been picked up.` };
    default:
      return days >= 3
        ? { category, title: "Needs Attention", type: "warning", priority: days >= 7 ? "medium" : "low", actionable: true,
            message: `Order ${n}${who} has been "${order.orderStatus || "Pending"}" for ${age}.` }
        : { category, title: "Pending", type: "info", priority: "low", actionable: false,
            message: `Order ${n}${who} is pending (${order.orderStatus || "no status"}).` };
  }
}

/**
 * The task for one order, or null: cancelled, delivered and released orders produce none. A payment
 * issue takes precedence over the status rows (one task per order, so its read state can be kept).
 * `payment: false` builds the list of a viewer who may not see payment (decision 010): the order's
 * status row instead, never a payment task.
 */
export function buildTask(order: OrderForTask, now: Date, { payment = true }: { payment?: boolean } = {}): TaskDraft | null {
  const kind = statusKind(order.orderStatus);
  if (kind === "cancelled" || kind === "closed") return null;
  const days = daysSinceOrder(order.orderDate, now);
  const rule: Rule = payment && isPaymentIssue(order.paymentStatus)
    ? {
        title: "Payment Issue - Action Required",
        type: "error",
        priority: days >= 7 ? "high" : "medium",
        category: "payment_issue",
        actionable: true,
        message: `Order ${order.orderNumber}${order.customerName ? ` for ${order.customerName}` : ""} has payment status "${order.paymentStatus}".`,
      }
    : statusRule(kind, days, order);
  return {
    kind: "order",
    orderId: order.id,
    orderNumber: order.orderNumber,
    ...rule,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    customerName: order.customerName,
    salesRep: order.createdBy,
    orderDate: order.orderDate,
    daysSinceOrder: days,
  };
}

export function buildTasks(orders: readonly OrderForTask[], now: Date): TaskDraft[] {
  const out: TaskDraft[] = [];
  for (const order of orders) {
    const task = buildTask(order, now);
    if (task) out.push(task);
  }
  return out;
}
