// A driver's day as a route (issue 24), through the real /api routes over a libSQL file: a planner assigns and
// reorders, a driver reads only his own day, a driver cannot plan, an order outside the planner's scope is
// refused, a stale reorder is a 409, one order on two routes the same day is refused; answers parse by the contract.
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, roleGrants, users } from "../../db/schema";
import { DayPlanAnswer, DriverDayAnswer, MyRouteAnswer } from "~/domain/delivery/route-contract";
import type { Database } from "~/lib/db.server";
import * as plan from "~/routes/api.delivery.routes";
import * as day from "~/routes/api.delivery.routes.$driverId";
import * as mine from "~/routes/api.delivery.my-route";
import * as today from "~/routes/api.delivery.today";
import { TodayAnswer } from "~/domain/delivery/contract";
import { todaysDeliveries } from "~/services/home.server";
import { getStaffViewer } from "~/lib/session.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";
import { createOrder } from "../support/factories";

type Json = any;
type Mod = { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };

const DATE = "2025-06-20";
let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let logistics: string;
let driver: string;
let admin: string;
let driverId: number;
let otherDriverId: number;

async function call(mod: Mod, method: "GET" | "PUT", path: string, cookie: string, opts: { json?: unknown; params?: Record<string, string> } = {}) {
  const req = request(path, { method, cookie, ...(opts.json !== undefined ? { json: opts.json } : {}) });
  const res = (await settle(() => mod[method === "GET" ? "loader" : "action"]!({ request: req, context: ctx, params: opts.params ?? {} }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

function put(cookie: string, who: number, body: { date: string; orderIds: number[]; expected: number[] }) {
  return call(day, "PUT", `/api/delivery/routes/${who}`, cookie, { json: body, params: { driverId: String(who) } });
}

async function deliveries(n: number, fields: Parameters<typeof createOrder>[1] = {}) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = await createOrder(db, { orderType: "NY/NJ Delivery", orderStatus: "Picked", warehouseLocation: "NY-MAIN", paymentStatus: i === 0 ? "Cash On Delivery" : "Paid", totalCents: 5_000, ...fields });
    out.push(o.id);
  }
  return out;
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  [logistics, driver, admin] = await Promise.all(["logistics", "driver", "admin"].map((n) => staffCookie(ctx.app, `${n}@goldengrain.test`)));
  const [d] = await db.select({ id: users.id }).from(users).where(eq(users.email, "driver@goldengrain.test"));
  driverId = d!.id;
  // A second driver, so "one order on two routes" has somewhere to go.
  const [other] = await db.insert(users).values({ email: "driver2@goldengrain.test", name: "Dana Driver", roleId: "delivery-driver", locationIds: ["NY-MAIN"] }).returning();
  otherDriverId = other!.id;
}, 60_000);

describe("planning a driver's day", () => {
  it("a planner assigns stops, reorders them, and every save is audited", async () => {
    const [a, b, c] = await deliveries(3);
    const first = await put(logistics, driverId, { date: DATE, orderIds: [a!, b!], expected: [] });
    expect(first.status).toBe(200);
    expect(DriverDayAnswer.parse(first.body).stops.map((s) => s.orderId)).toEqual([a, b]);
    expect(first.body.data.stops[0].codDueCents).toBe(5_000);
    expect(first.body.data.stops[1].codDueCents).toBeNull();

    const second = await put(logistics, driverId, { date: DATE, orderIds: [c!, b!, a!], expected: [a!, b!] });
    expect(second.status).toBe(200);
    expect(second.body.data.stops.map((s: Json) => s.orderId)).toEqual([c, b, a]);

    const got = await call(plan, "GET", `/api/delivery/routes?date=${DATE}`, logistics);
    const parsed = DayPlanAnswer.parse(got.body);
    expect(parsed.canPlan).toBe(true);
    expect(parsed.drivers.find((x) => x.driverId === driverId)!.stops.map((s) => s.orderId)).toEqual([c, b, a]);
    expect(parsed.unplanned.map((s) => s.orderId)).not.toContain(a);

    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.entityType, "route"), eq(auditEvents.entityId, `${DATE}:${driverId}`)));
    expect(audits).toHaveLength(2);
    expect(audits[0]!.actorEmail).toBe("logistics@goldengrain.test");
    const assigned = await db.select().from(auditEvents).where(like(auditEvents.action, "route.assign"));
    expect(assigned.length).toBeGreaterThanOrEqual(3);
  });

  it("saving the list the day already holds again is harmless (a retried save)", async () => {
    const [a] = await deliveries(1);
    const body = { date: "2025-06-21", orderIds: [a!], expected: [] };
    expect((await put(logistics, driverId, body)).status).toBe(200);
    const again = await put(logistics, driverId, body);
    expect(again.status).toBe(200);
    expect(again.body.data.stops.map((s: Json) => s.orderId)).toEqual([a]);
  });

  it("a stale reorder is a 409 in plain words with the current day", async () => {
    const [a, b] = await deliveries(2);
    const date = "2025-06-22";
    expect((await put(logistics, driverId, { date, orderIds: [a!, b!], expected: [] })).status).toBe(200);
    expect((await put(admin, driverId, { date, orderIds: [b!, a!], expected: [a!, b!] })).status).toBe(200);
    const stale = await put(logistics, driverId, { date, orderIds: [a!], expected: [a!, b!] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/Someone else changed this driver's route first/);
    expect(stale.body.data.stops.map((s: Json) => s.orderId)).toEqual([b, a]);
  });

  it("one order on two routes the same day is refused", async () => {
    const [a] = await deliveries(1);
    const date = "2025-06-23";
    expect((await put(logistics, driverId, { date, orderIds: [a!], expected: [] })).status).toBe(200);
    const twice = await put(logistics, otherDriverId, { date, orderIds: [a!], expected: [] });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/already on .+'s route for that day/);
    // Another day is another route.
    expect((await put(logistics, otherDriverId, { date: "2025-06-24", orderIds: [a!], expected: [] })).status).toBe(200);
  });

  it("refuses an order listed twice, a bad date and an order that is not an open delivery", async () => {
    const [a] = await deliveries(1);
    expect((await put(logistics, driverId, { date: DATE, orderIds: [a!, a!], expected: [] })).status).toBe(400);
    expect((await put(logistics, driverId, { date: "2025-13-01", orderIds: [a!], expected: [] })).status).toBe(400);
    const willCall = await createOrder(db, { orderType: "Will Call", orderStatus: "Picked", warehouseLocation: "NY-MAIN" });
    expect((await put(logistics, driverId, { date: "2025-06-25", orderIds: [willCall.id], expected: [] })).status).toBe(404);
    // An order the driver could not open (another warehouse's delivery type) is refused by name.
    const [texas] = await deliveries(1, { warehouseLocation: "FL-DIST", orderType: "TX Delivery" });
    const outside = await put(logistics, driverId, { date: "2025-06-25", orderIds: [texas!], expected: [] });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatch(/is outside Dan Driver's area/);
  });
});

describe("who may plan and who reads what", () => {
  it("a driver reads only his own day, and cannot plan (403)", async () => {
    const [a, b] = await deliveries(2);
    const date = "2025-06-26";
    expect((await put(logistics, driverId, { date, orderIds: [a!], expected: [] })).status).toBe(200);
    expect((await put(logistics, otherDriverId, { date, orderIds: [b!], expected: [] })).status).toBe(200);

    const own = await call(mine, "GET", `/api/delivery/my-route?date=${date}`, driver);
    expect(own.status).toBe(200);
    expect(MyRouteAnswer.parse(own.body).stops.map((s) => s.orderId)).toEqual([a]);

    const asPlan = await call(plan, "GET", `/api/delivery/routes?date=${date}`, driver);
    const parsed = DayPlanAnswer.parse(asPlan.body);
    expect(parsed.canPlan).toBe(false);
    expect(parsed.drivers.map((x) => x.driverId)).toEqual([driverId]);
    expect(parsed.unplanned).toEqual([]);

    const refused = await put(driver, driverId, { date, orderIds: [a!, b!], expected: [a!] });
    expect(refused.status).toBe(403);
  });

  it("an order outside the planner's scope is refused", async () => {
    const [ny] = await deliveries(1);
    await db.update(roleGrants).set({ scope: "location" }).where(and(eq(roleGrants.roleId, "logistics-manager"), eq(roleGrants.key, "delivery:plan")));
    await db.update(users).set({ locationIds: ["NJ-WH"] }).where(eq(users.email, "logistics@goldengrain.test"));
    try {
      const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
      const refused = await put(cookie, driverId, { date: "2025-06-27", orderIds: [ny!], expected: [] });
      expect(refused.status).toBe(404);
      const [nj] = await deliveries(1, { warehouseLocation: "NJ-WH" });
      expect((await put(cookie, driverId, { date: "2025-06-27", orderIds: [nj!], expected: [] })).status).toBe(200);
    } finally {
      await db.update(roleGrants).set({ scope: "all" }).where(and(eq(roleGrants.roleId, "logistics-manager"), eq(roleGrants.key, "delivery:plan")));
      await db.update(users).set({ locationIds: ["NY-MAIN", "NJ-WH", "FL-DIST"] }).where(eq(users.email, "logistics@goldengrain.test"));
    }
  });
});

describe("the driver's home and Need Help read today's route first", () => {
  it("the seed plans today's route for the seeded driver: up to 7 open stops, half at most of a small seed", async () => {
    const seeded = await call(mine, "GET", "/api/delivery/my-route", driver);
    const route = MyRouteAnswer.parse(seeded.body);
    expect(route.date).toBe("2025-06-18");
    expect(route.stops.length).toBeGreaterThan(0);
    expect(route.stops.length).toBeLessThanOrEqual(7);
    expect(route.stops.every((s) => !s.done && s.point !== null)).toBe(true);
  });

  it("lists today's planned stops in order, numbered, with what each needs, and the rest apart", async () => {
    const [a, b] = await deliveries(2);
    const date = "2025-06-18"; // SEED_NOW in Eastern time
    const current = (await call(mine, "GET", `/api/delivery/my-route?date=${date}`, driver)).body.data.stops.map((s: Json) => s.orderId);
    expect((await put(logistics, driverId, { date, orderIds: [b!, a!], expected: current })).status).toBe(200);

    const need = await call(today, "GET", "/api/delivery/today", driver);
    expect(TodayAnswer.parse(need.body).slice(0, 2).map((s) => s.orderId)).toEqual([b, a]);

    const work = await todaysDeliveries(ctx.app, (await getStaffViewer(request("/", { cookie: driver }), ctx.app))!);
    expect(work.route!.map((s) => [s.orderId, s.stopNumber])).toEqual([[b, 1], [a, 2]]);
    expect(work.route![1]!.codDueCents).toBe(5_000);
    expect(work.route![1]!.proofNeeded.length).toBeGreaterThan(0);
    expect(work.items.map((s) => s.orderId)).not.toContain(a);
  });
});
