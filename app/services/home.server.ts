// The home page's live data: KPI counts in SQL, the floor's work (a warehouse employee's picks, a driver's
// deliveries), recent activity as sentences from the audit trail, announcements.
//
// KPI definitions (DESIGN section 8: live counts, not the old fixed sample values):
// - Orders Today, Awaiting Trucking, Not Delivered: exactly the Order Tracking tiles for the same viewer
//   (orderKpis in orders.server.ts, in their `orders:view` scope), so the two screens never disagree.
// - Pending Returns: return requests still pending or under review ('pending', 'under_review', legacy
//   'review'); shown only to viewers holding `returns:view`.
//
// The floor's work is read live (not from the prepared task lists): an order assigned a minute ago is on the
// picker's home at once. The same rules decide it as the task lists (app/domain/tasks/floor.ts).
import { and, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { announcements, auditEvents, orderLines, orders, returnRequests, routeStops } from "../../db/schema";
import { mayOpen } from "~/domain/access/areas";
import { hasGrant } from "~/domain/access/roles";
import { hiddenOrderFields } from "~/domain/access/visibility";
import { DELIVERY_ORDER_TYPES } from "~/domain/orders/constants";
import { describeActivity } from "~/domain/shell/activity";
import { daysSinceOrder } from "~/domain/tasks/rules";
import { floorStage, floorTaskKinds, isCashOnDelivery, routeOrder, taskHref } from "~/domain/tasks/floor";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { orderKpis, resolveOrderScope, type OrderKpis } from "./orders.server";
import { distinctStatuses, kindScope, statusIn, statusSets } from "./task-lists.server";
import type { DeliveryStop, DeliveryWork, PickItem, PickWork, RouteStopView } from "~/domain/shell/home";
import { easternDay } from "~/domain/delivery/rules";
import { proofLabels } from "~/domain/delivery/route";
import { myRoute } from "./delivery-routes.server";

type Ctx = Pick<AppContext, "db" | "now">;

export type HomeKpis = OrderKpis & { pendingReturns: number | null };
export type ActivityItem = { id: number; actor: string; sentence: string; at: string; href: string | null };
export type Announcement = { id: number; title: string; body: string; publishedAt: string };

export const PENDING_RETURN_STATUSES = ["pending", "under_review", "review"];
const ACTIVITY_LIMIT = 8;
const ANNOUNCEMENT_LIMIT = 5;
/** Picks and stops shown on the home page; the rest are counted and are in Order Tracking. */
export const FLOOR_LIST_LIMIT = 20;
/** Stops put in route order at most (a driver's day is a few dozen; this only bounds a pathological list). */
const ROUTE_CANDIDATES = 500;

async function pendingReturns(ctx: Pick<AppContext, "db">, viewer: Viewer): Promise<number | null> {
  if (!viewer.isAdmin && !hasGrant(viewer.grants, "returns:view")) return null;
  const [row] = await ctx.db.select({ n: sql<number>`count(*)` }).from(returnRequests).where(inArray(returnRequests.status, PENDING_RETURN_STATUSES));
  return Number(row?.n ?? 0);
}

export async function homeKpis(ctx: Ctx, viewer: Viewer): Promise<HomeKpis> {
  const [orderTiles, returns] = await Promise.all([orderKpis(ctx, viewer), pendingReturns(ctx, viewer)]);
  return { ...orderTiles, pendingReturns: returns };
}

// ---------------------------------------------------------------- the floor's work

export type { DeliveryStop, DeliveryWork, PickItem, PickWork };

export type FloorWork = { picks: PickWork | null; deliveries: DeliveryWork | null };

const notPicked = sql`NOT EXISTS (SELECT 1 FROM pick_list_status p WHERE p.order_id = ${orders.id} AND p.completed_at IS NOT NULL)`;

type PickRow = { id: number; orderNumber: string; customerName: string; orderStatus: string; orderType: string; orderDate: string; total: number; lines: number; units: number };

/**
 * A warehouse employee's picks: assigned to her (her pick scope), not picked yet, oldest first. One statement
 * (decision 044): the orders waiting to be picked are read as (id, date) off the status index, each tested against
 * her scope, whose word-index subquery runs once; left to itself SQLite drives from the word index instead, one
 * row lookup for every order she was ever assigned. The count and the oldest page come from that one list, and
 * each order's size (lines, units) from the order-lines index.
 */
export async function myPicks(ctx: Ctx, viewer: Viewer, limit = FLOOR_LIST_LIMIT): Promise<PickWork> {
  const [{ where }, statuses] = await Promise.all([kindScope(ctx, viewer, "pick"), distinctStatuses(ctx)]);
  const toPick = statusSets(statuses).toPick;
  // INDEXED BY needs a condition the index answers: with no status waiting to be picked, nothing is.
  if (!toPick.length) return { total: 0, items: [] };
  const rows = await ctx.db.all<PickRow>(sql`WITH mine AS MATERIALIZED (
      SELECT ${orders.id} AS id, ${orders.orderDate} AS order_date FROM ${orders} INDEXED BY orders_status_lc_date_idx
      WHERE ${and(statusIn(toPick), notPicked, where)})
    SELECT o.id AS id, o.order_number AS orderNumber, o.customer_name AS customerName, o.order_status AS orderStatus, o.order_type AS orderType,
      o.order_date AS orderDate, (SELECT count(*) FROM mine) AS total,
      (SELECT count(*) FROM ${orderLines} l WHERE l.order_id = o.id) AS lines,
      (SELECT coalesce(sum(l.quantity), 0) FROM ${orderLines} l WHERE l.order_id = o.id) AS units
    FROM mine JOIN ${orders} o ON o.id = mine.id ORDER BY mine.order_date, mine.id LIMIT ${Math.max(1, limit)}`);
  const now = ctx.now();
  return {
    // No row means no pick at all: the count rides on the rows.
    total: Number(rows[0]?.total ?? 0),
    items: rows.slice(0, limit).map((r) => ({
      orderId: Number(r.id),
      orderNumber: r.orderNumber,
      customerName: r.customerName,
      orderStatus: r.orderStatus,
      orderType: r.orderType,
      orderDate: r.orderDate,
      daysSinceOrder: daysSinceOrder(r.orderDate, now),
      lines: Number(r.lines ?? 0),
      units: Number(r.units ?? 0),
      href: taskHref("pick", r.orderNumber),
    })),
  };
}

function utcDayStart(date: Date, offsetDays = 0): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + offsetDays)).toISOString();
}

/** A candidate as SQLite's json_array() gives it, in the order of DeliveryCandidate's fields. */
type CandidateValues = [number, string, string, string, string, string, string[] | null, string | null, string, string];

type OpenDeliveries = { rows: DeliveryCandidate[]; count: number; delivered: number; hidePayment: boolean };
/** A stop's own fields as read (the rest of a DeliveryStop is worked out from them). */
type DeliveryCandidate = Pick<DeliveryStop, "orderNumber" | "customerName" | "orderStatus" | "orderType" | "warehouseLocation" | "addressLines" | "mapsUrl"> & {
  id: number;
  paymentStatus: string;
  orderDate: string;
};

/**
 * The driver's open deliveries apart from his planned route (the oldest candidates, their count) and what he
 * delivered today. Read beside the route rather than after it, so a driver's home needs no more round trips
 * than the route does: the route's orders are left out in SQL (his stops that day, the stops myRoute reads).
 * Each read is an index range (decision 044): his stages, types and warehouses among the undelivered orders,
 * and today's completions.
 */
async function openDeliveries(ctx: Ctx, viewer: Viewer, day: string, now: Date): Promise<OpenDeliveries> {
  const [{ where, hidePayment }, statuses] = await Promise.all([kindScope(ctx, viewer, "delivery"), distinctStatuses(ctx)]);
  const sets = statusSets(statuses);
  const deliveries = and(where, inArray(orders.orderType, [...DELIVERY_ORDER_TYPES]));
  const toDeliver = and(deliveries, statusIn([...sets.picked, ...sets.onTruck]), isNull(orders.deliveryCompletedAt));
  const driverId = viewer.kind === "user" ? viewer.userId : null;
  const onRoute = sql`SELECT ${routeStops.orderId} FROM ${routeStops} WHERE ${routeStops.driverId} = ${driverId} AND ${routeStops.date} = ${day}`;
  const apart = driverId === null ? toDeliver : and(toDeliver, sql`${orders.id} NOT IN (${onRoute})`);
  // The candidates' ids and dates come off the index alone; only those rows are read whole, and SQLite hands
  // them over as one JSON text (500 rows decoded value by value cost more than the reads).
  const [[page], [count], [delivered]] = await Promise.all([
    ctx.db.all<{ list: string | null }>(sql`SELECT json_group_array(json_array(o.id, o.order_number, o.customer_name, o.order_status, o.order_type,
        o.warehouse_location, json(coalesce(o.address_lines, '[]')), o.maps_url, o.payment_status, o.order_date)) AS list
      FROM (SELECT ${orders.id} AS id FROM ${orders} WHERE ${apart} ORDER BY ${orders.orderDate}, ${orders.id} LIMIT ${ROUTE_CANDIDATES}) c
      JOIN ${orders} o ON o.id = c.id`),
    ctx.db.select({ n: sql<number>`count(*)` }).from(orders).where(apart),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(deliveries, gte(orders.deliveryCompletedAt, utcDayStart(now)), lt(orders.deliveryCompletedAt, utcDayStart(now, 1)))),
  ]);
  const rows = (JSON.parse(page?.list ?? "[]") as CandidateValues[]).map(
    ([id, orderNumber, customerName, orderStatus, orderType, warehouseLocation, addressLines, mapsUrl, paymentStatus, orderDate]) => ({
      id,
      orderNumber,
      customerName,
      orderStatus,
      orderType,
      warehouseLocation,
      addressLines: addressLines ?? [],
      mapsUrl,
      paymentStatus,
      orderDate,
    }),
  );
  return {
    rows,
    count: Number(count?.n ?? 0),
    delivered: Number(delivered?.n ?? 0),
    hidePayment,
  };
}

/**
 * A driver's deliveries for today: delivery orders in their delivery scope that are picked and ready to
 * load or on the truck, not delivered yet, in route order; and how many they delivered today (UTC day,
 * as the Orders Today tile).
 */
export async function todaysDeliveries(ctx: Ctx, viewer: Viewer, limit = FLOOR_LIST_LIMIT): Promise<DeliveryWork> {
  const now = ctx.now();
  const day = easternDay(now);
  // Today's planned route comes first (issue 24); whatever else is open in scope is listed apart.
  const [planned, { rows, count, delivered, hidePayment }] = await Promise.all([myRoute(ctx, viewer, day), openDeliveries(ctx, viewer, day, now)]);
  const stops = routeOrder(rows).slice(0, limit);
  const route: RouteStopView[] = planned.stops.map((s, i) => ({
    orderId: s.orderId,
    orderNumber: s.orderNumber,
    customerName: s.customerName,
    orderStatus: s.orderStatus,
    orderType: s.orderType,
    warehouseLocation: s.warehouseLocation,
    addressLines: s.addressLines,
    mapsUrl: s.mapsUrl,
    onTruck: floorStage(s.orderStatus) === "on-truck",
    cashOnDelivery: s.codDueCents !== null,
    daysSinceOrder: daysSinceOrder(s.orderDate, now),
    href: taskHref("delivery", s.orderNumber),
    stopNumber: i + 1,
    done: s.done,
    codDueCents: s.codDueCents,
    proofNeeded: proofLabels({ ...s.requiredProof, codPhoto: s.requiredProof.codPhoto && s.codDueCents !== null }),
  }));
  return {
    total: count + route.filter((s) => !s.done).length,
    deliveredToday: delivered,
    route,
    items: stops.map((r) => ({
      orderId: r.id,
      orderNumber: r.orderNumber,
      customerName: r.customerName,
      orderStatus: r.orderStatus,
      orderType: r.orderType,
      warehouseLocation: r.warehouseLocation,
      addressLines: r.addressLines,
      mapsUrl: r.mapsUrl,
      onTruck: floorStage(r.orderStatus) === "on-truck",
      cashOnDelivery: !hidePayment && isCashOnDelivery(r.paymentStatus),
      daysSinceOrder: daysSinceOrder(r.orderDate, now),
      href: taskHref("delivery", r.orderNumber),
    })),
  };
}

/**
 * The floor's work for viewers who do not see every order: picks for those who pick, deliveries for those who
 * deliver (the kinds of task they get in the Task Center). Office viewers: null (their home is the spec's).
 */
export async function floorWork(ctx: Ctx, viewer: Viewer): Promise<FloorWork | null> {
  if (viewer.kind !== "user" || (await resolveOrderScope(ctx, viewer)).kind === "all") return null;
  const kinds = floorTaskKinds(viewer.grants);
  const [picks, deliveries] = await Promise.all([
    kinds.includes("pick") ? myPicks(ctx, viewer) : null,
    kinds.includes("delivery") ? todaysDeliveries(ctx, viewer) : null,
  ]);
  return picks || deliveries ? { picks, deliveries } : null;
}

// ---------------------------------------------------------------- activity and announcements

/**
 * The latest audit events as sentences. Viewers who see every order see everyone's activity; a viewer
 * limited to a location or assignment sees only their own, since others' events name records outside their
 * scope. A field the viewer may not see is left out of every event, and an event with nothing else is left
 * out (decision 010).
 */
export async function recentActivity(ctx: Pick<AppContext, "db">, viewer: Viewer): Promise<ActivityItem[]> {
  const scope = await resolveOrderScope(ctx, viewer);
  const seesAll = scope.kind === "all";
  if (!seesAll && !viewer.userId) return [];
  const rows = await ctx.db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorName: auditEvents.actorName,
      actorEmail: auditEvents.actorEmail,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(seesAll ? undefined : eq(auditEvents.actorId, viewer.userId!))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ACTIVITY_LIMIT * 2);
  const hidden = new Set<string>(hiddenOrderFields(scope.visibility));
  return rows
    .flatMap((r) => {
      const changes = (r.changes ?? []).filter((c) => !hidden.has(c.field));
      if ((r.changes ?? []).length && !changes.length) return [];
      const line = describeActivity({ ...r, changes });
      // A sentence stays, but it links only where the reader may go (decision 032).
      const href = line.href && mayOpen(viewer, line.href) ? line.href : null;
      return [{ id: r.id, actor: line.actor, sentence: line.sentence, at: r.at, href }];
    })
    .slice(0, ACTIVITY_LIMIT);
}

export async function latestAnnouncements(ctx: Ctx): Promise<Announcement[]> {
  return ctx.db
    .select({ id: announcements.id, title: announcements.title, body: announcements.body, publishedAt: announcements.publishedAt })
    .from(announcements)
    .where(lte(announcements.publishedAt, ctx.now().toISOString()))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(ANNOUNCEMENT_LIMIT);
}

export async function homeData(ctx: Ctx, viewer: Viewer) {
  const [kpis, activity, news, floor] = await Promise.all([homeKpis(ctx, viewer), recentActivity(ctx, viewer), latestAnnouncements(ctx), floorWork(ctx, viewer)]);
  return { kpis, activity, announcements: news, floor };
}
