// Sequential database round trips per page load and per /api call, through @libsql/client/web and the
// local libSQL HTTP server (issue 14: none may need more than 3; tests/integration/round-trips.test.ts
// keeps the busiest routes there). A page load runs its matched loaders together, as Remix does.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { orderLines, orders } from "../db/schema";
import { request, settle, staffCookies, passcodeCookie } from "../tests/support/context";
import { openTripHarness, type TripCount, type TripHarness } from "./round-trips-harness";
import * as appLayout from "../app/routes/_app";
import * as home from "../app/routes/_app._index";
import * as orderTracking from "../app/routes/_app.order-tracking/route";
import * as pickList from "../app/routes/pick-list";
import * as pickListCheck from "../app/routes/_app.pick-list-check";
import * as me from "../app/routes/api.me";
import * as ordersApi from "../app/routes/api.order-trackers";
import * as kpis from "../app/routes/api.order-trackers.kpis";
import * as update from "../app/routes/api.order-trackers.$id";
import * as history from "../app/routes/api.order-trackers.$id.history";
import * as tasks from "../app/routes/api.tasks";
import * as salesOrder from "../app/routes/api.sales-orders.by-order-number.$orderNumber";
import * as verify from "../app/routes/api.picklists.$orderNumber.verify";
import * as room from "../app/routes/api.picklists.$orderNumber.room";

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;
/** One request, or a page load: its loaders, each measured alone (Remix runs them at once, so the page
 * needs as many sequential trips as its slowest loader). */
export type TripCase = { name: string; run: (h: TripHarness, cookies: Record<string, string>) => (() => Promise<unknown>)[] };

const call = (h: TripHarness, fn: Handler, path: string, cookie: string | undefined, params: Record<string, string> = {}, init: RequestInit & { json?: unknown } = {}) =>
  settle(() => fn({ request: request(path, { ...init, cookie }), context: h.ctx, params } as LoaderFunctionArgs)).then(async (r) => {
    if (r instanceof Response && r.status >= 400) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r;
  });

/** A page load's loaders: the layout's (when it has one) and the page's. */
const page = (h: TripHarness, path: string, cookie: string | undefined, pageLoader: Handler, layout = true): (() => Promise<unknown>)[] => [
  ...(layout ? [() => call(h, appLayout.loader as Handler, path, cookie)] : []),
  () => call(h, pageLoader, path, cookie),
];

const ORDER = "SO-100002";

export const TRIP_CASES: TripCase[] = [
  { name: "page / (home) as admin", run: (h, c) => page(h, "/", c.admin, home.loader as Handler) },
  { name: "page / (home) as warehouse", run: (h, c) => page(h, "/", c.warehouse, home.loader as Handler) },
  { name: "page / (home) as driver", run: (h, c) => page(h, "/", c.driver, home.loader as Handler) },
  { name: "page / (home) as sales rep", run: (h, c) => page(h, "/", c.sales, home.loader as Handler) },
  { name: "page /order-tracking as admin", run: (h, c) => page(h, "/order-tracking", c.admin, orderTracking.loader as Handler) },
  { name: "page /order-tracking as warehouse", run: (h, c) => page(h, "/order-tracking", c.warehouse, orderTracking.loader as Handler) },
  { name: `page /pick-list?order=${ORDER} as admin`, run: (h, c) => page(h, `/pick-list?order=${ORDER}`, c.admin, pickList.loader as Handler, false) },
  { name: `page /pick-list?order=${ORDER} as passcode`, run: (h, c) => page(h, `/pick-list?order=${ORDER}`, c.passcode, pickList.loader as Handler, false) },
  { name: `page /pick-list-check?order=${ORDER}`, run: (h, c) => page(h, `/pick-list-check?order=${ORDER}`, c.admin, pickListCheck.loader as Handler) },
  { name: "GET /api/me", run: (h, c) => [() => call(h, me.loader as Handler, "/api/me", c.admin)] },
  { name: "GET /api/order-trackers", run: (h, c) => [() => call(h, ordersApi.loader as Handler, "/api/order-trackers?page=1&limit=25", c.admin)] },
  { name: "GET /api/order-trackers (warehouse)", run: (h, c) => [() => call(h, ordersApi.loader as Handler, "/api/order-trackers?page=1&limit=25", c.warehouse)] },
  { name: "GET /api/order-trackers/kpis", run: (h, c) => [() => call(h, kpis.loader as Handler, "/api/order-trackers/kpis", c.admin)] },
  { name: "GET /api/order-trackers/{id}/history", run: (h, c) => [() => call(h, history.loader as Handler, `/api/order-trackers/${ORDER}/history`, c.admin, { id: ORDER })] },
  { name: "GET /api/tasks", run: (h, c) => [() => call(h, tasks.loader as Handler, "/api/tasks", c.admin)] },
  { name: "GET /api/tasks (sales rep)", run: (h, c) => [() => call(h, tasks.loader as Handler, "/api/tasks", c.sales)] },
  { name: "GET /api/sales-orders/by-order-number", run: (h, c) => [() => call(h, salesOrder.loader as Handler, `/api/sales-orders/by-order-number/${ORDER}?include=lines`, c.admin, { orderNumber: ORDER })] },
  { name: "GET /api/picklists/{n}/room", run: (h, c) => [() => call(h, room.loader as Handler, `/api/picklists/${ORDER}/room`, c.admin, { orderNumber: ORDER })] },
  {
    name: "POST /api/picklists/{n}/verify",
    run: (h, c) => [
      () =>
        call(h, verify.action as Handler, `/api/picklists/${ORDER}/verify`, c.admin, { orderNumber: ORDER }, {
          method: "POST",
          json: { pickedItems: [{ lineItemId: c.line!, status: "Picked", quantityPicked: 1 }] },
        }),
    ],
  },
  {
    name: "POST /api/picklists/{n}/verify with an Idempotency-Key",
    run: (h, c) => [
      () =>
        call(h, verify.action as Handler, `/api/picklists/${ORDER}/verify`, c.admin, { orderNumber: ORDER }, {
          method: "POST",
          headers: { "idempotency-key": `trips-${Math.random().toString(36).slice(2)}` },
          json: { pickedItems: [{ lineItemId: c.line!, status: "Picked", quantityPicked: 2 }] },
        }),
    ],
  },
  {
    // Issue 13: a short line with a reason also raises its follow-up, rep notice and history entry, in the same batch.
    name: "POST /api/picklists/{n}/verify with a short line and a reason",
    run: (h, c) => [
      () =>
        call(h, verify.action as Handler, `/api/picklists/${ORDER}/verify`, c.admin, { orderNumber: ORDER }, {
          method: "POST",
          json: { pickedItems: [{ lineItemId: c.line!, status: "Issue", quantityPicked: 0, reason: "Stockout" }] },
        }),
    ],
  },
  {
    name: "PUT /api/order-trackers/{id}",
    run: (h, c) => [
      () =>
        call(h, update.action as Handler, `/api/order-trackers/${ORDER}`, c.admin, { id: ORDER }, {
          method: "PUT",
          json: { paymentStatus: "Paid", orderType: "Freight", truckingCompany: "Estes", warehouseAssignment: ["Kevin Chen"], notes: "bench" },
        }),
    ],
  },
];

/** Session cookies for the cases, and the line id of ORDER that a pick verify saves. */
export async function tripCookies(h: TripHarness): Promise<Record<string, string>> {
  const [line] = await h.ctx.app.db
    .select({ lineItemId: orderLines.lineItemId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.orderNumber, ORDER))
    .limit(1);
  return { ...(await staffCookies(h.ctx.app, ["admin", "warehouse", "driver", "sales"])), passcode: await passcodeCookie(h.ctx.app, 2), line: line!.lineItemId };
}

export async function measureCase(h: TripHarness, c: TripCase, cookies: Record<string, string>): Promise<TripCount> {
  let sequential = 0;
  let total = 0;
  for (const loader of c.run(h, cookies)) {
    const t = await h.counter.measure(loader);
    sequential = Math.max(sequential, t.sequential);
    total += t.total;
  }
  return { sequential, total };
}

export async function measureTrips(orders = 400): Promise<{ name: string; trips: TripCount }[]> {
  const h = await openTripHarness({ orders });
  try {
    const cookies = await tripCookies(h);
    const out: { name: string; trips: TripCount }[] = [];
    for (const c of TRIP_CASES) out.push({ name: c.name, trips: await measureCase(h, c, cookies) });
    return out;
  } finally {
    await h.close();
  }
}

export async function benchRoundTrips(): Promise<void> {
  const rows = await measureTrips();
  console.log("database round trips per request (web client → libSQL HTTP), sequential / total:");
  for (const r of rows) console.log(`  ${r.trips.sequential > 3 ? "OVER" : "ok  "} ${r.name}: ${r.trips.sequential} sequential, ${r.trips.total} total`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRoundTrips();
