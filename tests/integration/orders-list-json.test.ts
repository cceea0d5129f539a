// The list's rows are JSON text built by SQLite (orders-json.server.ts, decision 044): each row must be exactly
// the row the rest of the server builds in JavaScript (getOrderForViewer's toRow), key for key and in the same
// order, with the fields the viewer may not see left out, for every role; and /api splices them in unchanged.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { OrderListAnswer } from "~/domain/orders/contract";
import { orderListQuerySchema } from "~/domain/orders/query";
import { getStaffViewer } from "~/lib/session.server";
import { loader as listLoader } from "~/routes/api.order-trackers";
import { getOrderForViewer, listOrders } from "~/services/orders.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookies } from "../support/context";

let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};
const ROLES = ["admin", "logistics", "sales", "warehouse", "driver"] as const;

beforeAll(async () => {
  const db = await createSeededTestDatabase({ orders: 300 });
  ctx = createTestContext(db, { now: SEED_NOW });
  // Values JSON must escape, a null map link and a delivered order, so the text is tested where it can differ.
  await db.run(sql`UPDATE ${orders} SET ${sql.identifier("notes")} = ${'quote " back \\ tab \t line\nend é ✓'}, ${sql.identifier("maps_url")} = NULL WHERE ${orders.id} = 1`);
  await db.run(sql`UPDATE ${orders} SET ${sql.identifier("has_delivery_order")} = 1, ${sql.identifier("delivery_completed_at")} = '2026-01-02T03:04:05.000Z' WHERE ${orders.id} = 2`);
  Object.assign(cookies, await staffCookies(ctx.app, [...ROLES]));
}, 60_000);

describe("the list's rows as SQLite's JSON", () => {
  it.each(ROLES)("%s: every row of the first page is toRow's row, key for key", async (who) => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies[who] }), ctx.app))!;
    const page = await listOrders(ctx.app, viewer, orderListQuerySchema.parse({ limit: "100" }));
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) expect(JSON.stringify(row)).toBe(JSON.stringify(await getOrderForViewer(ctx.app, viewer, row.id)));
  });

  it("the escaped, null and boolean values come back as toRow gives them", async () => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.admin }), ctx.app))!;
    const page = await listOrders(ctx.app, viewer, orderListQuerySchema.parse({ limit: "500", sort: "orderNumber", dir: "asc" }));
    const [one, two] = [page.rows.find((r) => r.id === 1)!, page.rows.find((r) => r.id === 2)!];
    expect(one.notes).toBe('quote " back \\ tab \t line\nend é ✓');
    expect(one.address).toEqual({ lines: expect.any(Array), mapsUrl: null });
    expect([two.hasDeliveryOrder, two.deliveryCompletedAt]).toEqual([true, "2026-01-02T03:04:05.000Z"]);
    expect(page.rows.map((r) => r.orderNumber)).toEqual(page.rows.map((r) => r.orderNumber).sort());
  });

  it.each(ROLES)("%s: /api answers the same rows, read by the screen's contract", async (who) => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies[who] }), ctx.app))!;
    const res = await listLoader({ request: request("/api/order-trackers?page=2&limit=25&light=true", { cookie: cookies[who] }), context: ctx, params: {} });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(OrderListAnswer.safeParse(body).success).toBe(true);
    const page = await listOrders(ctx.app, viewer, orderListQuerySchema.parse({ page: "2", limit: "25" }));
    expect(body).toEqual({ success: true, data: page.rows, pagination: page.pagination, meta: page.meta });
  });
});
