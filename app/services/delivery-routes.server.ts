// A driver's day as a route (issue 24): the day's plan for planners and drivers, and saving a driver's day
// (the ordered order ids) scoped, audited and checked against the list the planner started from.
import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditEvents, geoPoints, orders, roleGrants, routeStops, users } from "../../db/schema";
import { hasGrant } from "~/domain/access/roles";
import { easternDay } from "~/domain/delivery/rules";
import { isPlanDate, repeatedStop, sameStops, type LatLng } from "~/domain/delivery/route";
import type { DayPlan, DriverDay, MyRoute, RouteStop } from "~/domain/delivery/route-contract";
import { DELIVERY_ORDER_TYPES } from "~/domain/orders/constants";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors";
import { isCashOnDelivery } from "~/domain/tasks/floor";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { auditValues, type AuditInput } from "~/lib/writes.server";
import { requiredProofSettings } from "./delivery.server";
import { resolveOrderScope } from "./orders.server";
import { distinctStatuses, statusIn, statusSets } from "./task-lists.server";

type Ctx = Pick<AppContext, "db" | "now">;

/** The most open deliveries the planning screen lists as unplanned. */
const UNPLANNED_LIMIT = 200;

/** The company's day for a request: the given YYYY-MM-DD, or today in Eastern time. */
export function planDateOf(ctx: Pick<AppContext, "now">, value: string | null | undefined): string {
  if (!value) return easternDay(ctx.now());
  if (!isPlanDate(value)) throw new ValidationError("Pick a date (YYYY-MM-DD).", { date: ["Pick a valid date."] });
  return value;
}

export function mayPlan(viewer: Viewer): boolean {
  return viewer.kind === "user" && (viewer.isAdmin || hasGrant(viewer.grants, "delivery:plan"));
}

const stopFields = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  orderType: orders.orderType,
  orderStatus: orders.orderStatus,
  addressLines: orders.addressLines,
  mapsUrl: orders.mapsUrl,
  orderDate: orders.orderDate,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
  deliveryCompletedAt: orders.deliveryCompletedAt,
  warehouseLocation: orders.warehouseLocation,
};
type StopRow = { [K in keyof typeof stopFields]: (typeof orders.$inferSelect)[K extends "id" ? "id" : K] };

async function openDeliveryCondition(ctx: Ctx): Promise<SQL> {
  const sets = statusSets(await distinctStatuses(ctx));
  return and(inArray(orders.orderType, [...DELIVERY_ORDER_TYPES]), statusIn([...sets.picked, ...sets.onTruck]), isNull(orders.deliveryCompletedAt))!;
}

async function stopShaper(ctx: Ctx, hidePayment: boolean, orderIds: readonly number[]) {
  const [proof, points] = await Promise.all([
    // It reads only the database, which is all the home's context carries.
    requiredProofSettings(ctx as AppContext),
    orderIds.length
      ? ctx.db.select().from(geoPoints).where(inArray(geoPoints.subject, orderIds.map((id) => `order:${id}`)))
      : Promise.resolve([]),
  ]);
  const point = new Map<string, LatLng>(points.map((p) => [p.subject, { lat: p.lat, lng: p.lng }]));
  return (r: StopRow): RouteStop => {
    const cod = !hidePayment && isCashOnDelivery(r.paymentStatus);
    return {
      orderId: r.id,
      orderNumber: r.orderNumber,
      customerName: r.customerName,
      orderType: r.orderType,
      orderStatus: r.orderStatus,
      addressLines: r.addressLines ?? [],
      mapsUrl: r.mapsUrl ?? null,
      orderDate: r.orderDate ?? "",
      codDueCents: cod ? (r.totalCents ?? 0) : null,
      requiredProof: proof[r.orderType] ?? { receiverName: true, signature: true, photo: false, codPhoto: cod },
      done: !!r.deliveryCompletedAt,
      warehouseLocation: r.warehouseLocation,
      point: point.get(`order:${r.id}`) ?? null,
    };
  };
}

/** The stops of one or more drivers' day, in order, limited to `where` (the viewer's orders). */
async function stopsOf(ctx: Ctx, date: string, driverIds: readonly number[], where: SQL | undefined) {
  if (!driverIds.length) return [];
  return ctx.db
    .select({ driverId: routeStops.driverId, position: routeStops.position, ...stopFields })
    .from(routeStops)
    .innerJoin(orders, eq(orders.id, routeStops.orderId))
    .where(and(eq(routeStops.date, date), inArray(routeStops.driverId, [...driverIds]), where))
    .orderBy(asc(routeStops.driverId), asc(routeStops.position));
}

/** The members who deliver: their role holds delivery:perform. */
async function drivers(ctx: Ctx, only?: number) {
  return ctx.db
    .selectDistinct({ id: users.id, name: users.name, email: users.email, locationIds: users.locationIds, orderTypes: users.orderTypes })
    .from(users)
    .innerJoin(roleGrants, eq(roleGrants.roleId, users.roleId))
    .where(and(eq(roleGrants.key, "delivery:perform"), only === undefined ? undefined : eq(users.id, only)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The day's plan: a planner sees every driver's stops in their planning scope and the open deliveries on no
 * route that day; anyone else sees only their own day (and no unplanned list).
 */
export async function dayPlan(ctx: Ctx, viewer: Viewer, date: string): Promise<DayPlan> {
  const canPlan = mayPlan(viewer);
  if (!canPlan) {
    const mine = await myRoute(ctx, viewer, date);
    return {
      date,
      canPlan,
      drivers:
        viewer.userId === null
          ? []
          : [{ driverId: viewer.userId, driverName: viewer.name, driverEmail: viewer.email, locationIds: [...viewer.locationIds], orderTypes: [...viewer.orderTypes], stops: mine.stops }],
      unplanned: [],
      warehousePoints: {},
    };
  }
  const scope = await resolveOrderScope(ctx, viewer, ["delivery:plan"]);
  const [people, open] = await Promise.all([drivers(ctx), openDeliveryCondition(ctx)]);
  const rows = await stopsOf(ctx, date, people.map((p) => p.id), scope.where);
  const plannedToday = ctx.db.select({ id: routeStops.orderId }).from(routeStops).where(eq(routeStops.date, date));
  const unplannedRows = await ctx.db
    .select(stopFields)
    .from(orders)
    .where(and(scope.where, open, notInArray(orders.id, plannedToday)))
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .limit(UNPLANNED_LIMIT);
  const shape = await stopShaper(ctx, scope.hidePayment, [...rows.map((r) => r.id), ...unplannedRows.map((r) => r.id)]);
  return {
    date,
    canPlan,
    drivers: people.map((p) => ({
      driverId: p.id,
      driverName: p.name || p.email,
      driverEmail: p.email,
      locationIds: p.locationIds ?? [],
      orderTypes: p.orderTypes ?? [],
      stops: rows.filter((r) => r.driverId === p.id).map(shape),
    })),
    unplanned: unplannedRows.map(shape),
    warehousePoints: await warehousePoints(ctx),
  };
}

/** The signed-in driver's stops for the day, in order, within their delivery scope. */
export async function myRoute(ctx: Ctx, viewer: Viewer, date: string): Promise<MyRoute> {
  if (viewer.kind !== "user" || viewer.userId === null) return { date, stops: [] };
  const scope = await resolveOrderScope(ctx, viewer, ["delivery:perform"]);
  const rows = await stopsOf(ctx, date, [viewer.userId], scope.where);
  const shape = await stopShaper(ctx, scope.hidePayment, rows.map((r) => r.id));
  return { date, stops: rows.map(shape) };
}

async function currentIds(ctx: Ctx, driverId: number, date: string): Promise<number[]> {
  const rows = await ctx.db
    .select({ orderId: routeStops.orderId })
    .from(routeStops)
    .where(and(eq(routeStops.driverId, driverId), eq(routeStops.date, date)))
    .orderBy(asc(routeStops.position));
  return rows.map((r) => r.orderId);
}

type Driver = { id: number; name: string; email: string; locationIds: string[] | null; orderTypes: string[] | null };

/** Whether an order is in the driver's area (his warehouses and delivery types; none set: every one), as his scope reads it. */
export function inDriverArea(driver: Pick<Driver, "locationIds" | "orderTypes">, order: { warehouseLocation: string; orderType: string }): boolean {
  const locations = driver.locationIds ?? [];
  const types = driver.orderTypes?.length ? driver.orderTypes : DELIVERY_ORDER_TYPES;
  return (!locations.length || locations.includes(order.warehouseLocation)) && types.includes(order.orderType);
}

async function driverDay(ctx: Ctx, viewer: Viewer, driver: Driver, date: string): Promise<DriverDay> {
  const scope = await resolveOrderScope(ctx, viewer, ["delivery:plan"]);
  const rows = await stopsOf(ctx, date, [driver.id], scope.where);
  const shape = await stopShaper(ctx, scope.hidePayment, rows.map((r) => r.id));
  return {
    driverId: driver.id,
    driverName: driver.name || driver.email,
    driverEmail: driver.email,
    locationIds: driver.locationIds ?? [],
    orderTypes: driver.orderTypes ?? [],
    stops: rows.map(shape),
  };
}

const listSql = (driverId: number, date: string) =>
  sql`coalesce((SELECT group_concat(order_id, ',') FROM (SELECT order_id FROM ${routeStops} WHERE driver_id = ${driverId} AND date = ${date} ORDER BY position)), '')`;

/** An audit event written only if, at that point of the batch, the driver's day holds exactly `ids`. */
function auditIfPlanIs(ctx: Ctx, values: typeof auditEvents.$inferInsert, driverId: number, date: string, ids: readonly number[]) {
  return ctx.db.run(sql`INSERT INTO ${auditEvents} (at, acted_at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
    SELECT ${values.at}, ${values.actedAt ?? null}, ${values.actorId ?? null}, ${values.actorEmail ?? ""}, ${values.actorName ?? ""}, ${values.entityType}, ${values.entityId}, ${values.action}, ${JSON.stringify(values.changes ?? [])}
    WHERE ${listSql(driverId, date)} = ${ids.join(",")}`);
}

export type SaveDriverDay = { date: string; orderIds: number[]; expected: number[] };

/**
 * Saves a driver's day as the ordered order ids. Refused: a viewer without delivery:plan (403), an unknown
 * driver or an order that is not an open delivery in the planner's scope (404), an order on another driver's
 * route that day (409), and a list that moved on since the planner loaded it (`expected`, 409 with the
 * current day). Saving the list the day already holds answers it again, so a retried save is harmless.
 */
export async function saveDriverDay(ctx: Ctx, viewer: Viewer, driverId: number, input: SaveDriverDay): Promise<DriverDay> {
  if (!mayPlan(viewer)) throw new ForbiddenError("Only logistics can plan a driver's route.");
  const date = planDateOf(ctx, input.date);
  const repeated = repeatedStop(input.orderIds);
  if (repeated !== null) throw new ValidationError("An order is listed twice on this route.", { orderIds: ["Each order can be on the route once."] });
  const [driver] = await drivers(ctx, driverId);
  if (!driver) throw new NotFoundError("That driver was not found.");
  const before = await currentIds(ctx, driverId, date);
  if (sameStops(before, input.orderIds)) return driverDay(ctx, viewer, driver, date);
  if (!sameStops(before, input.expected)) {
    throw new ConflictError("Someone else changed this driver's route first. Reload to see their change, then try again.", await driverDay(ctx, viewer, driver, date));
  }
  const added = input.orderIds.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !input.orderIds.includes(id));
  const scope = await resolveOrderScope(ctx, viewer, ["delivery:plan"]);
  if (added.length) {
    const open = await openDeliveryCondition(ctx);
    const ok = await ctx.db
      .select({ id: orders.id, orderNumber: orders.orderNumber, warehouseLocation: orders.warehouseLocation, orderType: orders.orderType })
      .from(orders)
      .where(and(inArray(orders.id, added), scope.where, open));
    if (ok.length !== added.length) throw new NotFoundError("One of these orders is not an open delivery you can plan.");
    // The driver could not open a stop outside his own area, so it is refused here rather than lost on his Home.
    const outside = ok.find((o) => !inDriverArea(driver, o));
    if (outside) {
      throw new ValidationError(`${outside.orderNumber} is outside ${driver.name || driver.email}'s area (${outside.warehouseLocation}, ${outside.orderType}).`, {
        orderIds: [`${outside.orderNumber} is not in this driver's warehouses or delivery types.`],
      });
    }
    const elsewhere = await ctx.db
      .select({ orderNumber: orders.orderNumber, driverName: users.name, driverEmail: users.email })
      .from(routeStops)
      .innerJoin(orders, eq(orders.id, routeStops.orderId))
      .innerJoin(users, eq(users.id, routeStops.driverId))
      .where(and(eq(routeStops.date, date), inArray(routeStops.orderId, added)));
    if (elsewhere.length) {
      const e = elsewhere[0]!;
      throw new ConflictError(`${e.orderNumber} is already on ${e.driverName || e.driverEmail}'s route for that day. Remove it there first.`);
    }
  }
  const numbers = new Map(
    (await ctx.db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, [...new Set([...before, ...input.orderIds])]))).map((r) => [r.id, r.n]),
  );
  const label = (ids: readonly number[]) => ids.map((id) => numbers.get(id) ?? String(id));
  const at = ctx.now().toISOString();
  const plannedBy = viewer.email;
  const who = driver.name || driver.email;
  const audits: AuditInput[] = [
    { entityType: "route", entityId: `${date}:${driverId}`, action: "route.save", changes: [{ field: "stops", before: label(before), after: label(input.orderIds) }] },
    ...added.map((id) => ({ entityType: "order", entityId: numbers.get(id) ?? String(id), action: "route.assign", changes: [{ field: "route", before: null, after: `${who}, ${date}` }] })),
    ...removed.map((id) => ({ entityType: "order", entityId: numbers.get(id) ?? String(id), action: "route.remove", changes: [{ field: "route", before: `${who}, ${date}`, after: null }] })),
  ];
  try {
    // Guarded by the list the planner started from: if another save landed between the check above and
    // this batch, the delete and inserts change nothing, no audit is written, and the read below sees it.
    await ctx.db.batch([
      ctx.db.run(sql`DELETE FROM ${routeStops} WHERE driver_id = ${driverId} AND date = ${date} AND ${listSql(driverId, date)} = ${before.join(",")}`),
      ...input.orderIds.map((orderId, i) =>
        ctx.db.run(sql`INSERT INTO ${routeStops} (date, driver_id, order_id, position, planned_by, planned_at)
          SELECT ${date}, ${driverId}, ${orderId}, ${i + 1}, ${plannedBy}, ${at}
          WHERE (SELECT count(*) FROM ${routeStops} WHERE driver_id = ${driverId} AND date = ${date}) = ${i}
            AND NOT EXISTS (SELECT 1 FROM ${routeStops} WHERE driver_id = ${driverId} AND date = ${date} AND (planned_at <> ${at} OR planned_by <> ${plannedBy}))`),
      ),
      ...audits.map((a) => auditIfPlanIs(ctx, auditValues(viewer, at, a), driverId, date, input.orderIds)),
    ] as never);
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String((error as Error)?.message ?? error))) {
      throw new ConflictError("One of these orders was just put on another driver's route for that day. Reload and try again.");
    }
    throw error;
  }
  const after = await currentIds(ctx, driverId, date);
  if (!sameStops(after, input.orderIds)) {
    throw new ConflictError("Someone else changed this driver's route first. Reload to see their change, then try again.", await driverDay(ctx, viewer, driver, date));
  }
  return driverDay(ctx, viewer, driver, date);
}

/** Every warehouse's map point, by location id. */
async function warehousePoints(ctx: Ctx): Promise<Record<string, LatLng>> {
  const rows = await ctx.db.select().from(geoPoints).where(sql`${geoPoints.subject} LIKE 'location:%'`);
  return Object.fromEntries(rows.map((r) => [r.subject.slice("location:".length), { lat: r.lat, lng: r.lng }]));
}

/** PUT /api/delivery/routes/{driverId}'s body (server side, classic zod like every parsed body). */
export const driverDayBodySchema = z
  .object({
    date: z.string().trim().max(10),
    orderIds: z.array(z.number().int().positive()).max(200, "At most 200 stops a day"),
    expected: z.array(z.number().int().positive()).max(200),
  })
  .strict();
