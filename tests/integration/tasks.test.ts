// The Task Center on a real libSQL file: rebuildTasks (the cron), listTasksFor, mark all read, clear completed,
// and the /api/tasks routes.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notificationReads, notifications, orders, roleGrants, roles, tasks, users, warehouseWorkers } from "../../db/schema";
import { ROLE_DEFINITIONS, ROLE_IDS, type RoleId } from "~/domain/access/roles";
import { getStaffViewer, type Viewer } from "~/lib/session.server";
import { loader as tasksLoader } from "~/routes/api.tasks";
import { action as readAllAction } from "~/routes/api.tasks.read-all";
import { action as clearAction } from "~/routes/api.tasks.clear-completed";
import { clearCompleted, listTasksFor, markAllRead, rebuildTasks } from "~/services/tasks.server";
import { createTestDatabase } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

const NOW = new Date("2025-06-30T15:00:00.000Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000 - 3_600_000).toISOString();

let ctx: ReturnType<typeof createTestContext>;
const viewers = new Map<string, Viewer>();

const PEOPLE: Array<{ email: string; name: string; roleId: RoleId; locationIds: string[] }> = [
  { email: "admin@goldengrain.test", name: "Alice Admin", roleId: "admin", locationIds: [] },
  { email: "logistics@goldengrain.test", name: "Leo Logistics", roleId: "logistics-manager", locationIds: [] },
  { email: "sales@goldengrain.test", name: "Sam Sales", roleId: "sales-rep", locationIds: [] },
  { email: "nobody@goldengrain.test", name: "Zed Unknown", roleId: "sales-rep", locationIds: [] },
  { email: "warehouse@goldengrain.test", name: "Wendy Warehouse", roleId: "warehouse-employee", locationIds: ["NY-MAIN"] },
  { email: "driver@goldengrain.test", name: "Dan Driver", roleId: "delivery-driver", locationIds: ["NJ-WH"] },
];

type OrderRow = typeof orders.$inferInsert;
function order(id: number, status: string, days: number, extra: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    orderNumber: `SO-${id}`,
    customerName: `Customer ${id}`,
    createdBy: "Sam",
    paymentStatus: "Paid: Check",
    orderStatus: status,
    warehouseLocation: "NY-MAIN",
    orderDate: daysAgo(days),
    ...extra,
  };
}

const ORDERS: OrderRow[] = [
  order(1, "5. Received", 1),
  order(2, "5. Received", 12, { createdBy: "Samuel K" }),
  order(3, "4. In Progress", 8, { createdBy: "Sara Santos", warehouseLocation: "NJ-WH", orderType: "NY/NJ Delivery" }),
  order(4, "3. Waiting for Truck/Pick Up", 2, { createdBy: "Sara Santos", warehouseAssignment: ["Wendy"] }),
  order(5, "2. Shipped/Picked Up", 6, { createdBy: "Leo", warehouseLocation: "NJ-WH", orderType: "Will Call" }),
  order(6, "Pending Assignment", 4, { paymentStatus: "HOLD" }),
  order(7, "CANCELLED", 20, { paymentStatus: "HOLD" }),
  order(8, "1. Delivered/Released", 3),
  order(9, "01. Released", 3),
  order(10, "Order Delivered", 30),
  order(11, "Delivered/Complete", 1),
];

async function viewerOf(email: string) {
  const cookie = await staffCookie(ctx.app, email);
  const viewer = await getStaffViewer(request("/", { cookie }), ctx.app);
  if (!viewer) throw new Error(`no session for ${email}`);
  return viewer;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  ctx = createTestContext(db, { now: NOW });
  for (const id of ROLE_IDS) {
    const def = ROLE_DEFINITIONS[id];
    await db.insert(roles).values({ id, name: def.name, isAdmin: def.isAdmin });
    await db.insert(roleGrants).values(def.grants.map((g) => ({ roleId: id, key: g.key, scope: g.scope })));
  }
  for (const p of PEOPLE) await db.insert(users).values(p);
  // The admin-controlled link from the warehouse employee to her assignment labels.
  await db.insert(warehouseWorkers).values({ name: "Wendy Warehouse", email: "warehouse@goldengrain.test", locationIds: ["NY-MAIN"] });
  await db.insert(orders).values(ORDERS);
  for (const p of PEOPLE) viewers.set(p.email, await viewerOf(p.email));
});

beforeEach(async () => {
  await ctx.app.db.delete(notificationReads);
  await ctx.app.db.delete(notifications);
  await rebuildTasks(ctx.app);
});

const v = (email: string) => viewers.get(email)!;
const numbers = (list: { orderNumber: string | null }[]) => list.map((t) => t.orderNumber).sort();

describe("rebuildTasks", () => {
  it("builds one task per open order; cancelled, delivered and released orders produce none", async () => {
    const result = await rebuildTasks(ctx.app);
    expect(result).toEqual({ tasks: 6 });
    const rows = await ctx.app.db.select().from(tasks);
    expect(rows.map((r) => r.orderNumber).sort()).toEqual(["SO-1", "SO-2", "SO-3", "SO-4", "SO-5", "SO-6"]);
    // A task's id is its order's id, so read state survives a rebuild.
    expect(rows.every((r) => r.id === r.orderId)).toBe(true);
  });

  it("applies the rules with the injected clock", async () => {
    const [urgent] = await ctx.app.db.select().from(tasks).where(eq(tasks.orderNumber, "SO-2"));
    expect(urgent).toMatchObject({ title: "Urgent: Process Order", type: "warning", priority: "high", actionable: true, daysSinceOrder: 12, salesRep: "Samuel K" });
    const [payment] = await ctx.app.db.select().from(tasks).where(eq(tasks.orderNumber, "SO-6"));
    expect(payment).toMatchObject({ title: "Payment Issue - Action Required", type: "error", priority: "medium", category: "payment_issue" });
  });

  it("replaces the whole table: an order delivered since the last run loses its task", async () => {
    await ctx.app.db.update(orders).set({ orderStatus: "Order Delivered" }).where(eq(orders.id, 1));
    try {
      expect(await rebuildTasks(ctx.app)).toEqual({ tasks: 5 });
      const rows = await ctx.app.db.select({ n: tasks.orderNumber }).from(tasks);
      expect(rows.map((r) => r.n)).not.toContain("SO-1");
    } finally {
      await ctx.app.db.update(orders).set({ orderStatus: "5. Received" }).where(eq(orders.id, 1));
    }
  });

  it("keeps read state across rebuilds and drops the state of tasks that are gone", async () => {
    const uid = v("admin@goldengrain.test").userId!;
    await ctx.app.db.insert(notificationReads).values([
      { userId: uid, itemKey: "task:1", readAt: NOW.toISOString() },
      { userId: uid, itemKey: "task:999", readAt: NOW.toISOString() },
      { userId: uid, itemKey: "note:5", readAt: NOW.toISOString() },
    ]);
    await rebuildTasks(ctx.app);
    const keys = (await ctx.app.db.select().from(notificationReads)).map((r) => r.itemKey).sort();
    expect(keys).toEqual(["note:5", "task:1"]);
  });
});

describe("listTasksFor", () => {
  it("an admin sees every task, sorted by days since order", async () => {
    const data = await listTasksFor(ctx.app, v("admin@goldengrain.test"));
    expect(data.tasks.map((t) => t.orderNumber)).toEqual(["SO-1", "SO-4", "SO-6", "SO-5", "SO-3", "SO-2"]);
    expect(data.unread).toBe(6);
    expect(data.tasks[0]).toMatchObject({ id: "task:1", isTask: true, read: false, orderStatus: "5. Received" });
  });

  it("a sales rep sees the orders whose createdBy loosely matches their name (aliases included)", async () => {
    const data = await listTasksFor(ctx.app, v("sales@goldengrain.test"));
    expect(numbers(data.tasks)).toEqual(["SO-1", "SO-2", "SO-6"]);
    expect(data.unread).toBe(3);
  });

  it("a sales rep whose name matches nothing sees all tasks", async () => {
    const data = await listTasksFor(ctx.app, v("nobody@goldengrain.test"));
    expect(data.tasks).toHaveLength(6);
  });

  it("a driver sees tasks of delivery orders in their warehouses only; a warehouse employee only orders assigned to them", async () => {
    // The Order Tracking scope: a driver with no order types of their own covers every '* Delivery' type.
    expect(numbers((await listTasksFor(ctx.app, v("driver@goldengrain.test"))).tasks)).toEqual(["SO-3"]);
    expect(numbers((await listTasksFor(ctx.app, v("warehouse@goldengrain.test"))).tasks)).toEqual(["SO-4"]);
  });

  it("alerts go to their user, or to everyone holding the audience grant, by priority then recency", async () => {
    const adminId = v("admin@goldengrain.test").userId!;
    await ctx.app.db.insert(notifications).values([
      { id: 1, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m", priority: "medium", createdAt: "2025-06-30T10:00:00.000Z" },
      { id: 2, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m", priority: "high", createdAt: "2025-06-30T09:00:00.000Z" },
      { id: 3, userId: adminId, type: "info", title: "For Alice", message: "m", priority: "low", createdAt: "2025-06-30T11:00:00.000Z" },
      { id: 4, audienceGrant: "admin:manage", type: "info", title: "Admins", message: "m", priority: "high", createdAt: "2025-06-30T08:00:00.000Z" },
    ]);
    const logistics = await listTasksFor(ctx.app, v("logistics@goldengrain.test"));
    expect(logistics.alerts.map((a) => a.id)).toEqual(["note:2", "note:1"]);
    const admin = await listTasksFor(ctx.app, v("admin@goldengrain.test"));
    expect(admin.alerts.map((a) => a.id)).toEqual(["note:2", "note:4", "note:1", "note:3"]);
    const sales = await listTasksFor(ctx.app, v("sales@goldengrain.test"));
    expect(sales.alerts).toEqual([]);
    expect(logistics.unread).toBe(6 + 2);
  });
});

describe("mark all read and clear completed", () => {
  it("mark all read marks every visible task and alert, for that viewer only", async () => {
    await ctx.app.db.insert(notifications).values({ id: 10, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m" });
    const leo = v("logistics@goldengrain.test");
    await markAllRead(ctx.app, leo);
    const after = await listTasksFor(ctx.app, leo);
    expect(after.unread).toBe(0);
    expect(after.tasks.every((t) => t.read)).toBe(true);
    expect(after.alerts.every((a) => a.read)).toBe(true);
    expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).unread).toBe(7);
  });

  it("clear completed hides read alerts and tasks whose order is now delivered, released or cancelled", async () => {
    await ctx.app.db.insert(notifications).values([
      { id: 20, audienceGrant: "help:receive", type: "warning", title: "read one", message: "m" },
      { id: 21, audienceGrant: "help:receive", type: "warning", title: "unread one", message: "m" },
    ]);
    const leo = v("logistics@goldengrain.test");
    await ctx.app.db.insert(notificationReads).values({ userId: leo.userId!, itemKey: "note:20", readAt: NOW.toISOString() });
    // Delivered and cancelled after the last rebuild: the tasks are still in the table until the next run.
    await ctx.app.db.update(orders).set({ orderStatus: "1. Delivered/Released" }).where(eq(orders.id, 2));
    await ctx.app.db.update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, 3));
    try {
      const before = await listTasksFor(ctx.app, leo);
      expect(before.tasks.find((t) => t.id === "task:2")?.orderStatus).toBe("1. Delivered/Released");

      await clearCompleted(ctx.app, leo, "alerts");
      const afterAlerts = await listTasksFor(ctx.app, leo);
      expect(afterAlerts.alerts.map((a) => a.id)).toEqual(["note:21"]);
      expect(afterAlerts.tasks).toHaveLength(6);

      await clearCompleted(ctx.app, leo, "tasks");
      const after = await listTasksFor(ctx.app, leo);
      expect(numbers(after.tasks)).toEqual(["SO-1", "SO-4", "SO-5", "SO-6"]);
      // Someone else's list is untouched.
      expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).tasks).toHaveLength(6);
    } finally {
      await ctx.app.db.update(orders).set({ orderStatus: "5. Received" }).where(eq(orders.id, 2));
      await ctx.app.db.update(orders).set({ orderStatus: "4. In Progress" }).where(eq(orders.id, 3));
    }
  });
});

describe("/api/tasks routes", () => {
  it("GET /api/tasks answers 401 without a session and {success, data:{tasks, alerts, unread}} with one", async () => {
    const anon = (await settle(() => tasksLoader({ request: request("/api/tasks"), context: ctx, params: {} }))) as Response;
    expect(anon.status).toBe(401);

    const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
    const res = (await tasksLoader({ request: request("/api/tasks", { cookie }), context: ctx, params: {} })) as Response;
    const body = (await res.json()) as { success: boolean; data: { tasks: unknown[] } };
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(["alerts", "tasks", "unread"]);
    expect(body.data.tasks).toHaveLength(6);
  });

  it("POST /api/tasks/read-all and /api/tasks/clear-completed", async () => {
    const cookie = await staffCookie(ctx.app, "admin@goldengrain.test");
    const read = (await readAllAction({ request: request("/api/tasks/read-all", { method: "POST", cookie, json: {} }), context: ctx, params: {} })) as Response;
    expect(read.status).toBe(200);
    expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).unread).toBe(0);

    const clear = (await clearAction({ request: request("/api/tasks/clear-completed", { method: "POST", cookie, json: { target: "tasks" } }), context: ctx, params: {} })) as Response;
    expect(clear.status).toBe(200);
    expect(((await clear.json()) as { success: boolean }).success).toBe(true);

    const bad = (await settle(() =>
      clearAction({ request: request("/api/tasks/clear-completed", { method: "POST", cookie, json: { target: "everything" } }), context: ctx, params: {} }),
    )) as Response;
    expect(bad.status).toBe(400);
  });
});
