// The Task Center on a real libSQL file: the cron's build of every role's list, what each role gets (and that
// every task opens for its holder), true counts from SQL, Urgent's order, paging, read and cleared state per
// user, and the /api/tasks routes.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notificationReads, notifications, orders, pickListStatus, roleGrants, roles, tasks, users, warehouseWorkers } from "../../db/schema";
import { ROLE_DEFINITIONS, ROLE_IDS, type RoleId } from "~/domain/access/roles";
import { buildTask } from "~/domain/tasks/rules";
import { floorStage, isDeliveryOrderType, taskHref } from "~/domain/tasks/floor";
import { compareUrgent, PRIORITY_RANK, TASK_BLOCK_SIZE } from "~/domain/tasks/layout";
import { TaskCenterAnswer, TaskPageAnswer } from "~/domain/tasks/contract";
import type { TaskCenterData, TaskItem, TaskPage } from "~/domain/tasks/list";
import { getStaffViewer, type Viewer } from "~/lib/session.server";
import { loader as tasksLoader } from "~/routes/api.tasks";
import { action as readAllAction } from "~/routes/api.tasks.read-all";
import { action as clearAction } from "~/routes/api.tasks.clear-completed";
import { loader as listLoader } from "~/routes/api.order-trackers";
import { loader as historyLoader } from "~/routes/api.order-trackers.$id.history";
import { loader as salesOrderLoader } from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import { loader as pickLogsLoader } from "~/routes/api.picklists.$orderNumber.logs";
import { loader as pickCheckLoader } from "~/routes/_app.pick-list-check";
import { clearCompleted, listTaskPage, listTasksFor, markRead, rebuildTasks, taskBadge } from "~/services/tasks.server";
import { createSeededTestDatabase, createTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Ctx = ReturnType<typeof createTestContext>;

async function viewerOf(ctx: Ctx, email: string): Promise<{ viewer: Viewer; cookie: string }> {
  const cookie = await staffCookie(ctx.app, email);
  const viewer = await getStaffViewer(request("/", { cookie }), ctx.app);
  if (!viewer) throw new Error(`no session for ${email}`);
  return { viewer, cookie };
}

async function json<T>(res: unknown): Promise<{ status: number; body: T }> {
  const r = res as Response;
  return { status: r.status, body: (await r.json()) as T };
}

/** Every task of a viewer's list, page by page through GET /api/tasks?tab=&page= (the bell's 'Show more'). */
async function allPages(ctx: Ctx, cookie: string, tab: "urgent" | "tasks"): Promise<{ items: TaskItem[]; total: number }> {
  const items: TaskItem[] = [];
  let total = 0;
  for (let page = 1; page < 100; page++) {
    const { status, body } = await json<{ data: TaskPage }>(await tasksLoader({ request: request(`/api/tasks?tab=${tab}&page=${page}`, { cookie }), context: ctx, params: {} }));
    expect(status).toBe(200);
    // The bell reads this page through its contract: a renamed field fails here.
    TaskPageAnswer.parse(body);
    total = body.data.total;
    items.push(...(body.data.items as TaskItem[]));
    if (body.data.items.length < body.data.pageSize) break;
  }
  return { items, total };
}

// ================================================================ a hand-built company: every rule, exactly

describe("hand-built orders", () => {
  const NOW = new Date("2025-06-30T15:00:00.000Z");
  const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000 - 3_600_000).toISOString();
  let ctx: Ctx;
  const people = new Map<string, Viewer>();

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
    return { id, orderNumber: `SO-${id}`, customerName: `Customer ${id}`, createdBy: "Sam", paymentStatus: "Paid: Check", orderStatus: status, warehouseLocation: "NY-MAIN", orderDate: daysAgo(days), ...extra };
  }
  const DELIVERY = { warehouseLocation: "NJ-WH", orderType: "NY/NJ Delivery" };

  const ORDERS: OrderRow[] = [
    order(1, "5. Received", 1),
    order(2, "5. Received", 12, { createdBy: "Samuel K" }),
    order(3, "4. In Progress", 8, { createdBy: "Sara Santos", ...DELIVERY }),
    order(4, "3. Waiting for Truck/Pick Up", 2, { createdBy: "Sara Santos", warehouseAssignment: ["Wendy"] }),
    order(5, "2. Shipped/Picked Up", 6, { createdBy: "Leo", warehouseLocation: "NJ-WH", orderType: "Will Call" }),
    order(6, "Pending Assignment", 4, { paymentStatus: "HOLD" }),
    order(7, "CANCELLED", 20, { paymentStatus: "HOLD" }),
    order(8, "1. Delivered/Released", 3),
    order(9, "01. Released", 3),
    order(10, "Order Delivered", 30),
    order(11, "Delivered/Complete", 1),
    order(12, "Picking", 3, { warehouseAssignment: ["Wendy Warehouse"] }),
    order(13, "Out for Delivery", 1, { ...DELIVERY, paymentStatus: "Cash On Delivery" }),
    order(14, "Picked", 0, { ...DELIVERY, orderType: "VA Delivery", paymentStatus: "HOLD" }),
    order(15, "Pending Payment", 2, { ...DELIVERY, warehouseAssignment: ["Wendy"] }),
    order(16, "Picking", 0, { warehouseAssignment: ["Kevin Chen"] }),
  ];

  const v = (email: string) => people.get(email)!;
  const OPEN = ["SO-1", "SO-2", "SO-3", "SO-4", "SO-5", "SO-6", "SO-12", "SO-13", "SO-14", "SO-15", "SO-16"];
  const numbers = (list: { orderNumber: string | null }[]) => list.map((t) => t.orderNumber).sort((a, b) => Number(a!.slice(3)) - Number(b!.slice(3)));

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
    for (const p of PEOPLE) people.set(p.email, (await viewerOf(ctx, p.email)).viewer);
  });

  beforeEach(async () => {
    await ctx.app.db.delete(notificationReads);
    await ctx.app.db.delete(notifications);
    await rebuildTasks(ctx.app);
  });

  describe("rebuildTasks", () => {
    it("builds the office list (one task per open order) and a list for each viewer who does not see every order", async () => {
      const result = await rebuildTasks(ctx.app);
      // Office: every open order (11); Wendy: 2 (a pick and a check); Dan: 2 (deliveries).
      expect(result).toMatchObject({ tasks: 11 + 2 + 2, lists: 3 });
      const office = await ctx.app.db.select().from(tasks).where(sql`${tasks.id} < ${sql.raw(String(2 * TASK_BLOCK_SIZE))}`);
      // Cancelled (SO-7), delivered and released (SO-8 to SO-11) orders produce none.
      expect(numbers(office)).toEqual(OPEN);
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
        await rebuildTasks(ctx.app);
        const rows = await ctx.app.db.select({ n: tasks.orderNumber }).from(tasks);
        expect(rows.map((r) => r.n)).not.toContain("SO-1");
      } finally {
        await ctx.app.db.update(orders).set({ orderStatus: "5. Received" }).where(eq(orders.id, 1));
      }
    });

    it("keeps read state across rebuilds and drops the state of tasks that are gone or lists that are not the viewer's", async () => {
      const alice = v("admin@goldengrain.test");
      await markRead(ctx.app, alice, ["task:0:2"]);
      const uid = alice.userId!;
      await ctx.app.db.insert(notificationReads).values([
        { userId: uid, itemKey: "task:0:999", readAt: NOW.toISOString() },
        { userId: uid, itemKey: "task:4:1", readAt: NOW.toISOString() },
        { userId: uid, itemKey: "note:5", readAt: NOW.toISOString() },
      ]);
      await rebuildTasks(ctx.app);
      const keys = (await ctx.app.db.select().from(notificationReads).where(eq(notificationReads.userId, uid))).map((r) => r.itemKey).sort();
      expect(keys).toEqual(["note:5", "task:0:2"]);
      expect((await listTasksFor(ctx.app, alice)).urgent.find((t) => t.orderNumber === "SO-2")?.read).toBe(true);
    });
  });

  describe("each role's list", () => {
    it("admins and logistics managers get the spec's table for every open order", async () => {
      const data = await listTasksFor(ctx.app, v("admin@goldengrain.test"));
      expect(data.counts).toMatchObject({ tasks: 11, urgent: 7 });
      expect(numbers(data.tasks)).toEqual(OPEN);
      expect(data.tasks.every((t) => t.kind === "order" && t.href === `/order-tracking?searchBy=orderNumber&search=${t.orderNumber}`)).toBe(true);
      expect(data.unread).toBe(11);
      expect((await listTasksFor(ctx.app, v("logistics@goldengrain.test"))).counts).toEqual(data.counts);
    });

    it("All Tasks is by days since order ascending; Urgent by priority, then the most overdue first", async () => {
      const data = await listTasksFor(ctx.app, v("admin@goldengrain.test"));
      const days = data.tasks.map((t) => t.daysSinceOrder);
      expect(days).toEqual([...days].sort((a, b) => a - b));
      expect(data.urgent.map((t) => `${t.orderNumber} ${t.title} ${t.priority} ${t.daysSinceOrder}d`)).toEqual([
        "SO-2 Urgent: Process Order high 12d",
        "SO-3 Long Processing Time medium 8d",
        "SO-5 Confirm Delivery medium 6d",
        "SO-6 Payment Issue - Action Required medium 4d",
        "SO-14 Payment Issue - Action Required medium 0d",
        "SO-12 Needs Attention low 3d",
        "SO-1 Ready to Process low 1d",
      ]);
      const ranks = data.urgent.map((t) => [PRIORITY_RANK[t.priority], -t.daysSinceOrder] as const);
      expect(ranks).toEqual([...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    });

    it("a sales rep sees the orders whose createdBy loosely matches their name (aliases included)", async () => {
      const data = await listTasksFor(ctx.app, v("sales@goldengrain.test"));
      expect(numbers(data.tasks)).toEqual(["SO-1", "SO-2", "SO-6", "SO-12", "SO-13", "SO-14", "SO-15", "SO-16"]);
      expect(data.counts.tasks).toBe(8);
      expect(data.unread).toBe(8);
    });

    it("the bell's count in the page's first HTML (taskBadge) is the Task Center's own, for every role and after reading", async () => {
      const emails = ["admin@goldengrain.test", "logistics@goldengrain.test", "sales@goldengrain.test", "nobody@goldengrain.test", "warehouse@goldengrain.test", "driver@goldengrain.test"];
      for (const email of emails) {
        const full = await listTasksFor(ctx.app, v(email));
        expect(await taskBadge(ctx.app, v(email)), email).toEqual({ counts: full.counts, unread: full.unread });
      }
      const alice = v("admin@goldengrain.test");
      const before = (await taskBadge(ctx.app, alice))!;
      await markRead(ctx.app, alice, ["task:0:2"]);
      try {
        expect((await taskBadge(ctx.app, alice))?.unread).toBe(before.unread - 1);
      } finally {
        await ctx.app.db.delete(notificationReads).where(eq(notificationReads.itemKey, "task:0:2"));
      }
    });

    it("a sales rep whose name matches nothing sees all tasks", async () => {
      expect((await listTasksFor(ctx.app, v("nobody@goldengrain.test"))).counts.tasks).toBe(11);
    });

    it("a warehouse employee gets her assigned orders to pick and to check, never a payment or office task", async () => {
      const data = await listTasksFor(ctx.app, v("warehouse@goldengrain.test"));
      expect(data.tasks.map((t) => [t.orderNumber, t.kind, t.title, t.href]).sort()).toEqual([
        ["SO-12", "pick", "Overdue Pick", "/pick-list?order=SO-12"],
        ["SO-4", "check", "Check and Capture", "/pick-list-check?order=SO-4"],
      ]);
      expect(data.tasks.every((t) => !("paymentStatus" in t))).toBe(true);
      expect(data.counts).toMatchObject({ urgent: 2, tasks: 2 });
    });

    it("a driver gets today's deliveries only: no 'Payment Issue', no 'Ready to Process'", async () => {
      const data = await listTasksFor(ctx.app, v("driver@goldengrain.test"));
      expect(data.urgent.map((t) => [t.orderNumber, t.title, t.priority, t.href])).toEqual([
        ["SO-13", "Complete Delivery", "high", "/order-tracking#order-SO-13"],
        ["SO-14", "Ready for Delivery", "low", "/order-tracking#order-SO-14"],
      ]);
      expect(data.urgent[0]!.message).toContain("Collect cash on delivery");
      expect(data.tasks.map((t) => t.title)).not.toContain("Payment Issue - Action Required");
      expect(data.tasks.map((t) => t.title)).not.toContain("Ready to Process");
    });

    it("a pick completed since the build shows as done at once, and 'Clear completed tasks' removes it", async () => {
      const wendy = v("warehouse@goldengrain.test");
      await ctx.app.db.insert(pickListStatus).values({ orderId: 12, completedAt: NOW.toISOString(), completedBy: "warehouse@goldengrain.test" });
      try {
        const before = await listTasksFor(ctx.app, wendy);
        expect(before.tasks.find((t) => t.orderNumber === "SO-12")?.done).toBe(true);
        expect(await clearCompleted(ctx.app, wendy, "tasks")).toEqual({ cleared: 1 });
        const after = await listTasksFor(ctx.app, wendy);
        expect(after.tasks.map((t) => t.orderNumber)).toEqual(["SO-4"]);
        expect(after.counts.tasks).toBe(1);
      } finally {
        await ctx.app.db.delete(pickListStatus).where(eq(pickListStatus.orderId, 12));
      }
    });

    it("a member whose list was not built yet gets it built live, the same way, without writing", async () => {
      const [kevinRow] = await ctx.app.db
        .insert(users)
        .values({ email: "kevin@goldengrain.test", name: "Kevin Chen", roleId: "warehouse-employee", locationIds: ["NY-MAIN"] })
        .returning();
      await ctx.app.db.insert(warehouseWorkers).values({ name: "Kevin Chen", email: "kevin@goldengrain.test", locationIds: ["NY-MAIN"] });
      try {
        const kevin = (await viewerOf(ctx, "kevin@goldengrain.test")).viewer;
        const rowsBefore = (await ctx.app.db.select({ n: sql<number>`count(*)` }).from(tasks))[0]!.n;
        const live = await listTasksFor(ctx.app, kevin);
        expect(live.tasks.map((t) => [t.orderNumber, t.title])).toEqual([["SO-16", "Pick Order"]]);
        // The page's HTML does not build a list (more trips before the page is sent): the bell counts from its first call.
        expect(await taskBadge(ctx.app, kevin)).toBeNull();
        expect(live.counts).toMatchObject({ urgent: 1, tasks: 1 });
        expect((await ctx.app.db.select({ n: sql<number>`count(*)` }).from(tasks))[0]!.n).toBe(rowsBefore);
        // Read state written against the live list is the prepared list's after the next build.
        await markRead(ctx.app, kevin);
        expect((await listTasksFor(ctx.app, kevin)).unread).toBe(0);
        await rebuildTasks(ctx.app);
        const prepared = await listTasksFor(ctx.app, kevin);
        expect(prepared.tasks.map((t) => [t.orderNumber, t.read])).toEqual([["SO-16", true]]);
        expect(await taskBadge(ctx.app, kevin)).toEqual({ counts: prepared.counts, unread: 0 });
        expect(prepared.unread).toBe(0);
      } finally {
        await ctx.app.db.delete(warehouseWorkers).where(eq(warehouseWorkers.email, "kevin@goldengrain.test"));
        await ctx.app.db.delete(users).where(eq(users.id, kevinRow!.id));
      }
    });

    it("alerts go to their user, or to everyone holding the audience grant, by priority then recency", async () => {
      const adminId = v("admin@goldengrain.test").userId!;
      const driverId = v("driver@goldengrain.test").userId!;
      await ctx.app.db.insert(notifications).values([
        { id: 1, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m", priority: "medium", createdAt: "2025-06-30T10:00:00.000Z" },
        { id: 2, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m", priority: "high", createdAt: "2025-06-30T09:00:00.000Z" },
        { id: 3, userId: adminId, type: "info", title: "For Alice", message: "m", priority: "low", createdAt: "2025-06-30T11:00:00.000Z" },
        { id: 4, audienceGrant: "admin:manage", type: "info", title: "Admins", message: "m", priority: "high", createdAt: "2025-06-30T08:00:00.000Z" },
        { id: 5, userId: driverId, type: "info", title: "For Dan", message: "m", priority: "low", createdAt: "2025-06-30T08:00:00.000Z" },
      ]);
      const logistics = await listTasksFor(ctx.app, v("logistics@goldengrain.test"));
      expect(logistics.alerts.map((a) => a.id)).toEqual(["note:2", "note:1"]);
      const admin = await listTasksFor(ctx.app, v("admin@goldengrain.test"));
      expect(admin.alerts.map((a) => a.id)).toEqual(["note:2", "note:4", "note:1", "note:3"]);
      expect((await listTasksFor(ctx.app, v("sales@goldengrain.test"))).alerts).toEqual([]);
      // A driver's own alerts.
      expect((await listTasksFor(ctx.app, v("driver@goldengrain.test"))).alerts.map((a) => a.title)).toEqual(["For Dan"]);
      expect(logistics.unread).toBe(11 + 2);
      expect(logistics.counts.alerts).toBe(2);
    });
  });

  describe("mark all read and clear completed, per user", () => {
    it("mark all read marks every visible task and alert, for that viewer only", async () => {
      await ctx.app.db.insert(notifications).values({ id: 10, audienceGrant: "help:receive", type: "warning", title: "Help requested", message: "m" });
      const leo = v("logistics@goldengrain.test");
      await markRead(ctx.app, leo);
      const after = await listTasksFor(ctx.app, leo);
      expect(after.unread).toBe(0);
      expect([...after.urgent, ...after.tasks].every((t) => t.read)).toBe(true);
      expect(after.alerts.every((a) => a.read)).toBe(true);
      expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).unread).toBe(11 + 1);
    });

    it("marks only the given items read, and ignores keys of someone else's list", async () => {
      const wendy = v("warehouse@goldengrain.test");
      const data = await listTasksFor(ctx.app, wendy);
      const [first] = data.tasks;
      expect(await markRead(ctx.app, wendy, [first!.id, "task:0:1", "task:0:2"])).toEqual({ marked: 1 });
      expect((await listTasksFor(ctx.app, wendy)).unread).toBe(1);
      expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).unread).toBe(11);
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
        expect(before.urgent.find((t) => t.orderNumber === "SO-2")).toMatchObject({ orderStatus: "1. Delivered/Released", done: true });

        await clearCompleted(ctx.app, leo, "alerts");
        const afterAlerts = await listTasksFor(ctx.app, leo);
        expect(afterAlerts.alerts.map((a) => a.id)).toEqual(["note:21"]);
        expect(afterAlerts.counts).toMatchObject({ tasks: 11, alerts: 1 });

        await clearCompleted(ctx.app, leo, "tasks");
        const after = await listTasksFor(ctx.app, leo);
        expect(after.tasks.map((t) => t.orderNumber)).not.toContain("SO-2");
        expect(after.tasks.map((t) => t.orderNumber)).not.toContain("SO-3");
        expect(after.counts.tasks).toBe(9);
        expect(after.unread).toBe(9 + 1);
        // Someone else's list is untouched.
        expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).counts.tasks).toBe(11);
      } finally {
        await ctx.app.db.update(orders).set({ orderStatus: "5. Received" }).where(eq(orders.id, 2));
        await ctx.app.db.update(orders).set({ orderStatus: "4. In Progress" }).where(eq(orders.id, 3));
      }
    });
  });

  describe("/api/tasks routes", () => {
    it("GET /api/tasks answers 401 without a session and the Task Center with one", async () => {
      const anon = (await settle(() => tasksLoader({ request: request("/api/tasks"), context: ctx, params: {} }))) as Response;
      expect(anon.status).toBe(401);
      const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
      const { body } = await json<{ success: boolean; data: TaskCenterData }>(await tasksLoader({ request: request("/api/tasks", { cookie }), context: ctx, params: {} }));
      expect(body.success).toBe(true);
      expect(TaskCenterAnswer.parse(body)).toEqual(body.data);
      expect(Object.keys(body.data).sort()).toEqual(["alerts", "builtAt", "counts", "pageSize", "tasks", "unread", "urgent"]);
      expect(body.data.builtAt).toBe(NOW.toISOString());
    });

    it.each(["tab=everything", "page=0", "page=1e3", "tab=urgent&page=x"])("GET /api/tasks?%s is a 400", async (q) => {
      const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
      const res = (await settle(() => tasksLoader({ request: request(`/api/tasks?${q}`, { cookie }), context: ctx, params: {} }))) as Response;
      expect(res.status).toBe(400);
    });

    it("POST /api/tasks/read-all and /api/tasks/clear-completed", async () => {
      const cookie = await staffCookie(ctx.app, "admin@goldengrain.test");
      const read = (await readAllAction({ request: request("/api/tasks/read-all", { method: "POST", cookie, json: {} }), context: ctx, params: {} })) as Response;
      expect(read.status).toBe(200);
      expect((await listTasksFor(ctx.app, v("admin@goldengrain.test"))).unread).toBe(0);

      const clear = (await clearAction({ request: request("/api/tasks/clear-completed", { method: "POST", cookie, json: { target: "tasks" } }), context: ctx, params: {} })) as Response;
      expect(clear.status).toBe(200);
      expect(((await clear.json()) as { success: boolean }).success).toBe(true);

      for (const body of [{ target: "everything" }, { ids: "task:0:1" }, { ids: Array(501).fill("note:1") }]) {
        const bad = (await settle(() =>
          (body.target ? clearAction : readAllAction)({ request: request(body.target ? "/api/tasks/clear-completed" : "/api/tasks/read-all", { method: "POST", cookie, json: body }), context: ctx, params: {} }),
        )) as Response;
        expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
    });

    it("GET never writes: reading the bell leaves the state and the lists as they were", async () => {
      const before = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(notificationReads);
      const cookie = await staffCookie(ctx.app, "warehouse@goldengrain.test");
      await tasksLoader({ request: request("/api/tasks", { cookie }), context: ctx, params: {} });
      await tasksLoader({ request: request("/api/tasks?tab=urgent&page=2", { cookie }), context: ctx, params: {} });
      expect(await ctx.app.db.select({ n: sql<number>`count(*)` }).from(notificationReads)).toEqual(before);
    });
  });
});

// ================================================================ the seeded company, every role

describe("seeded company (400 orders)", () => {
  let ctx: Ctx;
  const ROLES = ["admin", "logistics", "sales", "warehouse", "driver"] as const;
  type Who = (typeof ROLES)[number];
  const who = new Map<Who, { viewer: Viewer; cookie: string }>();

  beforeAll(async () => {
    const db = await createSeededTestDatabase({ orders: 400 });
    ctx = createTestContext(db, { now: SEED_NOW });
    for (const w of ROLES) who.set(w, await viewerOf(ctx, `${w}@goldengrain.test`));
    await rebuildTasks(ctx.app);
  }, 60_000);

  /** The door a task links to, as the screen it opens asks the server for its order. */
  async function opens(w: Who, task: TaskItem): Promise<void> {
    const { cookie } = who.get(w)!;
    const n = task.orderNumber!;
    const where = `${w}: ${task.title} ${n} → ${task.href}`;
    expect(task.href, where).toBe(taskHref(task.kind, n));
    const answer = async (run: () => Promise<unknown>) => (await settle(run)) as Response;
    if (task.kind === "order" || task.kind === "delivery") {
      const list = await answer(() => listLoader({ request: request(`/api/order-trackers?searchBy=orderNumber&search=${n}`, { cookie }), context: ctx, params: {} }));
      expect(list.status, where).toBe(200);
      expect(((await list.json()) as { data: { orderNumber: string }[] }).data.map((r) => r.orderNumber), where).toContain(n);
      const history = await answer(() => historyLoader({ request: request(`/api/order-trackers/${n}/history`, { cookie }), context: ctx, params: { id: n } }));
      expect(history.status, where).toBe(200);
    } else if (task.kind === "pick") {
      const order = await answer(() => salesOrderLoader({ request: request(`/api/sales-orders/by-order-number/${n}?include=lines`, { cookie }), context: ctx, params: { orderNumber: n } }));
      expect(order.status, where).toBe(200);
      const logs = await answer(() => pickLogsLoader({ request: request(`/api/picklists/${n}/logs`, { cookie }), context: ctx, params: { orderNumber: n } }));
      expect(logs.status, where).toBe(200);
    } else {
      const page = (await pickCheckLoader({ request: request(`/pick-list-check?order=${n}`, { cookie }), context: ctx, params: {} })) as { order: unknown; error: string | null };
      expect(page.error, where).toBeNull();
      expect(page.order, where).not.toBeNull();
    }
  }

  it.each(ROLES)("%s: every task returned opens for them (its door answers 200)", async (w) => {
    const { items, total } = await allPages(ctx, who.get(w)!.cookie, "tasks");
    expect(items.length).toBe(total);
    expect(total).toBeGreaterThan(0);
    for (const task of items) await opens(w, task);
  }, 60_000);

  it("the spec's order poll answers every role that has a bell", async () => {
    for (const w of ROLES) {
      const res = (await listLoader({ request: request("/api/order-trackers?page=1&limit=500", { cookie: who.get(w)!.cookie }), context: ctx, params: {} })) as Response;
      expect(res.status, w).toBe(200);
    }
  });

  /** The expected list of each role, from the orders and the pure rules alone (not the service, not the tasks table). */
  async function expected(w: Who) {
    const all = await ctx.app.db.select().from(orders);
    const now = SEED_NOW;
    if (w === "admin" || w === "logistics") return all.flatMap((o) => buildTask(o, now) ?? []);
    if (w === "sales") return all.flatMap((o) => buildTask(o, now) ?? []).filter((t) => /^sam\b/i.test(t.salesRep));
    if (w === "driver") {
      const d = who.get("driver")!.viewer;
      return all.filter(
        (o) => d.locationIds.includes(o.warehouseLocation) && d.orderTypes.includes(o.orderType) && isDeliveryOrderType(o.orderType) && !o.deliveryCompletedAt && ["picked", "on-truck"].includes(floorStage(o.orderStatus)),
      );
    }
    // Wendy: her assignment labels ('Wendy Warehouse', 'Wendy'), to pick or picked and not handed over (nothing is picked or captured in the seed).
    return all.filter((o) => o.warehouseAssignment.some((l) => /\bwendy\b/i.test(l)) && ["to-pick", "picked"].includes(floorStage(o.orderStatus)));
  }

  it.each(ROLES)("%s: the counts are the SQL counts of their list, not the length of a page", async (w) => {
    const { viewer } = who.get(w)!;
    const data = await listTasksFor(ctx.app, viewer);
    const list = await expected(w);
    expect(data.counts.tasks).toBe(list.length);
    const actionable = w === "driver" || w === "warehouse" ? list.length : (list as { actionable: boolean }[]).filter((t) => t.actionable).length;
    expect(data.counts.urgent).toBe(actionable);
    expect(data.unread).toBe(list.length);
    const urgent = await allPages(ctx, who.get(w)!.cookie, "urgent");
    expect(urgent.total).toBe(data.counts.urgent);
    expect(urgent.items).toHaveLength(data.counts.urgent);
    if (w === "admin") expect(data.counts.tasks).toBeGreaterThan(data.pageSize);
  }, 60_000);

  it.each(ROLES)("%s: Urgent lists the most urgent first, through every page", async (w) => {
    const { items } = await allPages(ctx, who.get(w)!.cookie, "urgent");
    const key = items.map((t) => ({ priority: t.priority, daysSinceOrder: t.daysSinceOrder, orderId: t.orderId! }));
    expect(key).toEqual([...key].sort(compareUrgent));
    if (items.length) expect(items[0]!.priority).toBe(items.some((t) => t.priority === "high") ? "high" : items[0]!.priority);
  }, 60_000);

  it("listTaskPage pages partition the list: no task twice, none missing", async () => {
    const { viewer } = who.get("admin")!;
    const first = await listTaskPage(ctx.app, viewer, "tasks", 1);
    const second = await listTaskPage(ctx.app, viewer, "tasks", 2);
    expect(first.total).toBe(second.total);
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a warehouse employee's whole answer carries no payment status and no payment task", async () => {
    const res = (await tasksLoader({ request: request("/api/tasks", { cookie: who.get("warehouse")!.cookie }), context: ctx, params: {} })) as Response;
    expect(await res.text()).not.toMatch(/paymentStatus|payment_issue|Payment Issue/);
  });
});
