// Pages bring their first data (docs/decisions/008-page-data.md): the loaders of Order Tracking, the picking
// screen and Pick List Check answer, for each viewer, exactly what the /api routes the screens call answer,
// and a visitor those routes refuse gets the refusal and none of the order.
import { asc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, passcodes } from "../../db/schema";
import { latestVerifiedLog } from "~/domain/picking/lines";
import { PAGE_SIZE, WAREHOUSE_PAGE_SIZE } from "~/domain/orders/constants";
import type { Database } from "~/lib/db.server";
import * as orderTracking from "~/routes/_app.order-tracking/route";
import { readKpisBody, readListBody } from "~/components/orders/first-page.server";
import { FIRST_SCREEN_ROWS, firstScreenLimit, paginationOfPage } from "~/components/orders/first-screen";
import * as pickListCheck from "~/routes/_app.pick-list-check";
import * as inventoryApi from "~/routes/api.inventory-summary.by-order-number.$orderNumber";
import * as kpisApi from "~/routes/api.order-trackers.kpis";
import * as ordersApi from "~/routes/api.order-trackers";
import * as logsApi from "~/routes/api.picklists.$orderNumber.logs";
import * as verifyApi from "~/routes/api.picklists.$orderNumber.verify";
import * as salesOrderApi from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import * as pickList from "~/routes/pick-list";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookies } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;

const jsonSafe = (value: unknown): Json => JSON.parse(JSON.stringify(value));

/** A loader's data as the browser receives it (JSON-safe values only). */
async function loaderData(mod: { loader: unknown }, path: string, cookie?: string): Promise<Json> {
  const result = await (mod.loader as Handler)({ request: request(path, { cookie }), context: ctx, params: {} });
  if (result instanceof Response) throw new Error(`loader of ${path} answered ${result.status}`);
  return JSON.parse(JSON.stringify(result));
}

/** What an /api route answers (status and JSON body), refusals included (a thrown Response or typed error). */
async function api(mod: { loader?: unknown }, path: string, cookie: string | undefined, params: Record<string, string> = {}) {
  try {
    const res = (await settle(() => (mod.loader as Handler)({ request: request(path, { cookie }), context: ctx, params }))) as Response;
    return { status: res.status, body: (await res.json()) as Json };
  } catch (error) {
    const typed = error as Error & { status?: number; extra?: Record<string, unknown> };
    if (typeof typed.status !== "number") throw error;
    return { status: typed.status, body: { success: false, error: typed.message, ...typed.extra } as Json };
  }
}

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
}, 60_000);

describe("Order Tracking's loader", () => {
  it.each([
    ["admin", PAGE_SIZE],
    ["logistics", PAGE_SIZE],
    ["sales", PAGE_SIZE],
    ["warehouse", WAREHOUSE_PAGE_SIZE],
    ["driver", PAGE_SIZE],
  ])("holds the first page (a long one's first screen) and the KPIs that /api answers to %s", async (who, pageSize) => {
    const data = await loaderData(orderTracking, "/order-tracking", cookies[who]);
    // A long page (warehouse, 500) comes as its first screen, its pager told in the page's size (decision 045).
    const sent = await api(ordersApi, `/api/order-trackers?page=1&limit=${firstScreenLimit(pageSize)}&light=true`, cookies[who]);
    const list = { ...sent, body: { ...sent.body, pagination: paginationOfPage(sent.body.pagination, pageSize) } };
    const kpis = await api(kpisApi, "/api/order-trackers/kpis", cookies[who]);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(data.can.pageSize).toBe(pageSize);
    // Read on the server by the contracts the screen's calls use (decision 038): the same answer, parsed.
    expect(data.firstPage.list).toEqual(jsonSafe(readListBody(list.body)));
    expect(data.firstPage.kpis).toEqual(jsonSafe(readKpisBody(kpis.body)));
    expect(data.firstPage.rest).toBe(pageSize > FIRST_SCREEN_ROWS && list.body.pagination.total > FIRST_SCREEN_ROWS);
  });

  it("honours the entry search in the URL, parsed as the /api route parses it", async () => {
    const data = await loaderData(orderTracking, "/order-tracking?searchBy=orderNumber&search=SO-100005", cookies.logistics);
    const list = await api(ordersApi, `/api/order-trackers?page=1&limit=${PAGE_SIZE}&light=true&search=SO-100005&searchBy=orderNumber`, cookies.logistics);
    expect(data.firstPage.list.data.rows.map((r: Json) => r.orderNumber)).toEqual(["SO-100005"]);
    expect(data.firstPage.list).toEqual(jsonSafe(readListBody(list.body)));
  });

  it("answers a search the /api route refuses with that route's error, not a broken page", async () => {
    const data = await loaderData(orderTracking, "/order-tracking?searchBy=orderDate&search=2025-02-30", cookies.logistics);
    const list = await api(ordersApi, `/api/order-trackers?page=1&limit=${PAGE_SIZE}&light=true&search=2025-02-30&searchBy=orderDate`, cookies.logistics);
    expect(list.status).toBe(400);
    expect(data.firstPage.list).toMatchObject({ ok: false, error: { message: (readListBody(list.body) as Json).error.message } });
  });

  it("gives a warehouse employee no paymentStatus, truckingCompany or totalCents anywhere", async () => {
    const data = await loaderData(orderTracking, "/order-tracking", cookies.warehouse);
    expect(data.firstPage.list.data.rows.length).toBeGreaterThan(0);
    const keys = keysDeep(data);
    for (const hidden of ["paymentStatus", "truckingCompany", "totalCents"]) expect(keys.has(hidden), hidden).toBe(false);
  });
});

describe("the picking screen's loader", () => {
  /** The first order on the viewer's own Order Tracking list (an order they may see). */
  async function firstListedOrder(cookie: string): Promise<string> {
    const list = await api(ordersApi, "/api/order-trackers?page=1&limit=5", cookie);
    return list.body.data[0].orderNumber;
  }

  async function expectSameAsApi(orderNumber: string, cookie: string) {
    const data = await loaderData(pickList, `/pick-list?order=${orderNumber}`, cookie);
    const params = { orderNumber };
    const order = await api(salesOrderApi, `/api/sales-orders/by-order-number/${orderNumber}?include=lines`, cookie, params);
    const logs = await api(logsApi, `/api/picklists/${orderNumber}/logs`, cookie, params);
    const inventory = await api(inventoryApi, `/api/inventory-summary/by-order-number/${orderNumber}`, cookie, params);
    expect(order.status).toBe(200);
    expect(data.firstOrder.error).toBeNull();
    expect(data.firstOrder.order).toEqual(order.body.data);
    expect(data.firstOrder.order.lines.length).toBeGreaterThan(0);
    expect(data.firstOrder.order.lines[0].sku).toBe(order.body.lines[0].sku);
    const { success: _ok, ...summary } = inventory.body;
    expect(data.firstOrder.inventory).toEqual(summary);
    // The screen reads the latest saved pick of the log: the loader brings exactly that one.
    expect(latestVerifiedLog(data.firstOrder.logs)).toEqual(latestVerifiedLog(logs.body.data));
    return data;
  }

  it("brings a warehouse employee's order with its lines, inventory and last saved pick", async () => {
    const orderNumber = await firstListedOrder(cookies.warehouse);
    const lines = (await api(salesOrderApi, `/api/sales-orders/by-order-number/${orderNumber}?include=lines`, cookies.warehouse, { orderNumber })).body.lines as Json[];
    const saved = await settle(() =>
      verifyApi.action!({
        request: request(`/api/picklists/${orderNumber}/verify`, {
          method: "POST",
          cookie: cookies.warehouse,
          json: { pickedItems: lines.map((l) => ({ lineItemId: l.lineItemId, sku: l.sku, name: l.description, status: "Picked", quantity: l.quantity, quantityPicked: l.quantity, note: "" })) },
        }),
        context: ctx,
        params: { orderNumber },
      } as never),
    );
    expect((saved as Response).status).toBe(200);
    const data = await expectSameAsApi(orderNumber, cookies.warehouse);
    expect(data.firstOrder.logs).toHaveLength(1);
    expect(data.firstOrder.logs[0].type).toBe("pick-verified");
  });

  it("brings a logistics manager's order the same way", async () => {
    await expectSameAsApi("SO-100003", cookies.logistics);
  });

  it("gives nothing of an order outside a warehouse employee's scope: the API's 404 message only", async () => {
    const mine = new Set((await api(ordersApi, "/api/order-trackers?page=1&limit=500", cookies.warehouse)).body.data.map((r: Json) => r.orderNumber));
    const outside = (await db.select({ orderNumber: orders.orderNumber }).from(orders).orderBy(asc(orders.id))).find((o) => !mine.has(o.orderNumber))!;
    expect(outside).toBeDefined();
    const refused = await api(salesOrderApi, `/api/sales-orders/by-order-number/${outside.orderNumber}`, cookies.warehouse, { orderNumber: outside.orderNumber });
    expect(refused.status).toBe(404);
    const data = await loaderData(pickList, `/pick-list?order=${outside.orderNumber}`, cookies.warehouse);
    expect(data.firstOrder).toEqual({ orderNumber: outside.orderNumber, order: null, logs: null, inventory: null, error: refused.body.error });
  });

  /** The seed's 'Main floor phones' passcode: NY-MAIN only. */
  async function nyMainPasscode() {
    const all = await db.select().from(passcodes).where(eq(passcodes.active, true));
    const code = all.find((p) => p.locations.length === 1 && p.locations[0] === "NY-MAIN");
    if (!code) throw new Error("no NY-MAIN passcode in the seed");
    return code;
  }

  it("gives a passcode for another warehouse, or an anonymous visitor, no order data", async () => {
    const limited = await nyMainPasscode();
    const [outside] = await db.select().from(orders).where(ne(orders.warehouseLocation, "NY-MAIN")).orderBy(asc(orders.id)).limit(1);
    expect(outside).toBeDefined();
    const passcode = await passcodeCookie(ctx.app, limited.id);

    const refused = await api(salesOrderApi, `/api/sales-orders/by-order-number/${outside!.orderNumber}`, passcode, { orderNumber: outside!.orderNumber });
    expect(refused.status).toBeGreaterThanOrEqual(403);
    for (const cookie of [passcode, undefined]) {
      const data = await loaderData(pickList, `/pick-list?order=${outside!.orderNumber}`, cookie);
      expect(data.firstOrder.order).toBeNull();
      expect(data.firstOrder.logs).toBeNull();
      expect(data.firstOrder.inventory).toBeNull();
      expect(data.firstOrder.error).toBe(cookie ? refused.body.error : "Not signed in");
      const text = JSON.stringify(data);
      expect(text).not.toContain(outside!.customerName);
      expect(text).not.toContain('"lines"');
    }
  });

  it("brings a passcode's own-warehouse order", async () => {
    const limited = await nyMainPasscode();
    const [inside] = await db.select().from(orders).where(eq(orders.warehouseLocation, "NY-MAIN")).orderBy(asc(orders.id)).limit(1);
    await expectSameAsApi(inside!.orderNumber, await passcodeCookie(ctx.app, limited.id));
  });
});

describe("Pick List Check's loader", () => {
  it("brings the order of ?order= with its lines and on-hand figures, as the pick calls see them", async () => {
    const orderNumber = "SO-100004";
    const data = await loaderData(pickListCheck, `/pick-list-check?order=${orderNumber}`, cookies.warehouse);
    const order = await api(salesOrderApi, `/api/sales-orders/by-order-number/${orderNumber}?include=lines`, cookies.logistics, { orderNumber });
    const inventory = await api(inventoryApi, `/api/inventory-summary/by-order-number/${orderNumber}`, cookies.warehouse, { orderNumber });
    expect(data.error).toBeNull();
    expect(data.order.orderNumber).toBe(orderNumber);
    expect(data.order.lines.map((l: Json) => [l.lineItemId, l.sku, l.quantity])).toEqual(order.body.lines.map((l: Json) => [l.lineItemId, l.sku, l.quantity]));
    for (const line of data.order.lines) expect(line.onHand).toBe(inventory.body.data[inventory.body.lineMap[line.lineItemId]]?.quantityOnHand ?? null);
  });

  it("shows the refusal for an unknown order, and no order", async () => {
    const data = await loaderData(pickListCheck, "/pick-list-check?order=SO-999999", cookies.warehouse);
    expect(data).toMatchObject({ order: null, error: "Order not found" });
  });
});
