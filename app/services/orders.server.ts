// Order Tracking on the server: the viewer's row scope in SQL, the list with search / filters / sort /
// pagination, the KPIs, one order for a viewer, and the tracking update (derived status, version check,
// audit trail in the same batch). Shared by the /api/order-trackers routes and the screens.
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { orderLines, orders } from "../../db/schema";
import { hasGrant, type GrantKey } from "~/domain/access/roles";
import { orderVisibility, type OrderVisibility } from "~/domain/access/visibility";
import { labelWords } from "~/domain/orders/assignment";
import type * as zm from "zod/mini";
import type { Kpis, OrderListBodySchema, OrderSavedSchema, ServerOrderRow } from "~/domain/orders/contract";
import {
  MAX_LIMIT,
  ORDER_TYPES,
  PAGE_SIZE,
  PAID_VARIANTS,
  PAYMENT_OPTIONS,
  UNSET_TRUCKING_VALUES,
  UPDATE_MESSAGES,
  WAREHOUSE_PAGE_SIZE,
  type SortField,
} from "~/domain/orders/constants";
import type { OrderListQuery } from "~/domain/orders/query";
import { isPaymentUnset, normalizeTrucking, statusAfterEdit } from "~/domain/orders/status";
import type { AppContext } from "~/lib/context.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import { fieldErrorsOf } from "~/lib/http.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, updateVersioned } from "~/lib/writes.server";
import { orderPageJsonSql } from "./orders-json.server";
import { scopeForAny, type RowScope } from "./scope.server";

type Ctx = Pick<AppContext, "db" | "now">;

// ---------------------------------------------------------------- scope

export type OrderScope = {
  kind: RowScope["kind"] | "mixed";
  /** The SQL condition on `orders`; undefined = every order. */
  where: SQL | undefined;
  visibility: OrderVisibility;
  hidePayment: boolean;
  hideTrucking: boolean;
  hidePrices: boolean;
  allowedOrderTypes: string[];
  defaultLimit: number;
  /** A lone assignment scope: the word-index query behind `where`, so the list can pick its plan by match count. */
  assignmentMatch?: string;
};

function containsRun(words: string[], run: string[]): boolean {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/**
 * The word-index query naming a person: each phrase whole, any of them (see assignment.ts). A phrase that
 * contains another one ('wendy warehouse' beside 'wendy') matches nothing more, so it is left out: phrase
 * tests read word positions, which made the index query several times slower.
 */
export function assignmentMatchQuery(phrases: string[][]): string {
  const needed = phrases.filter((p, i) => !phrases.some((q, j) => j !== i && q.length < p.length && containsRun(p, q)));
  return needed.map((words) => `"${words.join(" ")}"`).join(" OR ");
}

/**
 * Orders whose assignment words match. By default SQLite reads the matches off the word index and looks
 * each order up by id, which is right for a few hundred matches but needs a sort of every match when a
 * picker has tens of thousands. `walkSortIndex` writes the id as `+id` so it cannot drive the lookup: the
 * planner walks the index of the list's sort instead, tests each order against the (once materialised)
 * match set and stops after the page (docs/decisions/007-order-tracking.md).
 */
export function inAssignmentWords(match: string, walkSortIndex = false): SQL {
  const id = walkSortIndex ? sql`+${orders.id}` : sql`${orders.id}`;
  return sql`${id} IN (SELECT rowid FROM _orders_assignment_words WHERE _orders_assignment_words MATCH ${match})`;
}

/**
 * Orders whose number or customer name holds the substring, off the trigram index. `walkSortIndex` as in
 * inAssignmentWords: the list walks its sort index and tests each order against the matches.
 */
export function inSearchTrigrams(match: string, walkSortIndex = false): SQL {
  const id = walkSortIndex ? sql`+${orders.id}` : sql`${orders.id}`;
  return sql`${id} IN (SELECT rowid FROM _orders_search WHERE _orders_search MATCH ${match})`;
}

/** The substring search (customer or order number) as a trigram query, when it has three characters or more. */
function substringMatch(query: OrderListQuery): string | undefined {
  const q = query.search?.trim() ?? "";
  return query.searchBy === "customerOrOrder" && [...q].length >= 3 ? ftsString(q) : undefined;
}

/** The warehouseAssignment search as a word-index query: whole words, the last one as a prefix ('kev' finds 'Kevin Chen'). */
function assignmentSearchMatch(search: string): string | undefined {
  const words = labelWords(search.trim());
  if (!words.length) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(" AND ");
}

// Above this many matching orders a list may walk its sort index instead of sorting every match.
const WALK_SORT_INDEX_ABOVE = 2_000;

/**
 * Walk the sort index or look the matches up by id? Measured at 100,000 orders: the lookup and sort cost
 * ~4 µs per match, the walk ~0.3 µs per index entry, and reaching row offset+limit walks about
 * (offset + limit) × orders / matches entries. So walk while that is cheaper, with a 10× margin (the
 * walk's estimate assumes the matches are spread evenly over the sort order).
 */
function walksSortIndex(matches: number, orderCount: number, rowsNeeded: number): boolean {
  return matches > WALK_SORT_INDEX_ABOVE && rowsNeeded * orderCount < matches * matches * 10;
}

/** A RowScope (scope.server.ts) as a condition on `orders`; undefined = every order. */
export function orderScopeWhere(scope: RowScope): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "none":
      return sql`0`;
    case "location": {
      const conditions: SQL[] = [];
      if (scope.locations) conditions.push(inArray(orders.warehouseLocation, scope.locations));
      if (scope.orderTypes) conditions.push(inArray(orders.orderType, scope.orderTypes));
      return conditions.length ? and(...conditions) : undefined;
    }
    case "assignment":
      return inAssignmentWords(assignmentMatchQuery(scope.phrases));
    case "own":
      return eq(orders.createdBy, scope.name);
  }
}

/**
 * The viewer's orders for a call open to `grants` (by default Order Tracking's `orders:view`): the rows
 * from scopeFor, and the fields from the viewer's visibility (DESIGN §4; spec 001 §6). Every order door
 * (list, KPIs, detail, history, sales order, inventory, pick logs, room, verify, complete, release order,
 * Pick List Check, tasks, help) goes through here, so the same viewer and order get the same answer.
 */
export async function resolveOrderScope(ctx: Pick<AppContext, "db">, viewer: Viewer, grants: readonly GrantKey[] = ["orders:view"]): Promise<OrderScope> {
  const scopes = await scopeForAny(ctx, viewer, grants);
  const visibility = orderVisibility(viewer);
  const lone = scopes.length === 1 ? scopes[0]! : undefined;
  // Copies of one scope (a warehouse employee's order grants all name her assignment) are one condition: each
  // copy of an assignment scope is a word-index subquery that SQLite would run apart (decision 044).
  const distinct = scopes.filter((s, i) => scopes.findIndex((t) => JSON.stringify(t) === JSON.stringify(s)) === i);
  const where = distinct.length === 1 ? orderScopeWhere(distinct[0]!) : or(...distinct.map((s) => orderScopeWhere(s) ?? sql`1`));
  const types = scopes.flatMap((s) => (s.kind === "location" ? [s.orderTypes] : [null]));
  const allowedOrderTypes = types.some((t) => t === null) ? [...ORDER_TYPES] : [...new Set(types.flatMap((t) => t ?? []))];
  return {
    kind: lone?.kind ?? "mixed",
    where,
    visibility,
    hidePayment: !visibility.payment,
    hideTrucking: !visibility.trucking,
    hidePrices: !visibility.prices,
    allowedOrderTypes,
    defaultLimit: lone?.kind === "assignment" ? WAREHOUSE_PAGE_SIZE : PAGE_SIZE,
    assignmentMatch: lone?.kind === "assignment" ? assignmentMatchQuery(lone.phrases) : undefined,
  };
}

// ---------------------------------------------------------------- rows

/** The order's fields a list row shows, which is also what its CSV export (orders-export.server.ts) reads. */
export const orderListFields = {
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  createdBy: orders.createdBy,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  orderType: orders.orderType,
  truckingCompany: orders.truckingCompany,
  warehouseLocation: orders.warehouseLocation,
  warehouseAssignment: orders.warehouseAssignment,
  notes: orders.notes,
  orderDate: orders.orderDate,
  lastUpdatedAt: orders.lastUpdatedAt,
  deliveryCompletedAt: orders.deliveryCompletedAt,
  addressLines: orders.addressLines,
  totalCents: orders.totalCents,
};

const rowColumns = {
  ...orderListFields,
  id: orders.id,
  updatedAt: orders.updatedAt,
  hasDeliveryOrder: orders.hasDeliveryOrder,
  mapsUrl: orders.mapsUrl,
  version: orders.version,
};

type RawRow = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]["_"]["data"] };

/** A row as the server sends it: the contract's row (app/domain/orders/contract.ts), always-sent fields required. */
export type OrderRow = ServerOrderRow;

function toRow(raw: RawRow, scope: OrderScope): OrderRow {
  const row: OrderRow = {
    _id: String(raw.id),
    id: raw.id,
    orderNumber: raw.orderNumber,
    customerName: raw.customerName,
    createdBy: raw.createdBy,
    paymentStatus: raw.paymentStatus,
    orderStatus: raw.orderStatus,
    orderType: raw.orderType,
    truckingCompany: raw.truckingCompany,
    warehouseLocation: raw.warehouseLocation,
    warehouseAssignment: raw.warehouseAssignment ?? [],
    notes: raw.notes,
    orderDate: raw.orderDate,
    updatedAt: raw.updatedAt,
    lastUpdatedAt: raw.lastUpdatedAt,
    deliveryCompletedAt: raw.deliveryCompletedAt,
    hasDeliveryOrder: !!raw.hasDeliveryOrder,
    address: { lines: raw.addressLines ?? [], mapsUrl: raw.mapsUrl },
    totalCents: raw.totalCents,
    version: raw.version,
  };
  // Removed, not blanked: a warehouse employee's or driver's client never receives these values.
  if (scope.hidePayment) delete row.paymentStatus;
  if (scope.hideTrucking) delete row.truckingCompany;
  if (scope.hidePrices) delete row.totalCents;
  return row;
}

// ---------------------------------------------------------------- search, filters, sort

const TOP = "\u{10FFFF}";

/** Case-insensitive prefix on an expression index over lower(column). */
function lowerPrefix(column: AnyColumn, value: string): SQL {
  const v = value.toLowerCase();
  return sql`(lower(${column}) >= ${v} AND lower(${column}) < ${v + TOP})`;
}

/**
 * The distinct lowercase values of a column, optionally only those in [from, to), read as a loose index
 * scan (one seek per value on the lower(column) index). Enum-like and name columns hold few distinct
 * values, so a prefix becomes `lower(column) IN (these)`: equality on each value lets the
 * (lower(column), order date, id) index return a page in the default order with no sort of the matches.
 * `keep` filters the values (e.g. only open statuses).
 */
function distinctLowerValues(column: AnyColumn, range?: { from: string; to: string }, keep?: (x: SQL) => SQL): SQL {
  const e = sql`lower(${column})`;
  const upper = range ? sql` AND ${e} < ${range.to}` : sql``;
  const first = range ? sql`${e} >= ${range.from}${upper}` : sql`${e} IS NOT NULL`;
  return sql`WITH RECURSIVE _vals(x) AS (SELECT min(${e}) FROM ${orders} WHERE ${first}
    UNION ALL SELECT (SELECT min(${e}) FROM ${orders} WHERE ${e} > _vals.x${upper}) FROM _vals WHERE _vals.x IS NOT NULL)
    SELECT x FROM _vals WHERE x IS NOT NULL${keep ? sql` AND ${keep(sql`x`)}` : sql``}`;
}

/** Case-insensitive prefix as the set of matching values (see distinctLowerValues). */
function lowerPrefixIn(column: AnyColumn, value: string): SQL {
  const v = value.toLowerCase();
  return sql`lower(${column}) IN (${distinctLowerValues(column, { from: v, to: v + TOP })})`;
}

function ftsString(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function utcDay(date: Date, offsetDays = 0): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
}

function dayRange(day: string): SQL {
  const next = utcDay(new Date(`${day}T00:00:00Z`), 1);
  // Order dates are bare days or full timestamps; both sort inside [day, next day).
  return sql`(${orders.orderDate} >= ${day} AND ${orders.orderDate} < ${next})`;
}

/** Delivered, released, complete or cancelled (of a lowercase status): the same test as the Task Center and the home KPIs. */
function isFinishedSql(status: SQL): SQL {
  return sql`(${status} LIKE '%delivered%' OR ${status} LIKE '%released%' OR ${status} IN ('complete', 'completed', 'cancelled', 'canceled'))`;
}
// Open = the status is one of the distinct stored statuses that are not finished: the test runs once per
// distinct status (a handful), then the matching orders are counted/read off the status index.
const openSql = sql`lower(${orders.orderStatus}) IN (${distinctLowerValues(orders.orderStatus, undefined, (x) => sql`NOT ${isFinishedSql(x)}`)})`;
const truckingUnsetSql = sql`lower(${orders.truckingCompany}) IN ${["", ...UNSET_TRUCKING_VALUES]}`;

export function searchCondition(field: OrderListQuery["searchBy"], search: string): SQL {
  const q = search.trim();
  switch (field) {
    case "customerOrOrder": {
      // The trigram index needs three characters; shorter input is a prefix of either column.
      if ([...q].length >= 3) return inSearchTrigrams(ftsString(q));
      const upper = q.toUpperCase();
      return sql`((${orders.orderNumber} >= ${upper} AND ${orders.orderNumber} < ${upper + TOP}) OR ${lowerPrefix(orders.customerName, q)})`;
    }
    case "orderNumber": {
      const upper = q.toUpperCase();
      return sql`(${orders.orderNumber} >= ${upper} AND ${orders.orderNumber} < ${upper + TOP})`;
    }
    case "customerName":
      return lowerPrefixIn(orders.customerName, q);
    case "createdBy":
      return lowerPrefixIn(orders.createdBy, q);
    case "paymentStatus":
      return lowerPrefixIn(orders.paymentStatus, q);
    case "orderStatus":
      return lowerPrefixIn(orders.orderStatus, q);
    case "orderType":
      return lowerPrefixIn(orders.orderType, q);
    case "warehouseLocation":
      return lowerPrefixIn(orders.warehouseLocation, q);
    case "truckingCompany":
      return lowerPrefixIn(orders.truckingCompany, q);
    case "warehouseAssignment": {
      const match = assignmentSearchMatch(q);
      return match ? inAssignmentWords(match) : sql`0`;
    }
    case "orderDate":
      return dayRange(q);
  }
}

function exactLower(column: AnyColumn, value: string): SQL {
  return sql`lower(${column}) = ${value.toLowerCase()}`;
}

/**
 * Hidden means hidden everywhere: a list query that would search, filter, sort or quick-filter by a field
 * the viewer may not see is refused (400 with the reason), so no answer can be used to infer its values.
 */
export function assertQueryVisible(query: OrderListQuery, scope: Pick<OrderScope, "hidePayment" | "hideTrucking">): void {
  const hidden: [boolean, string, string][] = [
    [scope.hidePayment, "paymentStatus", "payment status"],
    [scope.hideTrucking, "truckingCompany", "trucking company"],
  ];
  for (const [isHidden, field, label] of hidden) {
    if (!isHidden) continue;
    const used =
      (query.search && query.searchBy === field ? "searchBy" : null) ??
      (query.sort === field ? "sort" : null) ??
      (query[field as "paymentStatus" | "truckingCompany"] ? field : null);
    if (used) throw new ValidationError(`You cannot search, filter or sort by ${label}`, { [used]: [`${label} is not visible to you`] });
  }
  if (scope.hideTrucking && query.quick === "awaitingTrucking") {
    throw new ValidationError("You cannot filter by trucking company", { quick: ["trucking company is not visible to you"] });
  }
}

export function filterConditions(query: OrderListQuery, scope: OrderScope, now: Date): SQL[] {
  assertQueryVisible(query, scope);
  const out: SQL[] = [];
  if (query.search) out.push(searchCondition(query.searchBy, query.search));
  if (query.paymentStatus && !scope.hidePayment) {
    // 'Paid' covers its variants ('Paid: Zelle', ...), as the Paid choice of the edit stepper does.
    out.push(query.paymentStatus === "Paid" ? lowerPrefixIn(orders.paymentStatus, "paid") : exactLower(orders.paymentStatus, query.paymentStatus));
  }
  if (query.orderStatus) out.push(exactLower(orders.orderStatus, query.orderStatus));
  if (query.orderType) out.push(exactLower(orders.orderType, query.orderType));
  if (query.warehouseLocation) out.push(exactLower(orders.warehouseLocation, query.warehouseLocation));
  if (query.truckingCompany && !scope.hideTrucking) {
    const t = normalizeTrucking(query.truckingCompany);
    out.push(t ? exactLower(orders.truckingCompany, t) : truckingUnsetSql);
  }
  if (query.quick === "today") out.push(dayRange(utcDay(now)));
  if (query.quick === "awaitingTrucking") out.push(sql`(${openSql} AND ${truckingUnsetSql})`);
  if (query.quick === "notDelivered") out.push(openSql);
  return out;
}

export const SORT_COLUMNS: Record<SortField, AnyColumn> = {
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  createdBy: orders.createdBy,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  orderType: orders.orderType,
  warehouseLocation: orders.warehouseLocation,
  truckingCompany: orders.truckingCompany,
  orderDate: orders.orderDate,
};

export function orderBy(query: Pick<OrderListQuery, "sort" | "dir">): SQL[] {
  // No sort chosen (the screen's default): newest order date first. The id breaks ties so pages are stable.
  const column = query.sort ? SORT_COLUMNS[query.sort] : orders.orderDate;
  const dir = query.sort ? (query.dir ?? "asc") : (query.dir ?? "desc");
  const by = dir === "asc" ? asc : desc;
  return [by(column), by(orders.id)];
}

// ---------------------------------------------------------------- list and KPIs

/** GET /api/order-trackers's answer fields (the contract's list body, rows as the server builds them). */
export type OrderList = { rows: OrderRow[] } & Omit<zm.output<typeof OrderListBodySchema>, "data">;

/**
 * The list's condition. When the assignment word index is involved (a warehouse employee's scope and/or
 * the warehouseAssignment search, merged into one index query), its matches are counted first (~1 ms
 * even for 30,000 matches): many matches walk the sort index, few are looked up by id. With no other
 * condition that count is also the total, so no second count of the orders is needed.
 */
async function listCondition(ctx: Ctx, scope: OrderScope, query: OrderListQuery, rowsNeeded: number): Promise<{ where: SQL | undefined; total?: number }> {
  const searchMatch = query.search && query.searchBy === "warehouseAssignment" ? assignmentSearchMatch(query.search) : undefined;
  const matches = [scope.kind === "assignment" ? scope.assignmentMatch : undefined, searchMatch].filter((m): m is string => !!m);
  if (!matches.length) return substringCondition(ctx, scope, query, rowsNeeded);
  const match = matches.length === 1 ? matches[0]! : matches.map((m) => `(${m})`).join(" AND ");
  // The highest id stands in for the number of orders (ids only grow; one seek instead of a count).
  const [row] = await ctx.db.all<{ n: number; size: number | null }>(
    sql`SELECT (SELECT count(*) FROM _orders_assignment_words WHERE _orders_assignment_words MATCH ${match}) AS n,
      (SELECT max(${orders.id}) FROM ${orders}) AS size`,
  );
  const n = Number(row?.n ?? 0);
  const walk = walksSortIndex(n, Number(row?.size ?? 0), rowsNeeded);
  const rest = filterConditions(searchMatch ? { ...query, search: undefined } : query, scope, ctx.now());
  return { where: and(inAssignmentWords(match, walk), ...rest), total: rest.length ? undefined : n };
}

/**
 * The substring search planned like the assignment words (decision 044): a customer's name matches thousands of
 * orders, and reading each to sort them all cost more than walking the sort index to the page. One count of the
 * trigram matches decides, and is the total when nothing else narrows the list.
 */
async function substringCondition(ctx: Ctx, scope: OrderScope, query: OrderListQuery, rowsNeeded: number): Promise<{ where: SQL | undefined; total?: number }> {
  const match = substringMatch(query);
  if (!match) return { where: and(scope.where, ...filterConditions(query, scope, ctx.now())) };
  const [row] = await ctx.db.all<{ n: number; size: number | null }>(
    sql`SELECT (SELECT count(*) FROM _orders_search WHERE _orders_search MATCH ${match}) AS n, (SELECT max(${orders.id}) FROM ${orders}) AS size`,
  );
  const n = Number(row?.n ?? 0);
  // Sorted by a searched column, the matches sit together in the sort order, not spread over it as the walk's estimate assumes.
  const clustered = query.sort === "customerName" || query.sort === "orderNumber";
  const walk = !clustered && walksSortIndex(n, Number(row?.size ?? 0), rowsNeeded);
  const rest = filterConditions({ ...query, search: undefined }, scope, ctx.now());
  return { where: and(scope.where, inSearchTrigrams(match, walk), ...rest), total: scope.where || rest.length ? undefined : n };
}

/** A page of the list with its rows as JSON text (orders-json.server.ts): what /api sends, with no row mapped in JavaScript. */
export type OrderListJson = { json: string } & Omit<OrderList, "rows">;

export async function listOrdersJson(ctx: Ctx, viewer: Viewer, query: OrderListQuery): Promise<OrderListJson> {
  const scope = await resolveOrderScope(ctx, viewer);
  const limit = Math.min(query.limit ?? scope.defaultLimit, MAX_LIMIT);
  const offset = (query.page - 1) * limit;
  const { where, total: known } = await listCondition(ctx, scope, query, offset + limit);
  const [[page], [count]] = await Promise.all([
    ctx.db.all<{ rows: string | null }>(orderPageJsonSql(scope, where, orderBy(query), limit, offset)),
    known === undefined ? ctx.db.select({ n: sql<number>`count(*)` }).from(orders).where(where) : [{ n: known }],
  ]);
  const total = Number(count?.n ?? 0);
  return {
    json: page?.rows ?? "[]",
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / limit)), total, limit },
    meta: { allowedOrderTypes: scope.allowedOrderTypes },
  };
}

export async function listOrders(ctx: Ctx, viewer: Viewer, query: OrderListQuery): Promise<OrderList> {
  const { json, ...page } = await listOrdersJson(ctx, viewer, query);
  return { rows: JSON.parse(json) as OrderRow[], ...page };
}

/** awaitingTrucking is null for viewers who may not see trucking: a count by a hidden field is not given. */
export type OrderKpis = Kpis;

/** Spec 001 §9 tiles, scoped like the list: today = the UTC day of ctx.now(); open = not delivered, released, complete or cancelled. */
export async function orderKpis(ctx: Ctx, viewer: Viewer): Promise<OrderKpis> {
  const scope = await resolveOrderScope(ctx, viewer);
  const now = ctx.now();
  // Three counts, each answered by an index alone: (order date, id), (lower status, lower trucking) and
  // the lower-status index.
  const count = (where: SQL | undefined) => ctx.db.select({ n: sql<number>`count(*)` }).from(orders).where(where);
  const [[today], [awaiting], [open]] = await Promise.all([
    count(and(scope.where, dayRange(utcDay(now)))),
    scope.hideTrucking ? [{ n: null }] : count(and(scope.where, openSql, truckingUnsetSql)),
    count(and(scope.where, openSql)),
  ]);
  return {
    ordersToday: Number(today?.n ?? 0),
    awaitingTrucking: scope.hideTrucking ? null : Number(awaiting?.n ?? 0),
    notDelivered: Number(open?.n ?? 0),
  };
}

// ---------------------------------------------------------------- one order

function orderRef(idOrNumber: string | number): SQL {
  const s = String(idOrNumber).trim();
  return /^\d{1,15}$/.test(s) ? eq(orders.id, Number(s)) : eq(orders.orderNumber, s);
}

async function findScopedOrder(ctx: Ctx, scope: OrderScope, idOrNumber: string | number): Promise<RawRow | undefined> {
  const [raw] = await ctx.db.select(rowColumns).from(orders).where(and(scope.where, orderRef(idOrNumber))).limit(1);
  return raw as RawRow | undefined;
}

/**
 * One order the viewer may reach through a call open to `grants`, by numeric id or order number; anything
 * else is 404 'Order not found' (absent and out of scope look the same).
 */
export async function getOrderForViewer(ctx: Ctx, viewer: Viewer, idOrNumber: string | number, grants: readonly GrantKey[] = ["orders:view"]): Promise<OrderRow> {
  const scope = await resolveOrderScope(ctx, viewer, grants);
  const raw = await findScopedOrder(ctx, scope, idOrNumber);
  if (!raw) throw new NotFoundError(UPDATE_MESSAGES.notFound);
  return toRow(raw, scope);
}

/**
 * The lines of one order the viewer may reach through `grants`, in pick order: nothing when the order is out
 * of reach. Scoped in the same statement, so it can be read alongside the order (one round trip, not two).
 */
export async function orderLinesForViewer(ctx: Ctx, viewer: Viewer, idOrNumber: string | number, grants: readonly GrantKey[] = ["orders:view"]) {
  const scope = await resolveOrderScope(ctx, viewer, grants);
  const reachable = ctx.db.select({ id: orders.id }).from(orders).where(and(scope.where, orderRef(idOrNumber)));
  return ctx.db
    .select({ orderId: orderLines.orderId, lineItemId: orderLines.lineItemId, sku: orderLines.sku, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, reachable))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

// ---------------------------------------------------------------- update

const ALLOWED_PAYMENTS: readonly string[] = [...PAYMENT_OPTIONS, ...PAID_VARIANTS];

export const orderUpdateSchema = z.object({
  paymentStatus: z.string().trim().superRefine((value, issue) => {
    if (isPaymentUnset(value)) issue.addIssue({ code: "custom", message: UPDATE_MESSAGES.paymentRequired });
    else if (!ALLOWED_PAYMENTS.includes(value)) issue.addIssue({ code: "custom", message: `Unknown payment status '${value}'` });
  }),
  orderType: z.enum(ORDER_TYPES, { message: UPDATE_MESSAGES.orderTypeRequired }),
  truckingCompany: z.string().trim().max(120).nullish(),
  warehouseAssignment: z
    .array(z.string().trim().min(1, "Assignment labels cannot be blank").max(200), { message: UPDATE_MESSAGES.assignmentRequired })
    .min(1, UPDATE_MESSAGES.assignmentRequired)
    .max(50),
  notes: z.string().max(5000).nullish(),
  assignedBy: z.string().max(200).nullish(),
  version: z.number().int().min(1).optional(),
});
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

/** 400 with the first problem as the message (e.g. 'Payment must be set') and every field's errors. */
export function parseOrderUpdate(raw: unknown): OrderUpdateInput {
  const parsed = orderUpdateSchema.safeParse(raw ?? {});
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid input", fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** The saved answer: the contract's OrderSavedSchema, rows as the server builds them. */
export type OrderUpdateResult = OrderRow & Pick<zm.output<typeof OrderSavedSchema>, "trackingPaymentStatus">;

/**
 * Applies an edit from the stepper. The order status is derived (statusAfterEdit), never taken from the
 * client; trucking is for holders of `orders:trucking` only: anyone else's value is stripped and the rest applied
 * (spec 001 §5). The write is conditional on the version the
 * editor loaded: a stale edit gets 409 with the current row, and the audit event is written in the same
 * batch only when the row was updated.
 */
export async function updateOrder(ctx: Ctx, viewer: Viewer, idOrNumber: string | number, input: OrderUpdateInput): Promise<OrderUpdateResult> {
  const scope = await resolveOrderScope(ctx, viewer);
  const current = await findScopedOrder(ctx, scope, idOrNumber);
  if (!current) throw new NotFoundError(UPDATE_MESSAGES.notFound);

  const mayTruck = viewer.isAdmin || hasGrant(viewer.grants, "orders:trucking");
  // A sales rep's trucking company is stripped, not refused: refusing lost the payment and assignment she set.
  let truckingCompany = current.truckingCompany;
  if (mayTruck) {
    truckingCompany = normalizeTrucking(input.truckingCompany);
    if (!truckingCompany) throw new ValidationError(UPDATE_MESSAGES.truckingRequired, { truckingCompany: [UPDATE_MESSAGES.truckingRequired] });
  }

  const next = {
    paymentStatus: input.paymentStatus,
    orderType: input.orderType,
    truckingCompany,
    warehouseAssignment: input.warehouseAssignment,
    notes: input.notes ?? current.notes,
    orderStatus: statusAfterEdit({
      before: current,
      after: { orderType: input.orderType, paymentStatus: input.paymentStatus, warehouseAssignment: input.warehouseAssignment },
    }),
  };
  const changes = diffFields(current, next, ["paymentStatus", "orderType", "truckingCompany", "warehouseAssignment", "notes", "orderStatus"]);
  const at = ctx.now().toISOString();
  const updated = await updateVersioned(
    ctx.db,
    orders,
    { id: current.id, version: input.version ?? current.version },
    { ...next, lastUpdatedAt: at, updatedAt: at },
    { actor: viewer, at, input: { entityType: "order", entityId: current.orderNumber, action: "update", changes } },
  );
  if (!updated) {
    const latest = await findScopedOrder(ctx, scope, current.id);
    throw new ConflictError(UPDATE_MESSAGES.stale, latest ? toRow(latest, scope) : null);
  }
  // The saved row is what was read plus what was written (the version check proved nothing else changed
  // it), so no second read is needed: at the edge each read is a round trip to Turso. A viewer whose rows
  // are limited is answered from a fresh read, in case the edit moved the order out of their reach.
  const row =
    scope.kind === "all"
      ? toRow({ ...current, ...next, lastUpdatedAt: at, updatedAt: at, version: current.version + 1 } as RawRow, scope)
      : await getOrderForViewer(ctx, viewer, current.id);
  return { ...row, trackingPaymentStatus: row.paymentStatus };
}
