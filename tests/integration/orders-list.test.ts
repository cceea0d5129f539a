// Order Tracking list, KPIs and scoping against a real seeded libSQL file. The expected rows are computed
// independently: every order read with a plain select and filtered in the test with the domain rules.
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, warehouseWorkers } from "../../db/schema";
import { matchesAssignee } from "~/domain/orders/assignment";
import { DELIVERY_ORDER_TYPES, ORDER_TYPES } from "~/domain/orders/constants";
import { isOpenOrder, normalizeTrucking } from "~/domain/orders/status";
import { loader as listLoader } from "~/routes/api.order-trackers";
import { loader as kpiLoader } from "~/routes/api.order-trackers.kpis";
import { loader as optionsLoader } from "~/routes/api.warehouse-workers.options";
import { loader as workersLoader } from "~/routes/api.warehouse-workers";
import { orderListQuerySchema } from "~/domain/orders/query";
import { KpisAnswer, OrderListAnswer, OrderListBodySchema, OrderRowSchema, SalesOrderLinesAnswer, WorkerOptionsAnswer } from "~/domain/orders/contract";
import { getStaffViewer } from "~/lib/session.server";
import { filterConditions, inSearchTrigrams, listOrders, orderBy, resolveOrderScope } from "~/services/orders.server";
import { loader as salesOrderLoader } from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie, staffCookies } from "../support/context";

type Ctx = ReturnType<typeof createTestContext>;
type Order = typeof orders.$inferSelect;
let ctx: Ctx;
let all: Order[];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const db = await createSeededTestDatabase({ orders: 400 });
  ctx = createTestContext(db, { now: SEED_NOW });
  all = await db.select().from(orders).orderBy(asc(orders.id));
  Object.assign(cookies, await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver", "marco", "diego"]));
}, 60_000);

async function list(who: string, query = "") {
  const res = (await settle(() => listLoader({ request: request(`/api/order-trackers?${query}`, { cookie: cookies[who] }), context: ctx, params: {} }))) as Response;
  return { status: res.status, body: (await res.json()) as any };
}

/** Every page of a query as the admin, joined. */
async function allNumbers(query: string): Promise<string[]> {
  const first = await list("admin", `${query}&limit=500`);
  expect(first.status).toBe(200);
  return first.body.data.map((r: any) => r.orderNumber);
}

const numbersOf = (rows: Order[]) => rows.map((o) => o.orderNumber).sort();

describe("list shape and pagination", () => {
  it("returns rows, pagination and meta with the spec's fields", async () => {
    const { status, body } = await list("admin", "page=1&limit=25&light=true");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(25);
    expect(body.pagination).toMatchObject({ page: 1, total: all.length, pages: Math.ceil(all.length / 25) });
    expect(body.meta.allowedOrderTypes).toEqual([...ORDER_TYPES]);
    // The screen's contract reads this very answer; every field the server sends is in it (a rename fails here).
    expect(OrderListAnswer.parse(body).rows).toHaveLength(25);
    expect(OrderListBodySchema.parse(body).pagination).toEqual(body.pagination);
    const row = body.data[0];
    expect(OrderRowSchema.parse(row)).toEqual(row);
    for (const key of ["orderNumber", "_id", "customerName", "createdBy", "paymentStatus", "orderStatus", "orderType", "truckingCompany", "warehouseLocation", "warehouseAssignment", "notes", "orderDate", "updatedAt", "lastUpdatedAt", "deliveryCompletedAt", "hasDeliveryOrder", "address", "version"]) {
      expect(row, key).toHaveProperty(key);
    }
    expect(typeof row._id).toBe("string");
    expect(Array.isArray(row.address.lines)).toBe(true);
  });

  it("pages do not overlap and cover every order", async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const { body } = await list("admin", `page=${page}&limit=100`);
      for (const r of body.data) seen.add(r.orderNumber);
    }
    expect(seen.size).toBe(all.length);
  });

  it("a page past the end is empty with the right total", async () => {
    const { body } = await list("admin", "page=99&limit=25");
    expect(body.data).toEqual([]);
    expect(body.pagination.total).toBe(all.length);
  });
});

describe("search fields return the matching rows", () => {
  const sample = () => all[137]!;
  const cases: [string, () => string, (o: Order, q: string) => boolean][] = [
    ["orderNumber", () => sample().orderNumber.slice(0, 7), (o, q) => o.orderNumber.startsWith(q)],
    ["customerName", () => sample().customerName.slice(0, 5).toLowerCase(), (o, q) => o.customerName.toLowerCase().startsWith(q)],
    ["createdBy", () => sample().createdBy.slice(0, 3), (o, q) => o.createdBy.toLowerCase().startsWith(q.toLowerCase())],
    ["paymentStatus", () => "paid", (o) => o.paymentStatus.toLowerCase().startsWith("paid")],
    // Upper case and several matching values ('Paid: Cash', 'Paid: Check', 'Paid: Credit Card').
    ["paymentStatus", () => "PAID: C", (o) => o.paymentStatus.toLowerCase().startsWith("paid: c")],
    ["orderStatus", () => "Picking", (o) => o.orderStatus.toLowerCase().startsWith("picking")],
    ["orderType", () => "NY/NJ Delivery", (o) => o.orderType === "NY/NJ Delivery"],
    ["warehouseLocation", () => "nj-wh", (o) => o.warehouseLocation === "NJ-WH"],
    ["truckingCompany", () => "Estes", (o) => o.truckingCompany.toLowerCase().startsWith("estes")],
    ["warehouseAssignment", () => "kev", (o) => o.warehouseAssignment.some((l) => /\bkev/i.test(l))],
    ["orderDate", () => sample().orderDate.slice(0, 10), (o, q) => o.orderDate.startsWith(q)],
    ["customerOrOrder", () => sample().customerName.slice(2, 8), (o, q) => o.customerName.toLowerCase().includes(q.toLowerCase()) || o.orderNumber.toLowerCase().includes(q.toLowerCase())],
    ["customerOrOrder", () => "00137", (o, q) => o.orderNumber.includes(q) || o.customerName.includes(q)],
    ["customerOrOrder", () => sample().customerName.slice(0, 2), (o, q) => o.orderNumber.startsWith(q.toUpperCase()) || o.customerName.toLowerCase().startsWith(q.toLowerCase())],
  ];
  for (const [field, value, predicate] of cases) {
    it(`${field}`, async () => {
      const q = value();
      const expected = numbersOf(all.filter((o) => predicate(o, q)));
      expect(expected.length, `the seed has rows for ${field}=${q}`).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const got = await allNumbers(`searchBy=${field}&search=${encodeURIComponent(q)}`);
      expect(got.sort()).toEqual(expected);
    });
  }

  it("a search that matches nothing is an empty page, not an error", async () => {
    const { status, body } = await list("admin", "searchBy=customerName&search=zzzz-nobody");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });
});

describe("filters and sorting", () => {
  it("filters combine with AND", async () => {
    const got = await allNumbers("orderType=Freight&warehouseLocation=NY-MAIN");
    expect(got.sort()).toEqual(numbersOf(all.filter((o) => o.orderType === "Freight" && o.warehouseLocation === "NY-MAIN")));
  });
  it("quick filters match the KPI definitions", async () => {
    const today = SEED_NOW.toISOString().slice(0, 10);
    expect((await allNumbers("quick=today")).sort()).toEqual(numbersOf(all.filter((o) => o.orderDate.startsWith(today))));
    expect((await allNumbers("quick=notDelivered")).sort()).toEqual(numbersOf(all.filter((o) => isOpenOrder(o.orderStatus))));
    expect((await allNumbers("quick=awaitingTrucking")).sort()).toEqual(
      numbersOf(all.filter((o) => isOpenOrder(o.orderStatus) && !normalizeTrucking(o.truckingCompany))),
    );
  });
  for (const [sort, key] of [["customerName", "customerName"], ["orderDate", "orderDate"], ["orderNumber", "orderNumber"], ["paymentStatus", "paymentStatus"]] as const) {
    for (const dir of ["asc", "desc"] as const) {
      it(`sorts by ${sort} ${dir} with the id as tie-breaker`, async () => {
        const { body } = await list("admin", `sort=${sort}&dir=${dir}&limit=500`);
        const expected = [...all]
          .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id) * (dir === "asc" ? 1 : -1))
          .map((o) => o.orderNumber);
        expect(body.data.map((r: any) => r.orderNumber)).toEqual(expected);
      });
    }
  }
  it("the default order is newest order date first", async () => {
    const { body } = await list("admin", "limit=10");
    const dates = body.data.map((r: any) => r.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("role scoping", () => {
  it("a warehouse employee sees only orders assigned to them, 500 a page, without payment or trucking", async () => {
    const workers = await ctx.app.db.select().from(warehouseWorkers).where(eq(warehouseWorkers.email, "warehouse@goldengrain.test"));
    const who = { email: "warehouse@goldengrain.test", name: "Wendy Warehouse", workerNames: workers.map((w) => w.name) };
    const expected = numbersOf(all.filter((o) => matchesAssignee(o.warehouseAssignment, who)));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const { body } = await list("warehouse");
    expect(body.pagination.limit).toBe(500);
    expect(body.data.map((r: any) => r.orderNumber).sort()).toEqual(expected);
    for (const r of body.data) {
      expect(r).not.toHaveProperty("paymentStatus");
      expect(r).not.toHaveProperty("truckingCompany");
    }
  });
  it("another warehouse employee sees a different set (Marco)", async () => {
    const expected = numbersOf(all.filter((o) => matchesAssignee(o.warehouseAssignment, { email: "marco@goldengrain.test", name: "Marco Rossi", workerNames: ["Marco Rossi"] })));
    const { body } = await list("marco");
    expect(body.data.map((r: any) => r.orderNumber).sort()).toEqual(expected);
  });
  it("a warehouse employee's filters cannot widen the scope, and payment is refused as a filter", async () => {
    const { body } = await list("warehouse", "searchBy=warehouseAssignment&search=kevin");
    for (const r of body.data) expect(r.warehouseAssignment.join(" ")).toMatch(/wendy/i);
    const refused = await list("warehouse", "paymentStatus=Paid");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/payment status/);
  });
  it("a driver sees only their order types at their locations, without trucking", async () => {
    const types = ["NY/NJ Delivery", "VA Delivery"];
    const expected = numbersOf(all.filter((o) => types.includes(o.orderType) && ["NY-MAIN", "NJ-WH"].includes(o.warehouseLocation)));
    const { body } = await list("driver", "limit=500");
    expect(body.meta.allowedOrderTypes).toEqual(types);
    expect(body.data.map((r: any) => r.orderNumber).sort()).toEqual(expected);
    for (const r of body.data) {
      expect(r).not.toHaveProperty("truckingCompany");
      expect(r).toHaveProperty("paymentStatus");
    }
  });
  it("sales and logistics see every order", async () => {
    expect((await list("sales")).body.pagination.total).toBe(all.length);
    expect((await list("logistics")).body.pagination.total).toBe(all.length);
  });
  it("meta for a driver without order types is every delivery type", () => {
    expect(DELIVERY_ORDER_TYPES).toHaveLength(8);
  });
});

describe("bad list input is 400", () => {
  it.each([["limit=10000"], ["searchBy=orderDate&search=18-06-2025"], ["sort=notes"], ["page=-1"]])("%s", async (q) => {
    const { status, body } = await list("admin", q);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toBeTruthy();
  });
});

describe("KPIs", () => {
  async function kpis(who: string) {
    const res = (await settle(() => kpiLoader({ request: request("/api/order-trackers/kpis", { cookie: cookies[who] }), context: ctx, params: {} }))) as Response;
    return (await res.json()) as any;
  }
  function expectedFor(rows: Order[]) {
    const today = SEED_NOW.toISOString().slice(0, 10);
    return {
      ordersToday: rows.filter((o) => o.orderDate.startsWith(today)).length,
      awaitingTrucking: rows.filter((o) => isOpenOrder(o.orderStatus) && !normalizeTrucking(o.truckingCompany)).length,
      notDelivered: rows.filter((o) => isOpenOrder(o.orderStatus)).length,
    };
  }
  it("equal counts computed independently, for all orders", async () => {
    const body = await kpis("admin");
    expect(body.success).toBe(true);
    expect(KpisAnswer.parse(body)).toEqual(expectedFor(all));
    expect(body.data).toEqual(expectedFor(all));
    expect(body.data.ordersToday).toBeGreaterThan(0);
  });
  it("are scoped for a driver", async () => {
    const mine = all.filter((o) => ["NY/NJ Delivery", "VA Delivery"].includes(o.orderType) && ["NY-MAIN", "NJ-WH"].includes(o.warehouseLocation));
    // A driver may not see trucking, so the awaiting-trucking count is not given to them.
    expect(KpisAnswer.parse(await kpis("driver"))).toEqual({ ...expectedFor(mine), awaitingTrucking: null });
  });
});

describe("workers and sales orders", () => {
  it("options are active workers' names then ALL", async () => {
    const res = (await optionsLoader({ request: request("/api/warehouse-workers/options", { cookie: cookies.sales }), context: ctx, params: {} })) as Response;
    const body = (await res.json()) as any;
    expect(WorkerOptionsAnswer.parse(body).at(-1)).toBe("ALL");
    expect(body.data).toContain("Wendy Warehouse");
    expect(body.data).not.toContain("Ray Johnson");
  });
  it("the worker list filters in SQL by active and q", async () => {
    const res = (await workersLoader({ request: request("/api/warehouse-workers?active=true&q=chen", { cookie: cookies.sales }), context: ctx, params: {} })) as Response;
    const body = (await res.json()) as any;
    expect(body.data.map((w: any) => w.name)).toEqual(["Kevin Chen"]);
    expect(body.data[0]).toMatchObject({ email: "kevin@goldengrain.test", active: true });
  });
  it("a sales order with lines", async () => {
    const o = all[10]!;
    const res = (await salesOrderLoader({ request: request(`/api/sales-orders/by-order-number/${o.orderNumber}?include=lines`, { cookie: cookies.sales }), context: ctx, params: { orderNumber: o.orderNumber } })) as Response;
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ success: true, orderNumber: o.orderNumber, _id: String(o.id), totalCents: o.totalCents });
    expect(body.lines.length).toBeGreaterThan(0);
    expect(SalesOrderLinesAnswer.parse(body).lines).toHaveLength(body.lines.length);
    const line = body.lines[0];
    expect(line.unitPrice).toBeCloseTo(line.unitPriceCents / 100);
    expect(line.code).toBe(line.sku);
    expect(body.lines.reduce((s: number, l: any) => s + l.quantity * l.unitPriceCents, 0)).toBe(o.totalCents);
  });
  it("a passcode limited to NY-MAIN gets 403 for another warehouse's order", async () => {
    const other = all.find((o) => o.warehouseLocation !== "NY-MAIN")!;
    const cookie = await passcodeCookie(ctx.app);
    const res = (await settle(() => salesOrderLoader({ request: request(`/api/sales-orders/by-order-number/${other.orderNumber}`, { cookie }), context: ctx, params: { orderNumber: other.orderNumber } }))) as Response;
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error).toBe(`Passcode not authorized for warehouse ${other.warehouseLocation}`);
  });
  it("a driver gets 404 for an order outside their types", async () => {
    const other = all.find((o) => o.orderType === "Freight")!;
    const res = (await settle(() => salesOrderLoader({ request: request(`/api/sales-orders/by-order-number/${other.orderNumber}`, { cookie: cookies.driver }), context: ctx, params: { orderNumber: other.orderNumber } }))) as Response;
    expect(res.status).toBe(404);
  });
});

describe("query plans use the indexes (no full scan of orders, no sort of the matches)", () => {
  async function plan(built: { sql: string; params: unknown[] }): Promise<string[]> {
    const client = (ctx.app.db as unknown as { $client: import("@libsql/client").Client }).$client;
    const res = await client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never[] });
    return res.rows.map((r) => String(r.detail));
  }
  async function listPlans(raw: Record<string, string>) {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.logistics }), ctx.app))!;
    const query = orderListQuerySchema.parse({ limit: "25", ...raw });
    const scope = await resolveOrderScope(ctx.app, viewer);
    const where = and(scope.where, ...filterConditions(query, scope, ctx.app.now()));
    const db = ctx.app.db;
    const rows = db.select({ id: orders.id }).from(orders).where(where).orderBy(...orderBy(query)).limit(25).offset((query.page - 1) * 25).toSQL();
    const count = db.select({ n: sql`count(*)` }).from(orders).where(where).toSQL();
    return { rows: await plan(rows), count: await plan(count) };
  }
  const fullScan = (lines: string[]) => lines.some((l) => /^SCAN orders$/.test(l.trim()));

  const cases: Record<string, string>[] = [
    { searchBy: "createdBy", search: "sam" },
    { searchBy: "paymentStatus", search: "paid" },
    { searchBy: "orderType", search: "Freight" },
    { searchBy: "orderStatus", search: "picking" },
    { searchBy: "customerName", search: "gold" },
    { paymentStatus: "Paid" },
    { page: "8" },
  ];
  for (const raw of cases) {
    it(`list ${JSON.stringify(raw)}`, async () => {
      const { rows, count } = await listPlans(raw);
      expect(fullScan(rows), rows.join("\n")).toBe(false);
      expect(fullScan(count), count.join("\n")).toBe(false);
      expect(rows.join("\n")).toMatch(/USING (COVERING )?INDEX/);
    });
  }

  it("an exact filter is read in the default order straight off its (lower(value), order date, id) index", async () => {
    const { rows } = await listPlans({ orderType: "freight" });
    expect(rows.join("\n")).not.toContain("TEMP B-TREE");
    expect(rows.join("\n")).toMatch(/orders_type_lc_date_idx|orders_date_idx/);
  });

  it("the KPI counts are index searches", async () => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.logistics }), ctx.app))!;
    const scope = await resolveOrderScope(ctx.app, viewer);
    for (const quick of ["today", "notDelivered", "awaitingTrucking"]) {
      const query = orderListQuerySchema.parse({ quick });
      const where = and(scope.where, ...filterConditions(query, scope, ctx.app.now()));
      const lines = await plan(ctx.app.db.select({ n: sql`count(*)` }).from(orders).where(where).toSQL());
      expect(fullScan(lines), lines.join("\n")).toBe(false);
    }
  });
});

describe("assignment word index: the sort-index walk and the id lookup give the same rows", () => {
  // 7,000 orders: Wendy is assigned more than the walk threshold (2,000), Marco fewer, so listOrders
  // takes a different plan for each; both forms are also run side by side for each of them.
  let big: Ctx;
  let bigAll: Order[];
  beforeAll(async () => {
    const db = await createSeededTestDatabase({ orders: 7000 });
    await db.run(sql`ANALYZE`);
    big = createTestContext(db, { now: SEED_NOW });
    bigAll = await db.select().from(orders);
  }, 120_000);

  /** The walk's plan: the date index in order, no sort of the matches. */
  async function expectWalksDateIndex(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const client = (big.app.db as unknown as { $client: import("@libsql/client").Client }).$client;
    const built = query.toSQL();
    const plan = (await client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never[] })).rows.map((r) => String(r.detail)).join("\n");
    expect(plan).toContain("orders_date_idx");
    expect(plan).not.toContain("TEMP B-TREE");
  }

  const byDateDesc = (a: Order, b: Order) => (a.orderDate < b.orderDate ? 1 : a.orderDate > b.orderDate ? -1 : b.id - a.id);
  const byCustomerAsc = (a: Order, b: Order) => (a.customerName < b.customerName ? -1 : a.customerName > b.customerName ? 1 : a.id - b.id);

  async function employee(email: string) {
    const viewer = (await getStaffViewer(request("/", { cookie: await staffCookie(big.app, email) }), big.app))!;
    const workers = await big.app.db.select().from(warehouseWorkers).where(eq(warehouseWorkers.email, email));
    const who = { email, name: viewer.name, workerNames: workers.map((w) => w.name) };
    return { viewer, mine: bigAll.filter((o) => matchesAssignee(o.warehouseAssignment, who)) };
  }

  /** Every page of the viewer's list, joined in order. */
  async function everyPage(viewer: Awaited<ReturnType<typeof employee>>["viewer"], raw: Record<string, string>) {
    const out: string[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const res = await listOrders(big.app, viewer, orderListQuerySchema.parse({ ...raw, page: String(page) }));
      total = res.pagination.total;
      out.push(...res.rows.map((r) => r.orderNumber));
      if (page >= res.pagination.pages) break;
    }
    return { numbers: out, total };
  }

  for (const [email, heavy] of [["warehouse@goldengrain.test", true], ["marco@goldengrain.test", false]] as const) {
    it(`${email}: listOrders pages, totals and order match the rule, whichever plan it takes`, async () => {
      const { viewer, mine } = await employee(email);
      expect(mine.length > 2000, `${mine.length} assigned orders`).toBe(heavy);
      for (const [raw, cmp] of [[{}, byDateDesc], [{ sort: "customerName", dir: "asc" }, byCustomerAsc]] as const) {
        const expected = [...mine].sort(cmp).map((o) => o.orderNumber);
        for (const limit of ["500", "25"]) {
          const got = await everyPage(viewer, { ...raw, limit });
          expect(got.total).toBe(expected.length);
          expect(got.numbers).toEqual(expected);
        }
      }
    }, 30_000); // many pages of a 7,000-order company; the machines are shared and slow at times

    it(`${email}: the +id (sort-index walk) and id (lookup) forms return identical pages`, async () => {
      const { viewer } = await employee(email);
      const scope = await resolveOrderScope(big.app, viewer);
      expect(scope.assignmentMatch).toBeTruthy();
      const words = sql`(SELECT rowid FROM _orders_assignment_words WHERE _orders_assignment_words MATCH ${scope.assignmentMatch})`;
      const page = (walk: boolean, offset: number) =>
        big.app.db
          .select({ id: orders.id })
          .from(orders)
          .where(walk ? sql`+${orders.id} IN ${words}` : sql`${orders.id} IN ${words}`)
          .orderBy(...orderBy({ sort: undefined, dir: undefined }))
          .limit(500)
          .offset(offset);
      for (const offset of [0, 500, 1500]) expect(await page(true, offset)).toEqual(await page(false, offset));
      await expectWalksDateIndex(page(true, 0));
    });
  }

  it("the warehouseAssignment search (admin, and inside Wendy's scope) keeps its rows and order", async () => {
    const admin = (await getStaffViewer(request("/", { cookie: await staffCookie(big.app, "logistics@goldengrain.test") }), big.app))!;
    // 'wendy' matches more orders than the walk threshold, 'kevin' fewer.
    for (const [word, many] of [["wendy", true], ["kevin", false]] as const) {
      const matching = bigAll.filter((o) => o.warehouseAssignment.some((l) => new RegExp(`\\b${word}`, "i").test(l)));
      expect(matching.length > 2000, `${word}: ${matching.length}`).toBe(many);
      for (const limit of ["500", "25"]) {
        const got = await everyPage(admin, { searchBy: "warehouseAssignment", search: word, limit });
        expect(got.total).toBe(matching.length);
        expect(got.numbers).toEqual([...matching].sort(byDateDesc).map((o) => o.orderNumber));
      }
    }

    const { viewer, mine } = await employee("warehouse@goldengrain.test");
    const both = mine.filter((o) => o.warehouseAssignment.some((l) => /\bkev/i.test(l)));
    const inScope = await everyPage(viewer, { searchBy: "warehouseAssignment", search: "kev" });
    expect(inScope.total).toBe(both.length);
    expect(inScope.numbers).toEqual([...both].sort(byDateDesc).map((o) => o.orderNumber));
  });

  it("the substring search keeps its rows, order and total, whichever plan it takes (the walk above 2,000 matches)", async () => {
    const admin = (await getStaffViewer(request("/", { cookie: await staffCookie(big.app, "logistics@goldengrain.test") }), big.app))!;
    const driver = (await getStaffViewer(request("/", { cookie: await staffCookie(big.app, "driver@goldengrain.test") }), big.app))!;
    const holds = (o: Order, q: string) => o.customerName.toLowerCase().includes(q.toLowerCase()) || o.orderNumber.toLowerCase().includes(q.toLowerCase());
    // 'O-1' is in every order number (the walk), 'ood' in a fifth of the names (the lookup).
    for (const [q, many] of [["O-1", true], ["ood", false]] as const) {
      const matching = bigAll.filter((o) => holds(o, q));
      expect(matching.length > 2000, `${q}: ${matching.length}`).toBe(many);
      for (const [raw, cmp] of [[{}, byDateDesc], [{ sort: "customerName", dir: "asc" }, byCustomerAsc]] as const) {
        const got = await everyPage(admin, { searchBy: "customerOrOrder", search: q, limit: "500", ...raw });
        expect(got.total).toBe(matching.length);
        expect(got.numbers).toEqual([...matching].sort(cmp).map((o) => o.orderNumber));
      }
      const first = await listOrders(big.app, admin, orderListQuerySchema.parse({ searchBy: "customerOrOrder", search: q, limit: "25", orderStatus: "Picking" }));
      expect(first.pagination.total).toBe(matching.filter((o) => o.orderStatus === "Picking").length);
      const inScope = matching.filter((o) => driver.locationIds.includes(o.warehouseLocation) && driver.orderTypes.includes(o.orderType));
      const his = await everyPage(driver, { searchBy: "customerOrOrder", search: q, limit: "500" });
      expect(his.total).toBe(inScope.length);
      expect(his.numbers).toEqual([...inScope].sort(byDateDesc).map((o) => o.orderNumber));
    }
    const page = (walk: boolean, offset: number) =>
      big.app.db.select({ id: orders.id }).from(orders).where(inSearchTrigrams('"O-1"', walk)).orderBy(...orderBy({ sort: undefined, dir: undefined })).limit(25).offset(offset);
    for (const offset of [0, 500, 1500]) expect(await page(true, offset)).toEqual(await page(false, offset));
    await expectWalksDateIndex(page(true, 0));
  });
});
