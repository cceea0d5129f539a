// Builds a realistic company (DESIGN.md §3): roles, users, warehouses, workers, orders with lines, returns,
// applications, reports, passcodes, email routing. Deterministic for a given order count and `now`, so
// tests and benchmarks see the same data every run. Also the CLI: tsx db/seed.ts [--orders N] [--if-empty] [--reset]
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Client, InValue, Transaction } from "@libsql/client";
import { z } from "zod";
import { ROLE_DEFINITIONS, type RoleId } from "../app/domain/access/roles";
import { DELIVERY_ORDER_TYPES, ORDER_TYPES, PAID_VARIANTS } from "../app/domain/orders/constants";
import { hashPasscode, sha256Hex } from "../app/lib/crypto.server";
import type { Database } from "../app/lib/db.server";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { migrateDatabase, openDatabase } from "./node";
import * as s from "./schema";
import {
  ANNOUNCEMENTS,
  APPLICANTS,
  CONTAINER_NUMBERS,
  CUSTOMERS,
  LOCATIONS,
  LOW_STOCK,
  ORDER_NOTES,
  ORDER_STATUSES,
  OUT_OF_STOCK_SKUS,
  OTHER_TRUCKING,
  PAYMENT_STATUSES,
  PENDING_PAYMENTS,
  PICK_SHORT_REASONS,
  PRODUCTS,
  productBin,
  REGION_LOCATIONS,
  REGION_ORDER_TYPES,
  RETURN_CUSTOM_REASONS,
  RETURN_REASONS,
  STATUS_GROUPS,
  TRUCKING_COMPANIES,
  TYPE_ONLY_STATUSES,
  WAREHOUSE_WORKERS,
  seedBarcodeRows,
  type Region,
  type SeedCustomer,
} from "./seed-data";

const DOMAIN = LOCAL_DEFAULTS.COMPANY_DOMAIN;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DEFAULT_ORDERS = 2_000;
/** Rows per INSERT: 500 orders × 22 columns stays below SQLite's 32,766 bound variables. */
const ROWS_PER_STATEMENT = 500;
const MAX_BOUND_VARIABLES = 32_766;
/** Orders generated and written per round, so 100,000 orders never sit in memory at once. */
const ORDERS_PER_ROUND = 5_000;
const MAX_AUDITED_ORDERS = 16;

export const DOCUMENTED_PASSCODE = "RICE-2468";
/**
 * The local integration key (README, scripts/send-sample-batch.ts): every kind of data, every warehouse, the
 * 'inventory' system's ids. A development database's key only; production keys are made in the admin panel.
 */
export const SEEDED_INTEGRATION_KEY = "gg_live_localdev0001_RiceOpsLocalSampleKey-NotForProduction-0001";

export type SeededAccount = { email: string; name: string; roleId: RoleId; locationIds: string[]; orderTypes: string[] };

/** The people who can sign in through the local identity provider; the first five are the documented ones. */
export const SEEDED_ACCOUNTS: readonly SeededAccount[] = [
  {
    email: `admin@${DOMAIN}`,
    name: "Alice Admin",
    roleId: "admin",
    locationIds: ["NY-MAIN", "NJ-WH", "FL-DIST"],
    orderTypes: [...ORDER_TYPES],
  },
  {
    email: `logistics@${DOMAIN}`,
    name: "Leo Logistics",
    roleId: "logistics-manager",
    locationIds: ["NY-MAIN", "NJ-WH", "FL-DIST"],
    orderTypes: [...ORDER_TYPES],
  },
  { email: `sales@${DOMAIN}`, name: "Sam Sales", roleId: "sales-rep", locationIds: ["NY-MAIN", "NJ-WH"], orderTypes: [...ORDER_TYPES] },
  {
    email: `warehouse@${DOMAIN}`,
    name: "Wendy Warehouse",
    roleId: "warehouse-employee",
    locationIds: ["NY-MAIN"],
    orderTypes: [...ORDER_TYPES],
  },
  {
    email: `driver@${DOMAIN}`,
    name: "Dan Driver",
    roleId: "delivery-driver",
    locationIds: ["NY-MAIN", "NJ-WH"],
    orderTypes: ["NY/NJ Delivery", "VA Delivery"],
  },
  { email: `sara@${DOMAIN}`, name: "Sara Santos", roleId: "sales-rep", locationIds: ["NY-MAIN", "FL-DIST"], orderTypes: [...ORDER_TYPES] },
  { email: `marco@${DOMAIN}`, name: "Marco Rossi", roleId: "warehouse-employee", locationIds: ["NJ-WH"], orderTypes: [...ORDER_TYPES] },
  {
    email: `diego@${DOMAIN}`,
    name: "Diego Diaz",
    roleId: "delivery-driver",
    locationIds: ["NJ-WH", "FL-DIST"],
    orderTypes: ["TX Delivery", "LAX Delivery", "SAC Delivery", "OAK Delivery", "SD Delivery", "CO Delivery"],
  },
];

const SALES_REPS = SEEDED_ACCOUNTS.filter((a) => a.roleId === "sales-rep");
const LOGISTICS = SEEDED_ACCOUNTS.find((a) => a.roleId === "logistics-manager")!;
const ADMIN = SEEDED_ACCOUNTS.find((a) => a.roleId === "admin")!;

export type SeedOptions = { orders?: number; now?: Date; pepper: string; log?: (s: string) => void };

export type SeedSummary = {
  roles: number;
  roleGrants: number;
  users: number;
  locations: number;
  warehouseWorkers: number;
  orders: number;
  orderLines: number;
  inventoryItems: number;
  productBarcodes: number;
  auditEvents: number;
  returnRequests: number;
  returnItems: number;
  customerApplications: number;
  stockTransferReports: number;
  devanningReports: number;
  passcodes: number;
  integrationKeys: number;
  emailRouting: number;
  settings: number;
  announcements: number;
  durationMs: number;
};

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: a tiny, fast 32-bit PRNG; the same seed gives the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof createRandom>;

function createRandom(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    weighted: <T>(pairs: readonly (readonly [T, number])[]): T => {
      const total = pairs.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of pairs) if ((r -= w) < 0) return value;
      return pairs[pairs.length - 1]![0];
    },
  };
}

// ---------------------------------------------------------------- small helpers

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");

const AREA_CODES: Record<string, string> = { NY: "718", NJ: "201", VA: "703", TX: "713", CA: "213", CO: "303", FL: "305", GA: "770" };
const phoneFor = (state: string, n: number) => `(${AREA_CODES[state] ?? "516"}) 555-${String(100 + (n % 900)).padStart(4, "0")}`;
const customerEmail = (c: SeedCustomer) => `orders@${slug(c.name)}.example`;
const addressLines = (c: SeedCustomer) => [c.street, ...(c.street2 ? [c.street2] : []), `${c.city}, ${c.state} ${c.zip}`];
const mapsUrl = (lines: string[]) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lines.join(", "))}`;
const imageSet = (sku: string): s.ImageSet => {
  const url = `/images/products/${sku.toLowerCase()}.svg`;
  return { thumbUrl: url, smallUrl: url, mediumUrl: url, largeUrl: url, originalUrl: url };
};
const productId = (index: number) => `P${1001 + index}`;

/** drizzle() keeps the libSQL client as `$client`; the app's Database type leaves it out. */
const rawClient = (db: Database) => (db as Database & { $client: Client }).$client;

/** Inserts rows of one table, chunked into multi-row statements. */
type Insert = <T extends SQLiteTable>(table: T, rows: T["$inferInsert"][]) => Promise<number>;

/**
 * Writes straight through the libSQL transaction: drizzle's query builder costs more than SQLite itself
 * at 500,000 rows. Column names and value encoding (JSON, booleans) still come from the drizzle schema.
 */
function rowWriter(tx: Transaction): Insert {
  return async (table, rows) => {
    if (!rows.length) return rows.length;
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    const keys = Object.keys(rows[0]!);
    const names = keys.map((k) => `"${columns[k]!.name}"`).join(", ");
    const tuple = `(${keys.map(() => "?").join(", ")})`;
    const perStatement = Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_BOUND_VARIABLES / keys.length));
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement) as Record<string, unknown>[];
      const args: InValue[] = [];
      for (const row of chunk) {
        for (const k of keys) {
          const value = row[k];
          args.push(value === null || value === undefined ? null : (columns[k]!.mapToDriverValue(value) as InValue));
        }
      }
      await tx.execute({
        sql: `insert into "${getTableName(table)}" (${names}) values ${Array(chunk.length).fill(tuple).join(", ")}`,
        args,
      });
    }
    return rows.length;
  };
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilds them from their own stored SQL
 * afterwards (inside the same transaction): one sort per index is cheaper than 500,000 index updates.
 */
async function withoutIndexes<T>(tx: Transaction, tables: string[], load: () => Promise<T>): Promise<T> {
  const placeholders = tables.map(() => "?").join(", ");
  const { rows } = await tx.execute({
    sql: `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${placeholders})`,
    args: tables,
  });
  for (const row of rows) await tx.execute(`drop index "${String(row.name)}"`);
  const result = await load();
  for (const row of rows) await tx.execute(String(row.sql));
  return result;
}

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

// ---------------------------------------------------------------- orders

type OrderRow = typeof s.orders.$inferInsert;
type LineRow = typeof s.orderLines.$inferInsert;
type AuditRow = typeof s.auditEvents.$inferInsert;
/** Closed orders the returns can point back at. */
type ReturnCandidate = { orderNumber: string; customer: SeedCustomer; location: string; skus: string[]; createdMs: number };

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

async function seedOrders(insert: Insert, n: number, nowMs: number, userIds: Map<string, number>, log: (s: string) => void) {
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

// ---------------------------------------------------------------- everything else

const RETURN_REMARKS: Record<string, string> = {
  approved: "Credit memo issued.",
  declined: "Outside the 14-day return window.",
  under_review: "Waiting for photos from the driver.",
};
const APPLICATION_REMARKS: Record<string, string> = {
  Approved: "Credit check passed; Net 30 approved.",
  Declined: "Could not verify the resale certificate.",
  Completed: "Account created in QuickBooks.",
};

function buildReturns(candidates: ReturnCandidate[], nowMs: number) {
  const rng = createRandom(0x5eed0002);
  const statuses = [
    ...Array(9).fill("pending"),
    ...Array(6).fill("under_review"),
    ...Array(6).fill("approved"),
    ...Array(4).fill("declined"),
  ] as string[];
  const requests: (typeof s.returnRequests.$inferInsert)[] = [];
  const items: (typeof s.returnItems.$inferInsert)[] = [];
  statuses.forEach((status, i) => {
    const id = i + 1;
    const order = candidates.length ? candidates[Math.floor(((i + 0.5) * candidates.length) / statuses.length)]! : null;
    const customer = order?.customer ?? rng.pick(CUSTOMERS);
    // Older requests are the decided ones: the list shows a realistic backlog of new ones.
    const submittedMs = Math.min(nowMs - rng.int(1, 90) * MINUTE_MS, (order?.createdMs ?? nowMs - 20 * DAY_MS) + rng.int(2, 7) * DAY_MS);
    const decided = status === "approved" || status === "declined";
    const decisionMs = Math.min(nowMs, submittedMs + rng.int(1, 3) * DAY_MS);
    requests.push({
      id,
      returnID: `RET-${String(1001 + i)}`,
      companyName: customer.name,
      orderNum: order?.orderNumber ?? "",
      status,
      email: customerEmail(customer),
      phone: phoneFor(customer.state, 17 * i + 3),
      location: order?.location ?? "NY-MAIN",
      submittedAt: iso(submittedMs),
      remarks: RETURN_REMARKS[status] ?? "",
      address: [
        {
          street: customer.street,
          ...(customer.street2 ? { street2: customer.street2 } : {}),
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
        },
      ],
      productImages: [],
      defectImages: [],
      updatedAt: iso(decided ? decisionMs : submittedMs),
    });
    const skus = order?.skus.length ? order.skus : [rng.pick(PRODUCTS).sku];
    const picked = skus.slice(0, rng.int(1, 3));
    requests[requests.length - 1]!.itemCount = picked.length;
    requests[requests.length - 1]!.source = "seed";
    picked.forEach((sku, position) => {
      const product = PRODUCTS.find((p) => p.sku === sku)!;
      const reason = rng.pick(RETURN_REASONS);
      const itemStatus =
        status === "approved" ? (position === 2 ? "declined" : "approved") : status === "declined" ? "declined" : "pending";
      items.push({
        returnId: id,
        position,
        sku,
        description: product.description,
        count: rng.int(1, 6),
        reason,
        customReason: reason === "Other" ? rng.pick(RETURN_CUSTOM_REASONS) : "",
        comments: rng.chance(0.5) ? "Photos taken at the customer's back door." : "",
        uploadedImages: [],
        status: itemStatus,
        decisionDate: itemStatus === "pending" ? null : iso(decisionMs),
        remarks: itemStatus === "approved" ? "Restock after inspection." : itemStatus === "declined" ? "No damage visible in photos." : "",
      });
    });
  });
  return { requests, items };
}

function buildApplications(nowMs: number) {
  const rng = createRandom(0x5eed0003);
  const statuses = [
    "Pending",
    "Approved",
    "Pending",
    "Declined",
    "Completed",
    "Approved",
    "Pending",
    "Approved",
    "Completed",
    "Pending",
  ] as const;
  return APPLICANTS.map((a, i): typeof s.customerApplications.$inferInsert => {
    const status = statuses[i % statuses.length]!;
    const createdMs = nowMs - (APPLICANTS.length - i) * 2 * DAY_MS - rng.int(0, 600) * MINUTE_MS;
    const decided = status !== "Pending";
    return {
      id: i + 1,
      companyID: status === "Approved" || status === "Completed" ? `GG-C-${2041 + i}` : null,
      companyName: a.companyName,
      email: `${slug(a.ownerName.split(" ")[0]!)}@${slug(a.companyName)}.example`,
      phoneNumber: phoneFor(a.state, 31 * i + 7),
      ownerName: a.ownerName,
      ownerNumber: phoneFor(a.state, 43 * i + 11),
      status,
      remarks: APPLICATION_REMARKS[status] ?? "",
      decisionDate: decided ? iso(Math.min(nowMs, createdMs + rng.int(1, 3) * DAY_MS)) : null,
      addresses: [{ street: a.street, city: a.city, state: a.state, postalCode: a.postalCode }],
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    };
  });
}

function buildStockTransfers(nowMs: number) {
  const rng = createRandom(0x5eed0004);
  const statuses = [
    "submitted",
    "approved",
    "reviewed",
    "submitted",
    "approved",
    "rejected",
    "submitted",
    "approved",
    "reviewed",
    "submitted",
  ] as const;
  return statuses.map((status, i): typeof s.stockTransferReports.$inferInsert => {
    const receiving = LOCATIONS[i % LOCATIONS.length]!;
    const from = LOCATIONS[(i + 1) % LOCATIONS.length]!;
    const worker = WAREHOUSE_WORKERS.find((w) => w.active && w.locationIds[0] === receiving.id) ?? WAREHOUSE_WORKERS[0]!;
    const damaged = i === 5;
    const items: s.StockTransferItem[] = Array.from({ length: rng.int(1, 4) }, (_, k) => {
      const product = PRODUCTS[(i * 7 + k * 3) % 21]!;
      const quantity = rng.int(10, 200);
      return damaged && k === 0
        ? { itemSku: product.sku, itemDescription: product.description, quantity, damaged: "yes", damagedQuantity: rng.int(1, 8) }
        : { itemSku: product.sku, itemDescription: product.description, quantity, damaged: "no" };
    });
    const submittedMs = nowMs - (statuses.length - i) * 4 * DAY_MS + rng.int(0, 600) * MINUTE_MS;
    return {
      id: i + 1,
      dateReceived: isoDate(submittedMs),
      transferReference: `TR-${3101 + i}`,
      receivingLocation: receiving.name,
      transferFrom: from.name,
      receivedBy: worker.name,
      items,
      productCondition: damaged ? "damaged" : i % 3 === 0 ? "acceptable" : "excellent",
      notesComments: damaged
        ? "Two bags torn on the bottom pallet; set aside for return."
        : i % 4 === 0
        ? "Pallets re-wrapped before putaway."
        : "",
      signatureType: "type",
      signatureKey: null,
      signatureTyped: worker.name,
      photos: [],
      status,
      submittedAt: iso(submittedMs),
      submittedBy: worker.email,
    };
  });
}

function buildDevanning(nowMs: number) {
  const rng = createRandom(0x5eed0005);
  const statuses = ["pending", "approved", "pending", "approved", "rejected", "pending", "approved", "pending"] as const;
  const bulkRice = PRODUCTS.filter((p) => p.bulk);
  return statuses.map((status, i): typeof s.devanningReports.$inferInsert => {
    const containerNumber = CONTAINER_NUMBERS[i % CONTAINER_NUMBERS.length]!;
    const bagsPerPallet = rng.pick([40, 50, 60]);
    const products = Array.from({ length: rng.int(1, 3) }, (_, k) => {
      const product = bulkRice[(i * 5 + k * 2) % bulkRice.length]!;
      const pallets = rng.int(6, 20);
      const shortage = rng.chance(0.25) ? -rng.int(1, 4) : 0;
      return {
        id: `p${k + 1}`,
        name: product.description,
        sku: product.sku,
        pallets,
        bags: pallets * bagsPerPallet + shortage,
        shortageExtraBags: shortage,
      };
    });
    const totalPallets = products.reduce((sum, p) => sum + p.pallets, 0);
    const totalBags = products.reduce((sum, p) => sum + p.bags, 0);
    const shortageExtraBags = products.reduce((sum, p) => sum + p.shortageExtraBags, 0);
    const bagsInLastPallet = bagsPerPallet + (shortageExtraBags % bagsPerPallet);
    const submittedMs = nowMs - (statuses.length - i) * 5 * DAY_MS + rng.int(0, 600) * MINUTE_MS;
    const staff = WAREHOUSE_WORKERS.filter((w) => w.active);
    const decided = status !== "pending";
    return {
      id: i + 1,
      containerNumber,
      cargoDetails: {
        productDetail: products.map((p) => p.name).join(", "),
        products,
        totalPallets,
        totalBags,
        shortageExtraBags,
        containerNumber,
        arrivalDate: isoDate(submittedMs - DAY_MS),
        receivableSign: staff[i % staff.length]!.name,
        managementSign: status === "approved" ? LOGISTICS.name : "",
        unloadingDateTime: iso(submittedMs - 3 * 60 * MINUTE_MS),
      },
      warehouseInfo: { warehouseStaff1: staff[i % staff.length]!.name, warehouseStaff2: staff[(i + 2) % staff.length]!.name },
      totalsCalculation: { bagsPerPallet, bagsInLastPallet, totalBagsCalculated: (totalPallets - 1) * bagsPerPallet + bagsInLastPallet },
      containerInfo: {
        containerSize: i % 3 === 0 ? "20'" : "40'",
        containerSizeOther: "",
        containerCondition: [i === 4 ? "Dented" : "No damage"],
        containerConditionOther: "",
        sealIntact: "yes",
        sealNumber: `SL${480_000 + i * 137}`,
      },
      inventoryDetails: { damagedInventoryCount: 0, damagedInventorySKUs: "" },
      environmentalCheck: {
        floorDryness: ["Dry"],
        pestActivity: ["None"],
        comments: i === 4 ? "Container wall dented near the doors; cargo dry." : "",
      },
      photos: { containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] },
      status,
      submittedAt: iso(submittedMs),
      submittedBy: staff[i % staff.length]!.email,
      reviewedBy: decided ? LOGISTICS.name : null,
      reviewedAt: decided ? iso(Math.min(nowMs, submittedMs + rng.int(2, 30) * 60 * MINUTE_MS)) : null,
      managementSign: status === "approved" ? LOGISTICS.name : null,
      notes: status === "rejected" ? "Bag count does not match the packing list; recount before approval." : "",
    };
  });
}

async function buildPasscodes(nowMs: number, pepper: string) {
  const codes = [
    {
      label: "Main floor phones",
      code: DOCUMENTED_PASSCODE,
      active: true,
      locations: ["NY-MAIN"],
      ageDays: 6,
      usageCount: 42,
      lastUsedHoursAgo: 2,
      expiresInHours: null,
    },
    {
      label: "All warehouses",
      code: "PICK-1357",
      active: true,
      locations: [],
      ageDays: 12,
      usageCount: 17,
      lastUsedHoursAgo: 20,
      expiresInHours: null,
    },
    {
      label: "Temp crew - inventory count",
      code: "TEMP-9090",
      active: false,
      locations: ["NJ-WH"],
      ageDays: 20,
      usageCount: 5,
      lastUsedHoursAgo: 400,
      expiresInHours: null,
    },
    // Active and older than 30 days: the admin table shows the 'Rotate' badge on it.
    {
      label: "NJ dock tablet",
      code: "DOCK-4821",
      active: true,
      locations: ["NJ-WH"],
      ageDays: 45,
      usageCount: 230,
      lastUsedHoursAgo: 5,
      expiresInHours: null,
    },
    {
      label: "FL seasonal crew",
      code: "FLSEA-7310",
      active: true,
      locations: ["FL-DIST"],
      ageDays: 2,
      usageCount: 0,
      lastUsedHoursAgo: null,
      expiresInHours: 72,
    },
  ];
  return Promise.all(
    codes.map(
      async (c, i): Promise<typeof s.passcodes.$inferInsert> => ({
        id: i + 1,
        label: c.label,
        codeHash: await hashPasscode(c.code, pepper),
        codeHint: c.code.slice(-2),
        active: c.active,
        usageCount: c.usageCount,
        lastUsedAt: c.lastUsedHoursAgo === null ? null : iso(nowMs - c.lastUsedHoursAgo * 60 * MINUTE_MS),
        expiresAt: c.expiresInHours === null ? null : iso(nowMs + c.expiresInHours * 60 * MINUTE_MS),
        locations: c.locations,
        createdBy: ADMIN.email,
        createdAt: iso(nowMs - c.ageDays * DAY_MS),
        updatedAt: iso(nowMs - c.ageDays * DAY_MS),
      })
    )
  );
}

async function seededIntegrationKey(nowMs: number): Promise<typeof s.integrationKeys.$inferInsert> {
  const [, publicId, secret] = /^gg_live_([a-z0-9]{12})_(.{43})$/.exec(SEEDED_INTEGRATION_KEY)!;
  return {
    id: 1,
    publicId: publicId!,
    label: "Inventory system (local)",
    sourceSystem: "inventory",
    secretHash: await sha256Hex(secret!),
    secretHint: secret!.slice(-4),
    kinds: ["orders", "products", "stock", "locations"],
    locations: [],
    createdBy: ADMIN.email,
    createdAt: iso(nowMs - 30 * DAY_MS),
    updatedAt: iso(nowMs - 30 * DAY_MS),
  };
}

function buildInventory(nowMs: number) {
  const rng = createRandom(0x5eed0006);
  return PRODUCTS.map((p, i): typeof s.inventoryItems.$inferInsert => ({
    sku: p.sku,
    productId: productId(i),
    description: p.description,
    bin: productBin(i),
    quantityOnHand: (OUT_OF_STOCK_SKUS as readonly string[]).includes(p.sku)
      ? 0
      : LOW_STOCK[p.sku] ?? (p.bulk ? rng.int(120, 2400) : rng.int(40, 600)),
    updatedAt: iso(nowMs - rng.int(1, 48) * 60 * MINUTE_MS),
  }));
}

// ---------------------------------------------------------------- entry points

/** Seeds an empty, migrated database. Refuses a database that already has users or orders (use resetDatabase). */
export async function seedDatabase(db: Database, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const n = opts.orders ?? DEFAULT_ORDERS;
  const nowMs = (opts.now ?? new Date()).getTime();
  if (!Number.isInteger(n) || n < 0) throw new Error(`orders must be a whole number >= 0, got ${n}`);

  const [existing] = await db.all<{ count: number }>(sql`select (select count(*) from users) + (select count(*) from orders) as count`);
  if (existing && existing.count > 0) throw new Error("The database already has users or orders; reset it first (db/seed.ts --reset).");

  const passcodeRows = await buildPasscodes(nowMs, opts.pepper);
  // One transaction: a failed seed leaves the database empty, so `--if-empty` retries it next start.
  const tx = await rawClient(db).transaction("write");
  try {
    const insert = rowWriter(tx);
    const roleRows = Object.values(ROLE_DEFINITIONS).map((r) => ({
      id: r.id,
      name: r.name,
      isAdmin: r.isAdmin,
      createdAt: iso(nowMs - 90 * DAY_MS),
      updatedAt: iso(nowMs - 90 * DAY_MS),
    }));
    const grantRows = Object.values(ROLE_DEFINITIONS).flatMap((r) => r.grants.map((g) => ({ roleId: r.id, key: g.key, scope: g.scope })));
    await insert(s.roles, roleRows);
    await insert(s.roleGrants, grantRows);

    const userRows = SEEDED_ACCOUNTS.map((a, i) => ({
      id: i + 1,
      email: a.email,
      name: a.name,
      avatarUrl: null,
      roleId: a.roleId,
      locationIds: a.locationIds,
      orderTypes: a.orderTypes,
      createdAt: iso(nowMs - 90 * DAY_MS),
      updatedAt: iso(nowMs - 90 * DAY_MS),
    }));
    await insert(s.users, userRows);
    const userIds = new Map(userRows.map((u) => [u.email, u.id]));

    await insert(
      s.locations,
      LOCATIONS.map((l, i) => ({
        id: l.id,
        name: l.name,
        groups: [...l.groups],
        lastSynced: iso(nowMs - (i + 1) * 3 * 60 * MINUTE_MS),
        updatedAt: iso(nowMs - DAY_MS),
      }))
    );
    await insert(
      s.warehouseWorkers,
      WAREHOUSE_WORKERS.map((w, i) => ({ id: i + 1, ...w, createdAt: iso(nowMs - 90 * DAY_MS), updatedAt: iso(nowMs - 30 * DAY_MS) }))
    );
    const inventory = await insert(s.inventoryItems, buildInventory(nowMs));
    const barcodes = await insert(s.productBarcodes, seedBarcodeRows().map((b) => ({ ...b, createdAt: iso(nowMs - 30 * DAY_MS), updatedAt: iso(nowMs - 30 * DAY_MS) })));
    // Migration 0009 writes the same reasons: a freshly migrated database already has them.
    for (const [position, r] of PICK_SHORT_REASONS.entries()) {
      await tx.execute({ sql: "insert into pick_short_reasons (label, action, position) values (?, ?, ?) on conflict do nothing", args: [r.label, r.action, position] });
    }

    log(`seeding ${n} orders…`);
    const seeded = await withoutIndexes(tx, ["orders", "order_lines"], () => seedOrders(insert, n, nowMs, userIds, log));

    const returns = buildReturns(seeded.candidates, nowMs);
    await insert(s.returnRequests, returns.requests);
    await insert(s.returnItems, returns.items);
    await insert(
      s.returnReasons,
      RETURN_REASONS.filter((r) => r !== "Other").map((label, position) => ({ label, position })),
    );
    const applications = await insert(s.customerApplications, buildApplications(nowMs));
    const stockTransfers = await insert(s.stockTransferReports, buildStockTransfers(nowMs));
    const devanning = await insert(s.devanningReports, buildDevanning(nowMs));
    await insert(s.passcodes, passcodeRows);
    const integrationKeys = await insert(s.integrationKeys, [await seededIntegrationKey(nowMs)]);

    const routing = [
      { key: "NY-MAIN", enabled: true, to: [`warehouse-ny@${DOMAIN}`], cc: [`logistics@${DOMAIN}`] },
      { key: "NJ-WH", enabled: true, to: [`warehouse-nj@${DOMAIN}`], cc: [] },
      // Enabled with no To: the pick list email must answer 'no email recipients' for this warehouse.
      { key: "FL-DIST", enabled: true, to: [], cc: [] },
    ];
    await insert(
      s.emailRouting,
      routing.map((r) => ({ ...r, updatedAt: iso(nowMs - 7 * DAY_MS) }))
    );
    await insert(s.settings, [{ key: "email.defaultCc", value: [`ops-archive@${DOMAIN}`], updatedAt: iso(nowMs - 7 * DAY_MS) }]);
    await insert(
      s.announcements,
      ANNOUNCEMENTS.map((a, i) => ({
        id: i + 1,
        title: a.title,
        body: a.body,
        publishedAt: iso(nowMs - a.daysAgo * DAY_MS),
        createdBy: ADMIN.name,
      }))
    );

    const summary = {
      roles: roleRows.length,
      roleGrants: grantRows.length,
      users: userRows.length,
      locations: LOCATIONS.length,
      warehouseWorkers: WAREHOUSE_WORKERS.length,
      orders: seeded.orders,
      orderLines: seeded.lines,
      inventoryItems: inventory,
      productBarcodes: barcodes,
      auditEvents: seeded.audits,
      returnRequests: returns.requests.length,
      returnItems: returns.items.length,
      customerApplications: applications,
      stockTransferReports: stockTransfers,
      devanningReports: devanning,
      passcodes: passcodeRows.length,
      integrationKeys,
      emailRouting: routing.length,
      settings: 1,
      announcements: ANNOUNCEMENTS.length,
    };
    await tx.commit();
    return { ...summary, durationMs: Math.round(performance.now() - started) };
  } finally {
    tx.close();
  }
}

/** Deletes every row of every table (not the migrations journal) in one transaction. */
export async function resetDatabase(db: Database): Promise<void> {
  const names = (await db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table'`)).map((t) => t.name);
  // Internal tables stay: SQLite's own, libSQL's, and drizzle's migrations journal (__drizzle_migrations).
  const tables = names.filter((name) => !/^(sqlite_|libsql_|_)/.test(name));
  const hasSequence = names.includes("sqlite_sequence");
  // Deferred foreign keys: tables empty in any order, checked once at commit when nothing is left.
  await rawClient(db).batch(
    [
      "PRAGMA defer_foreign_keys = ON",
      ...tables.map((name) => `DELETE FROM "${name.replace(/"/g, '""')}"`),
      ...(hasSequence ? ["DELETE FROM sqlite_sequence"] : []),
    ],
    "write"
  );
}

const CliArgs = z.object({
  orders: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_ORDERS),
  "if-empty": z.boolean().default(false),
  reset: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: { orders: { type: "string" }, "if-empty": { type: "boolean" }, reset: { type: "boolean" } },
    strict: true,
  });
  const parsed = CliArgs.safeParse(values);
  if (!parsed.success) {
    console.error(`db/seed.ts: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}`);
    process.exit(2);
  }
  const args = parsed.data;
  const url = process.env.DATABASE_URL ?? LOCAL_DEFAULTS.DATABASE_URL;
  const db = openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
  try {
    await migrateDatabase(db);
    if (args["if-empty"] && !args.reset) {
      const existing = await db.select({ id: s.users.id }).from(s.users).limit(1);
      if (existing.length) {
        console.log(`seed: ${url} already has users; nothing to do`);
        return;
      }
    }
    if (args.reset) {
      const t = performance.now();
      await resetDatabase(db);
      console.log(`seed: reset ${url} in ${Math.round(performance.now() - t)} ms`);
    }
    const summary = await seedDatabase(db, {
      orders: args.orders,
      pepper: process.env.PASSCODE_PEPPER ?? LOCAL_DEFAULTS.PASSCODE_PEPPER,
      log: (line) => console.log(line),
    });
    const { durationMs, ...counts } = summary;
    console.log(`seed: ${url} seeded in ${durationMs} ms`);
    console.log(
      Object.entries(counts)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n")
    );
    console.log(`  sign in as ${SEEDED_ACCOUNTS.map((a) => a.email).join(", ")}; picklist passcode ${DOCUMENTED_PASSCODE}`);
    console.log(`  integration key ${SEEDED_INTEGRATION_KEY}`);
  } finally {
    rawClient(db).close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
