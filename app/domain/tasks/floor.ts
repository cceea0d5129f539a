// Tasks for the people on the floor: a warehouse employee's picks and checks, a driver's deliveries; which
// kinds of task a viewer gets, what each opens, when it is done, and a driver's stops in route order.
import { hasGrant, type Grant, type GrantKey } from "~/domain/access/roles";
import { DELIVERY_ORDER_TYPES } from "~/domain/orders/constants";
import { SALES_ORDER_GRANTS } from "~/domain/pick-list/grants";
import { daysSinceOrder, statusKind, statusName, type OrderForTask, type TaskDraft, type TaskKind, type TaskPriority, type TaskType } from "./rules";

/**
 * Where an order stands on the floor, by its status: still to pick (the spec's Received and In Progress,
 * our Pending Assignment and Picking), picked and waiting to leave (Picked, Pending BL, Pickup Pending,
 * Waiting for Truck/Pick Up), on the truck (Out for Delivery, Shipped/Picked Up), closed (delivered,
 * released, complete, cancelled), or held (Pending Payment, VL, anything unknown: nobody on the floor acts).
 */
export type FloorStage = "to-pick" | "picked" | "on-truck" | "closed" | "held";

export function floorStage(status: string | null | undefined): FloorStage {
  const kind = statusKind(status);
  const name = statusName(status);
  if (kind === "cancelled" || kind === "closed") return "closed";
  if (kind === "received" || kind === "in-progress" || name === "picking" || name === "pending assignment") return "to-pick";
  if (kind === "waiting" || name === "picked" || name === "pending bl" || name === "pickup pending") return "picked";
  if (kind === "shipped" || name === "out for delivery") return "on-truck";
  return "held";
}

export function isDeliveryOrderType(orderType: string | null | undefined): boolean {
  return DELIVERY_ORDER_TYPES.includes((orderType ?? "").trim());
}

/** Spec 001 §4: the wizard's COD steps are for a payment status equal to 'cash on delivery', case-insensitive. */
export function isCashOnDelivery(paymentStatus: string | null | undefined): boolean {
  return (paymentStatus ?? "").trim().toLowerCase() === "cash on delivery";
}

/** An order with what the floor knows about it: the pick's completion, the handover capture, the delivery. */
export type FloorOrder = OrderForTask & {
  orderType: string;
  pickCompletedAt: string | null;
  captured: boolean;
  deliveryCompletedAt: string | null;
};

type FloorRule = { title: string; type: TaskType; priority: TaskPriority; message: string };

function draft(kind: TaskKind, order: FloorOrder, days: number, rule: FloorRule): TaskDraft {
  return {
    kind,
    orderId: order.id,
    orderNumber: order.orderNumber,
    title: rule.title,
    message: rule.message,
    type: rule.type,
    priority: rule.priority,
    category: "status_change",
    // Every floor task is work for its holder now: all of them are on the Urgent tab.
    actionable: true,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    customerName: order.customerName,
    salesRep: order.createdBy,
    orderDate: order.orderDate,
    daysSinceOrder: days,
  };
}

const forWhom = (o: OrderForTask) => (o.customerName ? ` for ${o.customerName}` : "");
/** Ends a sentence with one full stop ('… to Harbor Fish & Rice Co.' keeps its own). */
const stop = (text: string) => (text.endsWith(".") ? text : `${text}.`);
const ageText = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

/** The titles of the floor rules (with the office table's, each title names one kind of task). */
export const FLOOR_TITLES = {
  pick: ["Pick Order", "Overdue Pick"],
  check: ["Check and Capture"],
  delivery: ["Ready for Delivery", "Complete Delivery"],
} as const satisfies Record<Exclude<TaskKind, "order">, readonly string[]>;

/**
 * Assigned and not picked yet: low on the day it came in, medium the next day, 'Overdue Pick' and high
 * from two days (the warehouse picks same or next day).
 */
export function pickTask(order: FloorOrder, now: Date): TaskDraft | null {
  if (floorStage(order.orderStatus) !== "to-pick" || order.pickCompletedAt) return null;
  const days = daysSinceOrder(order.orderDate, now);
  const n = order.orderNumber;
  return days >= 2
    ? draft("pick", order, days, { title: "Overdue Pick", type: "warning", priority: "high", message: `Order ${n}${forWhom(order)} has waited ${ageText(days)} to be picked.` })
    : draft("pick", order, days, { title: "Pick Order", type: "info", priority: days >= 1 ? "medium" : "low", message: stop(`Pick order ${n}${forWhom(order)}`) });
}

/**
 * Picked (the pick was completed, or the status is past picking) and not handed over: check it against the
 * order and capture the signature. Medium from three days.
 */
export function checkTask(order: FloorOrder, now: Date): TaskDraft | null {
  if (order.captured) return null;
  const stage = floorStage(order.orderStatus);
  if (!(stage === "picked" || (stage === "to-pick" && order.pickCompletedAt))) return null;
  const days = daysSinceOrder(order.orderDate, now);
  return draft("check", order, days, {
    title: "Check and Capture",
    type: days >= 3 ? "warning" : "info",
    priority: days >= 3 ? "medium" : "low",
    message: `Order ${order.orderNumber}${forWhom(order)} is picked: check it against the order and capture the handover.`,
  });
}

/**
 * A delivery order not delivered yet: on the truck ('Complete Delivery', high: it is out now), or picked and
 * ready to load (low, medium from two days). A cash-on-delivery order says so, for viewers who see payment.
 */
export function deliveryTask(order: FloorOrder, now: Date, { payment = true }: { payment?: boolean } = {}): TaskDraft | null {
  if (!isDeliveryOrderType(order.orderType) || order.deliveryCompletedAt) return null;
  const stage = floorStage(order.orderStatus);
  if (stage !== "picked" && stage !== "on-truck") return null;
  const days = daysSinceOrder(order.orderDate, now);
  const cod = payment && isCashOnDelivery(order.paymentStatus) ? " Collect cash on delivery." : "";
  const who = order.customerName ? ` to ${order.customerName}` : "";
  return stage === "on-truck"
    ? draft("delivery", order, days, { title: "Complete Delivery", type: "warning", priority: "high", message: `${stop(`Deliver order ${order.orderNumber}${who}`)}${cod}` })
    : draft("delivery", order, days, {
        title: "Ready for Delivery",
        type: "info",
        priority: days >= 2 ? "medium" : "low",
        message: `Order ${order.orderNumber}${forWhom(order)} is ready to load for delivery.${cod}`,
      });
}

// ---------------------------------------------------------------- kinds, doors and done

/**
 * The grants of the screen a kind of task opens (`open`) and of the work it asks for (`act`). A viewer gets
 * a task only for an order inside both scopes, so every task opens for its holder. `check` opens Pick List
 * Check, whose policy (app/routes/_app.pick-list-check.tsx) is any of these three grants.
 */
export const TASK_KIND_GRANTS: Record<TaskKind, { open: readonly GrantKey[]; act: readonly GrantKey[] }> = {
  order: { open: ["orders:view"], act: ["orders:view"] },
  pick: { open: SALES_ORDER_GRANTS, act: ["picklists:pick"] },
  check: { open: ["picklists:pick", "picklists:print", "orders:view"], act: ["picklists:pick"] },
  delivery: { open: ["orders:view"], act: ["delivery:perform"] },
};

/**
 * The kinds of task of a viewer who does not see every order (office viewers, who do, share the spec's
 * table): pickers pick and check, drivers deliver; anyone else who sees orders gets the office rows for
 * the orders in their scope. Earlier kinds win when one order could give two tasks.
 */
export function floorTaskKinds(grants: readonly Grant[]): TaskKind[] {
  const kinds: TaskKind[] = [];
  if (hasGrant(grants, "picklists:pick")) kinds.push("pick", "check");
  if (hasGrant(grants, "delivery:perform")) kinds.push("delivery");
  if (!kinds.length && hasGrant(grants, "orders:view")) kinds.push("order");
  return kinds;
}

/** The task a floor viewer gets for one order: the first of their kinds that applies (one task per order). */
export function floorTask(order: FloorOrder, kinds: readonly TaskKind[], now: Date, opts: { payment: boolean }): TaskDraft | null {
  for (const kind of kinds) {
    const task =
      kind === "pick" ? pickTask(order, now) : kind === "check" ? checkTask(order, now) : kind === "delivery" ? deliveryTask(order, now, opts) : null;
    if (task) return task;
  }
  return null;
}

const KIND_BY_TITLE = new Map<string, TaskKind>(
  Object.entries(FLOOR_TITLES).flatMap(([kind, titles]) => titles.map((t) => [t, kind as TaskKind] as const)),
);

/** The kind of a stored task, from its title (every title belongs to one rule); office rows are 'order'. */
export function taskKindOf(title: string): TaskKind {
  return KIND_BY_TITLE.get(title) ?? "order";
}

/** Order Tracking searched by the order number (spec 000: clicking a task). */
export function orderTrackingHref(orderNumber: string): string {
  return `/order-tracking?searchBy=orderNumber&search=${encodeURIComponent(orderNumber)}`;
}

/** The order opened in Order Tracking (its '#order-{orderNumber}' entry; for drivers, the delivery wizard). */
export function orderOpenHref(orderNumber: string): string {
  return `/order-tracking#order-${encodeURIComponent(orderNumber)}`;
}

/** The screen a task opens. */
export function taskHref(kind: TaskKind, orderNumber: string): string {
  switch (kind) {
    case "pick":
      return `/pick-list?order=${encodeURIComponent(orderNumber)}`;
    case "check":
      return `/pick-list-check?order=${encodeURIComponent(orderNumber)}`;
    case "delivery":
      return orderOpenHref(orderNumber);
    case "order":
      return orderTrackingHref(orderNumber);
  }
}

/** An order's state now, to tell a listed task that was done since the list was built. */
export type TaskOrderState = { orderStatus: string; pickCompletedAt: string | null; captured: boolean; deliveryCompletedAt: string | null };

/** Done: the order closed (every kind), or the pick completed, the handover captured, the delivery made. */
export function isTaskDone(kind: TaskKind, state: TaskOrderState): boolean {
  const stage = floorStage(state.orderStatus);
  if (stage === "closed") return true;
  switch (kind) {
    case "pick":
      return !!state.pickCompletedAt || stage !== "to-pick";
    case "check":
      return state.captured || stage === "on-truck";
    case "delivery":
      return !!state.deliveryCompletedAt;
    case "order":
      return false;
  }
}

// ---------------------------------------------------------------- a driver's route

/** The five-digit ZIP of the address's last line that has one ('Flushing, NY 11354' → '11354'). */
export function postalCode(lines: readonly string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /\b(\d{5})(?:-\d{4})?\s*$/.exec(lines[i]!.trim());
    if (match) return match[1]!;
  }
  return null;
}

export type Stop = { orderNumber: string; warehouseLocation: string; addressLines: readonly string[] };

/**
 * Stops in route order. Orders carry no stop sequence yet, so the route goes out from each warehouse and
 * through the postal codes in turn (neighbouring ZIPs are neighbouring streets), then by street; stops
 * without an address come last. Stable for equal keys (order number).
 */
export function routeOrder<T extends Stop>(stops: readonly T[]): T[] {
  const key = (s: T) => {
    const zip = postalCode(s.addressLines);
    return [s.warehouseLocation, zip ?? "~", (s.addressLines[0] ?? "~").toLowerCase(), s.orderNumber] as const;
  };
  return stops
    .map((s) => ({ s, k: key(s) }))
    .sort((a, b) => {
      for (let i = 0; i < a.k.length; i++) {
        const c = a.k[i]! < b.k[i]! ? -1 : a.k[i]! > b.k[i]! ? 1 : 0;
        if (c) return c;
      }
      return 0;
    })
    .map(({ s }) => s);
}
