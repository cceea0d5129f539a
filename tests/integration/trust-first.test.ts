// Regression tests for the holes found by probing the product from outside (issue 'Trust first'), each
// through the real route modules against a real libSQL file: identity, one scope for every door, hidden
// fields, cross-site writes, GET never writing, rate limits, error shapes and idempotency.
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, authFailures, notifications, orderLines, orders, pickListLogs, sessions, users } from "../../db/schema";
import * as unknownApi from "~/routes/api.$";
import * as seen from "~/routes/api.users.seen";
import * as logout from "~/routes/logout";
import * as passcodeLogin from "~/routes/api.picklist.passcode.login";
import * as listRoute from "~/routes/api.order-trackers";
import * as history from "~/routes/api.order-trackers.$id.history";
import * as salesOrder from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import * as inventory from "~/routes/api.inventory-summary.by-order-number.$orderNumber";
import * as logs from "~/routes/api.picklists.$orderNumber.logs";
import * as room from "~/routes/api.picklists.$orderNumber.room";
import * as verify from "~/routes/api.picklists.$orderNumber.verify";
import * as complete from "~/routes/api.picklists.$orderNumber.complete";
import * as releaseOrder from "~/routes/api.order-trackers.$id.release-order";
import * as tasksRoute from "~/routes/api.tasks";
import * as me from "~/routes/api.me";
import { rebuildTasks } from "~/services/tasks.server";
import { PASSCODE_BURST_TITLE } from "~/services/auth.server";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie, TEST_ADDRESS_HEADER } from "../support/context";

type Handler = (args: unknown) => Promise<unknown>;
type Mod = { loader: Handler; action: Handler };
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<"admin" | "sales" | "warehouse" | "driver", string>;

async function call(mod: Mod, path: string, init: Parameters<typeof request>[1] & { params?: Record<string, string> } = {}) {
  const method = (init.method ?? "GET").toUpperCase();
  const handler = method === "GET" || method === "HEAD" ? mod.loader : mod.action;
  const res = (await settle(() => handler({ request: request(path, init), context: ctx, params: init.params ?? {} }))) as Response;
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

async function listTotal(cookie: string) {
  const res = await call(listRoute as Mod, "/api/order-trackers?limit=500", { cookie });
  return (res.body!.pagination as { total: number }).total;
}

const count = async (table: typeof auditEvents | typeof pickListLogs | typeof notifications | typeof sessions) =>
  Number((await ctx.app.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

let mine: { id: number; orderNumber: string };
let notMine: { id: number; orderNumber: string };

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = {
    admin: await staffCookie(ctx.app, "admin@goldengrain.test"),
    sales: await staffCookie(ctx.app, "sales@goldengrain.test"),
    warehouse: await staffCookie(ctx.app, "warehouse@goldengrain.test"),
    driver: await staffCookie(ctx.app, "driver@goldengrain.test"),
  };
  const all = await db.select().from(orders).orderBy(asc(orders.id));
  const a = all.find((o) => o.warehouseLocation === "NJ-WH" && o.orderStatus === "Picking")!;
  await assignOrder(db, a.id, ["Wendy Warehouse"]);
  mine = a;
  notMine = all.find((o) => o.id !== a.id && !o.warehouseAssignment.some((l) => /wendy|warehouse@/i.test(l)))!;
}, 60_000);

describe("identity comes only from verified sources", () => {
  it("POST /api/users/seen records the visit and stores nothing from the body", async () => {
    const before = (await ctx.app.db.select().from(users).where(eq(users.email, "warehouse@goldengrain.test")))[0]!;
    const res = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.warehouse, json: { name: "Kevin Chen", picture: "https://evil.example/x.png", email: "admin@goldengrain.test" } });
    expect(res.status).toBe(200);
    const after = (await ctx.app.db.select().from(users).where(eq(users.email, "warehouse@goldengrain.test")))[0]!;
    expect(after.name).toBe(before.name);
    expect(after.avatarUrl).toBe(before.avatarUrl);
    expect(after.lastSeenAt).toBe(SEED_NOW.toISOString());
  });

  it("a warehouse employee's rows do not follow her display name: even a renamed user row sees the same orders", async () => {
    const before = await listTotal(cookies.warehouse);
    const kevinSees = await listTotal(await staffCookie(ctx.app, "kevin@goldengrain.test").catch(() => cookies.admin));
    expect(before).toBeGreaterThan(0);
    await ctx.app.db.update(users).set({ name: "Kevin Chen" }).where(eq(users.email, "warehouse@goldengrain.test"));
    try {
      expect(await listTotal(cookies.warehouse)).toBe(before);
      expect(await listTotal(cookies.warehouse)).not.toBe(kevinSees === before ? -1 : kevinSees);
    } finally {
      await ctx.app.db.update(users).set({ name: "Wendy Warehouse" }).where(eq(users.email, "warehouse@goldengrain.test"));
    }
  });

  it("the verify call records the signed-in picker, not the body's actor", async () => {
    const [line] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, mine.id)).limit(1);
    const res = await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, {
      method: "POST",
      cookie: cookies.warehouse,
      params: { orderNumber: mine.orderNumber },
      json: { actor: "Alice Admin", pickedItems: [{ lineItemId: line!.lineItemId, quantityPicked: 1, status: "Picked" }] },
    });
    expect(res.status).toBe(200);
    const [log] = await ctx.app.db.select().from(pickListLogs).where(eq(pickListLogs.orderId, mine.id)).orderBy(sql`id DESC`).limit(1);
    expect(log!.actor).toBe("Wendy Warehouse");
  });
});

describe("one scope for every door", () => {
  const doors: [string, Mod, (o: { id: number; orderNumber: string }) => string, "GET" | "POST", Record<string, unknown> | undefined][] = [
    ["history", history as Mod, (o) => `/api/order-trackers/${o.orderNumber}/history`, "GET", undefined],
    ["sales order", salesOrder as Mod, (o) => `/api/sales-orders/by-order-number/${o.orderNumber}?include=lines`, "GET", undefined],
    ["inventory", inventory as Mod, (o) => `/api/inventory-summary/by-order-number/${o.orderNumber}`, "GET", undefined],
    ["pick logs", logs as Mod, (o) => `/api/picklists/${o.orderNumber}/logs`, "GET", undefined],
    ["room token", room as Mod, (o) => `/api/picklists/${o.orderNumber}/room`, "GET", undefined],
    ["verify", verify as Mod, (o) => `/api/picklists/${o.orderNumber}/verify`, "POST", { pickedItems: [] }],
    ["complete", complete as Mod, (o) => `/api/picklists/${o.orderNumber}/complete`, "POST", {}],
  ];
  it.each(doors)("a warehouse employee gets 404 at %s for an order not assigned to her, and nothing is written", async (_name, mod, path, method, json) => {
    const writes = [await count(pickListLogs), await count(auditEvents)];
    const params = { orderNumber: notMine.orderNumber, id: notMine.orderNumber };
    const res = await call(mod, path(notMine), { method, cookie: cookies.warehouse, params, ...(json ? { json } : {}) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: "Order not found" });
    expect([await count(pickListLogs), await count(auditEvents)]).toEqual(writes);
  });
  it.each(doors.filter((d) => d[3] === "GET"))("and reaches %s for an order assigned to her", async (_name, mod, path) => {
    const res = await call(mod, path(mine), { cookie: cookies.warehouse, params: { orderNumber: mine.orderNumber, id: mine.orderNumber } });
    expect(res.status).toBe(200);
  });
});

describe("hidden means hidden everywhere", () => {
  it("sales orders carry no prices or totals for a warehouse employee or a passcode session", async () => {
    for (const cookie of [cookies.warehouse, await passcodeCookie(ctx.app, 2)]) { // 2: PICK-1357, every warehouse
      const res = await call(salesOrder as Mod, `/api/sales-orders/by-order-number/${mine.orderNumber}?include=lines`, { cookie, params: { orderNumber: mine.orderNumber } });
      expect(res.status).toBe(200);
      expect(res.text).not.toMatch(/unitPrice|totalCents|"total"/);
    }
    const office = await call(salesOrder as Mod, `/api/sales-orders/by-order-number/${mine.orderNumber}?include=lines`, { cookie: cookies.sales, params: { orderNumber: mine.orderNumber } });
    expect(office.text).toMatch(/unitPriceCents/);
  });

  it("tasks carry no payment status, and no payment task, for a warehouse employee", async () => {
    await rebuildTasks(ctx.app);
    const res = await call(tasksRoute as Mod, "/api/tasks", { cookie: cookies.warehouse });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/paymentStatus|payment_issue|Payment Issue/);
    const office = await call(tasksRoute as Mod, "/api/tasks", { cookie: cookies.admin });
    expect(office.text).toMatch(/paymentStatus/);
  });

  it.each([["searchBy=paymentStatus&search=paid"], ["searchBy=truckingCompany&search=a"], ["sort=paymentStatus"], ["quick=awaitingTrucking"], ["truckingCompany=UPS"]])(
    "a warehouse employee's list refuses %s with 400",
    async (q) => {
      const res = await call(listRoute as Mod, `/api/order-trackers?${q}`, { cookie: cookies.warehouse });
      expect(res.status).toBe(400);
      expect(res.body!.error).toMatch(/cannot/);
    },
  );

  it("history leaves out the changes of hidden fields, and entries that only changed them", async () => {
    await ctx.app.db.insert(auditEvents).values({
      at: SEED_NOW.toISOString(), actorEmail: "admin@goldengrain.test", actorName: "Alice Admin", entityType: "order", entityId: mine.orderNumber, action: "update",
      changes: [{ field: "paymentStatus", before: "Payment Pending", after: "Paid: Zelle" }],
    });
    const res = await call(history as Mod, `/api/order-trackers/${mine.orderNumber}/history`, { cookie: cookies.warehouse, params: { id: mine.orderNumber } });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/paymentStatus|Zelle/);
  });
});

describe("cross-site writes are refused", () => {
  it.each([
    [{ origin: "https://evil.example" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "http://other.127.0.0.1" }],
    [{ origin: "null" }],
  ])("POST /api/users/seen with %o gets 403", async (headers) => {
    const res = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.sales, headers, json: {} });
    expect(res.status).toBe(403);
  });

  it("the Origin is compared with the Host the browser connected to, not with the request URL", async () => {
    // Remix's dev adapter builds the request URL from the Origin header, so the URL alone would always match.
    const forged = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.sales, headers: { origin: "http://127.0.0.1", host: "app.goldengrain.test" }, json: {} });
    expect(forged.status).toBe(403);
    const same = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.sales, headers: { origin: "https://app.goldengrain.test", host: "app.goldengrain.test" }, json: {} });
    expect(same.status).toBe(200);
  });

  it("a same-origin browser write passes", async () => {
    const res = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.sales, headers: { origin: "http://127.0.0.1", "sec-fetch-site": "same-origin" }, json: {} });
    expect(res.status).toBe(200);
  });

  it("a JSON body sent as text/plain (what a plain HTML form can send) is 415", async () => {
    const res = await call(seen as Mod, "/api/users/seen", { method: "POST", cookie: cookies.sales, headers: { "content-type": "text/plain" }, body: '{"name":"x"}' });
    expect(res.status).toBe(415);
  });

  it("sign-out from another origin is refused and the session lives on", async () => {
    const cookie = await staffCookie(ctx.app, "sales@goldengrain.test");
    const before = await count(sessions);
    const res = await call(logout as Mod, "/logout", { method: "POST", cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await count(sessions)).toBe(before);
    expect((await call(me as Mod, "/api/me", { cookie })).status).toBe(200);
  });

  it("GET of the pick list with ?force=true is 400 and writes nothing", async () => {
    const audits = await count(auditEvents);
    const res = await call(releaseOrder as Mod, `/api/order-trackers/${mine.id}/release-order?force=true`, { cookie: cookies.admin, params: { id: String(mine.id) } });
    expect(res.status).toBe(400);
    expect(await count(auditEvents)).toBe(audits);
  });
});

describe("rate limits", () => {
  it("a burst of failures across many addresses raises one alert for admins", async () => {
    await ctx.app.db.delete(authFailures);
    for (let i = 0; i < 25; i++) {
      const res = await call(passcodeLogin as Mod, "/api/picklist/passcode/login", { method: "POST", headers: { [TEST_ADDRESS_HEADER]: `198.51.100.${i % 8}` }, json: { code: `GUESS-${i}` } });
      expect([401, 429]).toContain(res.status);
    }
    const alerts = await ctx.app.db.select().from(notifications).where(eq(notifications.title, PASSCODE_BURST_TITLE));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.audienceGrant).toBe("admin:manage");
    const adminTasks = await call(tasksRoute as Mod, "/api/tasks", { cookie: cookies.admin });
    expect(adminTasks.text).toContain(PASSCODE_BURST_TITLE);
    const salesTasks = await call(tasksRoute as Mod, "/api/tasks", { cookie: cookies.sales });
    expect(salesTasks.text).not.toContain(PASSCODE_BURST_TITLE);
  });
});

describe("errors have one shape", () => {
  it.each(["GET", "POST", "PUT", "DELETE"])("an unknown /api path answers JSON 404 to %s", async (method) => {
    const res = await call(unknownApi as Mod, "/api/nope/nothing", { method, ...(method === "GET" ? {} : { json: {} }) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: "No such API endpoint" });
  });

  it("a wrong method answers JSON 405 with Allow", async () => {
    const res = await call(listRoute as Mod, "/api/order-trackers", { method: "DELETE", cookie: cookies.admin });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect(res.body).toEqual({ success: false, error: "Method not allowed" });
  });

  it("malformed percent-encoding in the path is 400", async () => {
    const res = await call(history as Mod, "/api/order-trackers/%E0%A4%A/history", { cookie: cookies.admin, params: { id: "x" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Malformed URL" });
  });

  it("a JSON body over 1 MB is 413 before parsing, declared or streamed", async () => {
    const big = JSON.stringify({ pickedItems: [], note: "x".repeat(1024 * 1024 + 10) });
    const declared = await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, { method: "POST", cookie: cookies.admin, params: { orderNumber: mine.orderNumber }, headers: { "content-type": "application/json" }, body: big });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } });
    const streamed = await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, { method: "POST", cookie: cookies.admin, params: { orderNumber: mine.orderNumber }, headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as never);
    expect(streamed.status).toBe(413);
  });

  it.each(["0x7", "1e1", " 7", "+7", "7.", "-1", "Infinity"])("quantity %j is refused with 400 and nothing is written", async (quantityPicked) => {
    const [line] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, mine.id)).limit(1);
    const logsBefore = await count(pickListLogs);
    const res = await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, {
      method: "POST", cookie: cookies.warehouse, params: { orderNumber: mine.orderNumber },
      json: { pickedItems: [{ lineItemId: line!.lineItemId, quantityPicked }] },
    });
    expect(res.status).toBe(400);
    expect(await count(pickListLogs)).toBe(logsBefore);
  });

  it("an Idempotency-Key reused with a different body is 422 and writes nothing", async () => {
    const [line] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, mine.id)).limit(1);
    const send = (quantityPicked: number) =>
      call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, {
        method: "POST", cookie: cookies.warehouse, params: { orderNumber: mine.orderNumber }, headers: { "idempotency-key": "trust-first-reuse" },
        json: { pickedItems: [{ lineItemId: line!.lineItemId, quantityPicked }] },
      });
    expect((await send(1)).status).toBe(200);
    const logsAfterFirst = await count(pickListLogs);
    const replay = await send(1);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reused = await send(2);
    expect(reused.status).toBe(422);
    expect(reused.body!.error).toMatch(/different request/);
    expect(await count(pickListLogs)).toBe(logsAfterFirst);
  });

  it.each([["a lone surrogate", '{"pickedItems":[],"note":"dock \\ud800"}'], ["a NUL", '{"pickedItems":[],"note":"gate 12\\u000034"}']])(
    "text with %s is refused with 400 (it could not be stored and read back whole)",
    async (_what, body) => {
      const res = await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, { method: "POST", cookie: cookies.warehouse, params: { orderNumber: mine.orderNumber }, headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(400);
      expect(res.body!.error).toMatch(/valid Unicode/);
    },
  );

  it("no answer carries a stack trace, a file or a route name", async () => {
    const answers = [
      await call(listRoute as Mod, "/api/order-trackers", { method: "POST", cookie: cookies.admin, json: {} }),
      await call(unknownApi as Mod, "/api/x", { method: "PATCH", json: {} }),
      await call(verify as Mod, `/api/picklists/${mine.orderNumber}/verify`, { method: "POST", cookie: cookies.admin, params: { orderNumber: mine.orderNumber }, body: "{oops", headers: { "content-type": "application/json" } }),
    ];
    for (const a of answers) expect(a.text).not.toMatch(/routes\/|\.tsx?\b|\bat \w+ \(|node_modules/);
  });
});

describe("the order status of a completed pick", () => {
  it("completes an assigned order once", async () => {
    const res = await call(complete as Mod, `/api/picklists/${mine.orderNumber}/complete`, { method: "POST", cookie: cookies.warehouse, params: { orderNumber: mine.orderNumber }, json: {} });
    expect(res.status).toBe(200);
    const [o] = await ctx.app.db.select().from(orders).where(and(eq(orders.id, mine.id)));
    expect(o!.orderStatus).toBe("Picked");
  });
});
