// Sequential database round trips (issue 14): in production every query is a trip from the edge to Turso,
// so the busiest page loads and /api calls must need at most 3, counted through @libsql/client/web and the
// local libSQL HTTP server (bench/round-trips.ts prints the same table in `npm run bench`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureCase, TRIP_CASES, tripCookies } from "../../bench/round-trips";
import { openTripHarness, type TripHarness } from "../../bench/round-trips-harness";
import { getOrderForViewer } from "~/services/orders.server";
import { getStaffViewer } from "~/lib/session.server";
import { request } from "../support/context";

let h: TripHarness;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  h = await openTripHarness({ orders: 300 });
  Object.assign(cookies, await tripCookies(h));
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("at most 3 sequential round trips", () => {
  it.each(TRIP_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const trips = await measureCase(h, c, cookies);
    expect(trips.sequential).toBeGreaterThan(0); // the counter sees the traffic
    expect(trips.sequential).toBeLessThanOrEqual(3);
  });

  it("one round trip finds the session, the member, the role and the grants", async () => {
    const trips = await h.counter.measure(() => getStaffViewer(request("/api/me", { cookie: cookies.admin }), h.ctx.app));
    expect(trips).toEqual({ sequential: 1, total: 1 });
  });

  it("an edit's answer is the row a fresh read gives", async () => {
    const save = TRIP_CASES.find((c) => c.name.startsWith("PUT /api/order-trackers"))!;
    const [run] = save.run(h, cookies);
    const res = (await run!()) as Response;
    const saved = ((await res.json()) as { data: Record<string, unknown> }).data;
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.admin }), h.ctx.app))!;
    const fresh = await getOrderForViewer(h.ctx.app, viewer, String(saved.orderNumber));
    expect(saved).toEqual({ ...fresh, trackingPaymentStatus: fresh.paymentStatus });
  });
});
