// The seeded orders: ~2,000 by default (100,000 for benchmarks) over the last 60 days, every status, order type and
// payment status, with lines and a few audited edits; generated and written in rounds.
import { DELIVERY_ORDER_TYPES, ORDER_TYPES, PAID_VARIANTS } from "../../app/domain/orders/constants";
import * as s from "../schema";
import {
  CUSTOMERS,
  LOCATIONS,
  ORDER_NOTES,
  ORDER_STATUSES,
  OTHER_TRUCKING,
  PAYMENT_STATUSES,
  PENDING_PAYMENTS,
  PRODUCTS,
  REGION_LOCATIONS,
  REGION_ORDER_TYPES,
  STATUS_GROUPS,
  TRUCKING_COMPANIES,
  TYPE_ONLY_STATUSES,
  WAREHOUSE_WORKERS,
  type Region,
  type SeedCustomer,
} from "../seed-data";
import { LOGISTICS, SALES_REPS } from "./accounts";
import { createRandom, type Random } from "./random";
import { DAY_MS, MINUTE_MS, addressLines, customerEmail, imageSet, iso, isoDate, mapsUrl, productId } from "./values";
import type { Insert } from "./writer";

/** Orders generated and written per round, so 100,000 orders never sit in memory at once. */
const ORDERS_PER_ROUND = 5_000;
const MAX_AUDITED_ORDERS = 16;

/**
 * Places each required value at an evenly spaced order position, so even a small seed holds every status,
 * type and payment status. `taken` keeps the lists off each other's positions (a forced status may
 * dictate the order type, which would hide a forced type on the same order).
 */
function spreadPositions<T>(values: readonly T[], n: number, taken: Set<number>): Map<number, T> {
  const positions = new Map<number, T>();
  values.forEach((value, k) => {
    if (taken.size >= n) return;
    let p = Math.floor((k * n) / values.length);
    while (taken.has(p)) p = (p + 1) % n;
    taken.add(p);
    positions.set(p, value);
  });
  return positions;
}

type OrderRow = typeof s.orders.$inferInsert;
type LineRow = typeof s.orderLines.$inferInsert;
type AuditRow = typeof s.auditEvents.$inferInsert;
/** Closed orders the returns can point back at. */
export type ReturnCandidate = { orderNumber: string; customer: SeedCustomer; location: string; skus: string[]; createdMs: number };

const typeFits = (status: string, type: string) => TYPE_ONLY_STATUSES[status]?.(type) ?? true;
const isDeliveryType = (type: string) => DELIVERY_ORDER_TYPES.includes(type);
const CLOSED = new Set<string>(STATUS_GROUPS.closed);
const CANCELLED = new Set<string>(STATUS_GROUPS.cancelled);
const UNASSIGNED = new Set(["Pending Assignment", "Pending Payment"]);

const CUSTOMER_WEIGHTS = CUSTOMERS.map((c) => [c, c.region === "NYNJ" ? 2 : 1] as const);
const CUSTOMERS_BY_TYPE = new Map(
  ORDER_TYPES.map((t) => [t, CUSTOMERS.filter((c) => REGION_ORDER_TYPES[c.region].some(([rt]) => rt === t))])
);
const WORKERS_AT = new Map<string, string[]>(
  LOCATIONS.map((l) => [l.id, WAREHOUSE_WORKERS.filter((w) => w.active && w.locationIds[0] === l.id).map((w) => w.name)])
);

function statusGroupWeights(daysAgo: number): [keyof typeof STATUS_GROUPS, number][] {
  if (daysAgo <= 1)
    return [
      ["early", 0.6],
      ["late", 0.36],
      ["cancelled", 0.04],
    ];
  if (daysAgo <= 6)
    return [
      ["early", 0.3],
      ["late", 0.4],
      ["closed", 0.26],
      ["cancelled", 0.04],
    ];
  if (daysAgo <= 20)
    return [
      ["early", 0.08],
      ["late", 0.18],
      ["closed", 0.7],
      ["cancelled", 0.04],
    ];
  return [
    ["early", 0.03],
    ["late", 0.05],
    ["closed", 0.88],
    ["cancelled", 0.04],
  ];
}

function paymentFor(rng: Random, status: string): string {
  if (CANCELLED.has(status) && rng.chance(0.9)) return rng.chance(0.75) ? "Cancelled" : "CANCELLED";
  if (status === "Pending Payment") return rng.pick(PENDING_PAYMENTS);
  return rng.weighted<string>([
    ...PAID_VARIANTS.map((p) => [p, 0.07] as const),
    ["Net 30", 0.18],
    ["Invoice-To-Invoice", 0.12],
    ["Cash On Delivery", 0.12],
    ["Payment Pending", 0.1],
    ["HOLD", 0.03],
    ["Waiting for Payment", 0.03],
    ["New Customer- Check Pending", 0.03],
    ["N/A", 0.02],
    ["CANCELLED", 0.01],
  ]);
}

function truckingFor(rng: Random, type: string, early: boolean): string {
  if (early && rng.chance(0.5)) return "";
  if (type === "Will Call") return rng.chance(0.85) ? "Will Call" : "";
  if (isDeliveryType(type))
    return rng.weighted([
      ["Delivery Order", 0.7],
      ["", 0.25],
      ["N/A", 0.05],
    ]);
  return rng.weighted<string>([
    [rng.pick(TRUCKING_COMPANIES), 0.7],
    [rng.pick(OTHER_TRUCKING), 0.1],
    ["", 0.2],
  ]);
}

/** Worker labels: mostly the location's own pickers, Wendy on most NY-MAIN orders, sometimes 'ALL'. */
function assignmentFor(rng: Random, status: string, location: string): string[] {
  if (UNASSIGNED.has(status)) return [];
  if (status === "5. Received" && rng.chance(0.5)) return [];
  const r = rng.next();
  if (r < 0.05) return ["ALL"];
  if (r < 0.09) return [];
  const local = WORKERS_AT.get(location) ?? [];
  const wendyChance = location === "NY-MAIN" ? 0.7 : 0.1;
  const first = rng.chance(wendyChance) ? "Wendy Warehouse" : rng.pick(local.filter((n) => n !== "Wendy Warehouse"));
  const second = rng.chance(0.2) ? rng.pick(local.filter((n) => n !== first)) : undefined;
  return second ? [first, second] : [first];
}

type OrderContext = {
  n: number;
  nowMs: number;
  todayMs: number;
  forcedStatus: Map<number, string>;
  forcedType: Map<number, string>;
  forcedPayment: Map<number, string>;
  productOrder: number[];
  auditedOrders: number;
};

function buildOrder(rng: Random, ctx: OrderContext, index: number) {
  const { n, nowMs, todayMs } = ctx;
  const id = index + 1;
  const orderNumber = `SO-${100001 + index}`;
  // Dates climb with the order number; the last few orders (at least five) are dated today.
  const fromEnd = n - 1 - index;
  const daysAgo = fromEnd < 5 ? 0 : Math.min(59, Math.floor((fromEnd * 60) / n));
  const dayStart = todayMs - daysAgo * DAY_MS;
  const createdMs =
    daysAgo === 0
      ? nowMs - Math.floor(rng.next() * Math.min(nowMs - todayMs, 10 * 60 * MINUTE_MS))
      : dayStart + 12 * 60 * MINUTE_MS + Math.floor(rng.next() * 11 * 60) * MINUTE_MS;

  const forcedStatus = ctx.forcedStatus.get(index);
  let type: string | undefined = ctx.forcedType.get(index);
  if (forcedStatus && (!type || !typeFits(forcedStatus, type))) type = rng.pick(ORDER_TYPES.filter((t) => typeFits(forcedStatus, t)));
  const customer = type ? rng.pick(CUSTOMERS_BY_TYPE.get(type as (typeof ORDER_TYPES)[number])!) : rng.weighted(CUSTOMER_WEIGHTS);
  const orderType: string = type ?? rng.weighted(REGION_ORDER_TYPES[customer.region]);
  const group = rng.weighted(statusGroupWeights(daysAgo));
  const orderStatus = forcedStatus ?? rng.pick(STATUS_GROUPS[group].filter((st) => typeFits(st, orderType)));
  const paymentStatus = ctx.forcedPayment.get(index) ?? paymentFor(rng, orderStatus);
  const warehouseLocation = rng.weighted(REGION_LOCATIONS[customer.region as Region]);
  const early = (STATUS_GROUPS.early as readonly string[]).includes(orderStatus);
  const lines = addressLines(customer);

  let updatedMs = Math.min(nowMs, createdMs + Math.floor(rng.next() * Math.min(3, daysAgo + 0.2) * DAY_MS));
  const delivered = CLOSED.has(orderStatus) && isDeliveryType(orderType);
  const deliveredMs = delivered
    ? Math.min(nowMs, createdMs + rng.int(1, Math.max(1, Math.min(3, daysAgo))) * DAY_MS + rng.int(0, 300) * MINUTE_MS)
    : null;
  if (deliveredMs) updatedMs = Math.max(updatedMs, deliveredMs);

  const orderLines: LineRow[] = [];
  const lineCount = 1 + Math.floor(Math.pow(rng.next(), 1.6) * 12);
  const pool = ctx.productOrder;
  let totalCents = 0;
  for (let k = 0; k < lineCount; k++) {
    // A partial Fisher–Yates over a shared permutation: k distinct products without allocating.
    const j = k + Math.floor(rng.next() * (pool.length - k));
    [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    const p = pool[k]!;
    const product = PRODUCTS[p]!;
    const quantity = product.bulk ? 2 + Math.floor(Math.pow(rng.next(), 2) * 78) : 1 + Math.floor(Math.pow(rng.next(), 2) * 24);
    totalCents += quantity * product.priceCents;
    orderLines.push({
      orderId: id,
      lineItemId: `LI-${id}-${k + 1}`,
      productId: productId(p),
      sku: product.sku,
      description: product.description,
      quantity,
      unitPriceCents: product.priceCents,
      images: product.image ? [imageSet(product.sku)] : [],
      position: k,
    });
  }

  const order: OrderRow = {
    id,
    orderNumber,
    customerName: customer.name,
    customerEmail: customerEmail(customer),
    createdBy: rng.weighted(SALES_REPS.map((a, i) => [a.name, i === 0 ? 0.55 : 0.45] as const)),
    paymentStatus,
    orderStatus,
    orderType,
    truckingCompany: truckingFor(rng, orderType, early),
    warehouseLocation,
    warehouseAssignment: assignmentFor(rng, orderStatus, warehouseLocation),
    notes: rng.chance(0.2) ? rng.pick(ORDER_NOTES) : "",
    orderDate: isoDate(dayStart),
    addressLines: lines,
    mapsUrl: mapsUrl(lines),
    hasDeliveryOrder: delivered,
    deliveryCompletedAt: deliveredMs ? iso(deliveredMs) : null,
    totalCents,
    lastUpdatedAt: early && updatedMs === createdMs ? null : iso(updatedMs),
    createdAt: iso(createdMs),
    updatedAt: iso(updatedMs),
    version: 1,
  };
  return { order, lines: orderLines, daysAgo, createdMs, customer };
}

/** A couple of edits on a recent order, consistent with its current values, so history and activity have content. */
function auditFor(rng: Random, order: OrderRow, createdMs: number, nowMs: number, userIds: Map<string, number>): AuditRow[] {
  const rep = SALES_REPS.find((a) => a.name === order.createdBy) ?? SALES_REPS[0]!;
  const events: AuditRow[] = [];
  const firstMs = Math.min(nowMs, createdMs + rng.int(10, 120) * MINUTE_MS);
  const first: s.AuditChange[] = [];
  if (order.paymentStatus !== "N/A") first.push({ field: "paymentStatus", before: "N/A", after: order.paymentStatus });
  if (order.warehouseAssignment?.length) first.push({ field: "warehouseAssignment", before: [], after: order.warehouseAssignment });
  // The first edit assigns pickers, so a finished order's status at that point was still 'Picking'.
  const statusThen = CLOSED.has(order.orderStatus!) ? "Picking" : order.orderStatus;
  if (statusThen !== "Pending Assignment") first.push({ field: "orderStatus", before: "Pending Assignment", after: statusThen });
  if (first.length) {
    events.push({
      at: iso(firstMs),
      actorId: userIds.get(rep.email) ?? null,
      actorEmail: rep.email,
      actorName: rep.name,
      entityType: "order",
      entityId: order.orderNumber,
      action: "update",
      changes: first,
    });
  }
  const second: s.AuditChange[] = [];
  if (order.truckingCompany) second.push({ field: "truckingCompany", before: "", after: order.truckingCompany });
  if (order.notes) second.push({ field: "notes", before: "", after: order.notes });
  if (second.length) {
    const at = Math.min(nowMs, firstMs + rng.int(30, 240) * MINUTE_MS);
    events.push({
      at: iso(at),
      actorId: userIds.get(LOGISTICS.email) ?? null,
      actorEmail: LOGISTICS.email,
      actorName: LOGISTICS.name,
      entityType: "order",
      entityId: order.orderNumber,
      action: "update",
      changes: second,
    });
  }
  return events;
}

export async function seedOrders(insert: Insert, n: number, nowMs: number, userIds: Map<string, number>, log: (s: string) => void) {
  const rng = createRandom(0x5eed0001);
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const taken = new Set<number>();
  const ctx: OrderContext = {
    n,
    nowMs,
    todayMs,
    forcedStatus: spreadPositions(ORDER_STATUSES, n, taken),
    forcedType: spreadPositions(ORDER_TYPES, n, taken),
    forcedPayment: spreadPositions(PAYMENT_STATUSES, n, taken),
    productOrder: PRODUCTS.map((_, i) => i),
    auditedOrders: 0,
  };
  const candidates: ReturnCandidate[] = [];
  let orders = 0;
  let lines = 0;
  let audits = 0;
  for (let start = 0; start < n; start += ORDERS_PER_ROUND) {
    const orderRows: OrderRow[] = [];
    const lineRows: LineRow[] = [];
    const auditRows: AuditRow[] = [];
    for (let i = start; i < Math.min(n, start + ORDERS_PER_ROUND); i++) {
      const built = buildOrder(rng, ctx, i);
      if (built.daysAgo <= 3 && ctx.auditedOrders < MAX_AUDITED_ORDERS && !UNASSIGNED.has(built.order.orderStatus!) && rng.chance(0.5)) {
        const events = auditFor(rng, built.order, built.createdMs, nowMs, userIds);
        if (events.length) {
          ctx.auditedOrders++;
          auditRows.push(...events);
          built.order.version = 1 + events.length;
          const lastAt = events[events.length - 1]!.at;
          if (lastAt > built.order.updatedAt!) built.order.updatedAt = lastAt;
          built.order.lastUpdatedAt = built.order.updatedAt;
        }
      }
      orderRows.push(built.order);
      lineRows.push(...built.lines);
      if (CLOSED.has(built.order.orderStatus!) && built.daysAgo >= 2) {
        candidates.push({
          orderNumber: built.order.orderNumber,
          customer: built.customer,
          location: built.order.warehouseLocation!,
          skus: built.lines.slice(0, 3).map((l) => l.sku),
          createdMs: built.createdMs,
        });
        if (candidates.length > 1_000) candidates.splice(0, 500);
      }
    }
    orders += await insert(s.orders, orderRows);
    lines += await insert(s.orderLines, lineRows);
    audits += await insert(s.auditEvents, auditRows);
    if (n > ORDERS_PER_ROUND) log(`  orders ${orders}/${n}, lines ${lines}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { orders, lines, audits, candidates };
}
