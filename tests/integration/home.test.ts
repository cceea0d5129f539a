// The home page's KPI tiles against Order Tracking's for the same viewer (one definition of each count),
// the Pending Returns tile's audience, and whose activity a viewer sees.
import { beforeAll, describe, expect, it } from "vitest";
import { getStaffViewer, type Viewer } from "~/lib/session.server";
import { loader as kpisLoader } from "~/routes/api.order-trackers.kpis";
import { homeKpis, recentActivity } from "~/services/home.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

const EMAILS = ["admin", "logistics", "sales", "warehouse", "driver"].map((r) => `${r}@goldengrain.test`);

let ctx: ReturnType<typeof createTestContext>;
const viewers = new Map<string, { viewer: Viewer; cookie: string }>();

beforeAll(async () => {
  const db = await createSeededTestDatabase({ orders: 400 });
  ctx = createTestContext(db, { now: SEED_NOW });
  for (const email of EMAILS) {
    const cookie = await staffCookie(ctx.app, email);
    const viewer = await getStaffViewer(request("/", { cookie }), ctx.app);
    if (!viewer) throw new Error(`no session for ${email}`);
    viewers.set(email, { viewer, cookie });
  }
}, 60_000);

async function trackingKpis(cookie: string) {
  const res = (await settle(() => kpisLoader({ request: request("/api/order-trackers/kpis", { cookie }), context: ctx, params: {} }))) as Response;
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, number> }).data;
}

describe("home KPIs", () => {
  it.each(EMAILS)("Orders Today, Awaiting Trucking and Not Delivered equal the Order Tracking tiles for %s", async (email) => {
    const { viewer, cookie } = viewers.get(email)!;
    const home = await homeKpis(ctx.app, viewer);
    const tracking = await trackingKpis(cookie);
    expect({ ordersToday: home.ordersToday, awaitingTrucking: home.awaitingTrucking, notDelivered: home.notDelivered }).toEqual(tracking);
  });

  it("scopes the counts: a driver counts fewer open orders than logistics, and some", async () => {
    const all = await homeKpis(ctx.app, viewers.get("logistics@goldengrain.test")!.viewer);
    const driver = await homeKpis(ctx.app, viewers.get("driver@goldengrain.test")!.viewer);
    expect(driver.notDelivered).toBeGreaterThan(0);
    expect(driver.notDelivered).toBeLessThan(all.notDelivered);
  });

  it("shows Pending Returns only to holders of returns:view", async () => {
    expect((await homeKpis(ctx.app, viewers.get("logistics@goldengrain.test")!.viewer)).pendingReturns).toEqual(expect.any(Number));
    expect((await homeKpis(ctx.app, viewers.get("driver@goldengrain.test")!.viewer)).pendingReturns).toEqual(expect.any(Number));
    expect((await homeKpis(ctx.app, viewers.get("warehouse@goldengrain.test")!.viewer)).pendingReturns).toBeNull();
  });
});

describe("recent activity", () => {
  it("a viewer who sees every order sees everyone's events; a scoped viewer only their own", async () => {
    const all = await recentActivity(ctx.app, viewers.get("sales@goldengrain.test")!.viewer);
    expect(new Set(all.map((a) => a.actor)).size).toBeGreaterThan(1);
    const driver = viewers.get("driver@goldengrain.test")!.viewer;
    const own = await recentActivity(ctx.app, driver);
    expect(own.every((a) => a.actor === driver.name || a.actor === driver.email)).toBe(true);
  });
});
