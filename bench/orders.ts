// Order Tracking at 100,000 orders: server handler times of GET /api/order-trackers (each search field,
// the substring search, each sort, page 1 and page 2,000, a warehouse employee's scope) and the KPIs,
// beside a naive version that reads every row and filters / sorts / pages in JavaScript; then the query
// plans of the main queries. Run alone with `npx tsx bench/orders.ts` (BENCH_ORDERS overrides the size,
// BENCH_ORDERS_CASES=regex picks cases, BENCH_NAIVE_RUNS=0 skips the naive version).
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { and, sql } from "drizzle-orm";
import { pathToFileURL } from "node:url";
import { orders } from "../db/schema";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as listLoader } from "../app/routes/api.order-trackers";
import { loader as kpiLoader } from "../app/routes/api.order-trackers.kpis";
import { orderListQuerySchema } from "../app/domain/orders/query";
import { isOpenOrder, normalizeTrucking } from "../app/domain/orders/status";
import { filterConditions, inSearchTrigrams, orderBy, resolveOrderScope } from "../app/services/orders.server";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { measure, printFigures, type Figures } from "./measure";

const N = 200;
const NAIVE_N = Number(process.env.BENCH_NAIVE_RUNS ?? 3);
/** BENCH_ORDERS_CASES=regex runs only the list cases whose name matches (the KPIs and the plans always run). */
const ONLY = process.env.BENCH_ORDERS_CASES ? new RegExp(process.env.BENCH_ORDERS_CASES, "i") : null;

type Row = typeof orders.$inferSelect;

function naiveFilter(q: Record<string, string>, today: string) {
  const s = (q.search ?? "").toLowerCase();
  return (o: Row) => {
    switch (q.searchBy) {
      case "orderNumber": return o.orderNumber.toLowerCase().startsWith(s);
      case "customerName": return o.customerName.toLowerCase().startsWith(s);
      case "createdBy": return o.createdBy.toLowerCase().startsWith(s);
      case "paymentStatus": return o.paymentStatus.toLowerCase().startsWith(s);
      case "orderStatus": return o.orderStatus.toLowerCase().startsWith(s);
      case "orderType": return o.orderType.toLowerCase().startsWith(s);
      case "warehouseLocation": return o.warehouseLocation.toLowerCase().startsWith(s);
      case "truckingCompany": return o.truckingCompany.toLowerCase().startsWith(s);
      case "warehouseAssignment": return o.warehouseAssignment.some((l) => l.toLowerCase().includes(s));
      case "orderDate": return o.orderDate.startsWith(s);
      case "customerOrOrder": return o.customerName.toLowerCase().includes(s) || o.orderNumber.toLowerCase().includes(s);
      default:
        if (q.quick === "today") return o.orderDate.startsWith(today);
        return true;
    }
  };
}

/** The old way: every row over the wire, then filter, sort and page in JS. */
async function naiveList(db: ReturnType<typeof openDatabase>, q: Record<string, string>, today: string) {
  const rows = await db.select().from(orders);
  const keep = rows.filter(naiveFilter(q, today));
  const key = (q.sort ?? "orderDate") as keyof Row;
  const dir = (q.dir ?? (q.sort ? "asc" : "desc")) === "asc" ? 1 : -1;
  keep.sort((a, b) => ((a[key]! < b[key]! ? -1 : a[key]! > b[key]! ? 1 : a.id - b.id) * dir));
  const limit = Number(q.limit ?? 25);
  const page = Number(q.page ?? 1);
  return { rows: keep.slice((page - 1) * limit, page * limit), total: keep.length };
}

async function naiveKpis(db: ReturnType<typeof openDatabase>, today: string) {
  const rows = await db.select().from(orders);
  return {
    ordersToday: rows.filter((o) => o.orderDate.startsWith(today)).length,
    awaitingTrucking: rows.filter((o) => isOpenOrder(o.orderStatus) && !normalizeTrucking(o.truckingCompany)).length,
    notDelivered: rows.filter((o) => isOpenOrder(o.orderStatus)).length,
  };
}

const yieldToLoop = () => new Promise((r) => setImmediate(r));

export async function benchOrders(): Promise<void> {
  const size = Number(process.env.BENCH_ORDERS ?? 100_000);
  const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "riceops-orders-bench-")), "bench.db")}`);
  await migrateDatabase(db);
  const seedStart = performance.now();
  await seedDatabase(db, { orders: size, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  await db.run(sql`ANALYZE`);
  console.log(`seeded ${size} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

  const ctx = createTestContext(db);
  const today = ctx.app.now().toISOString().slice(0, 10);
  const admin = await staffCookie(ctx.app, "logistics@goldengrain.test");
  const warehouse = await staffCookie(ctx.app, "warehouse@goldengrain.test");
  const [mid] = await db.select().from(orders).where(sql`${orders.id} = ${Math.floor(size / 2)}`);
  const lastPage = Math.floor(size / 25);

  const cases: [string, Record<string, string>, string?][] = [
    ["orderNumber exact", { searchBy: "orderNumber", search: mid!.orderNumber }],
    ["orderNumber prefix", { searchBy: "orderNumber", search: mid!.orderNumber.slice(0, 6) }],
    ["customerName prefix", { searchBy: "customerName", search: mid!.customerName.slice(0, 6) }],
    ["createdBy prefix", { searchBy: "createdBy", search: mid!.createdBy.slice(0, 4) }],
    ["paymentStatus prefix", { searchBy: "paymentStatus", search: "paid" }],
    ["orderStatus exact", { searchBy: "orderStatus", search: "Picking" }],
    ["orderType exact", { searchBy: "orderType", search: "Freight" }],
    ["warehouseLocation exact", { searchBy: "warehouseLocation", search: "NJ-WH" }],
    ["truckingCompany prefix", { searchBy: "truckingCompany", search: "est" }],
    ["warehouseAssignment word", { searchBy: "warehouseAssignment", search: "kevin" }],
    ["orderDate day", { searchBy: "orderDate", search: mid!.orderDate.slice(0, 10) }],
    ["customerOrOrder substring (name)", { searchBy: "customerOrOrder", search: mid!.customerName.slice(3, 9) }],
    ["customerOrOrder substring (number)", { searchBy: "customerOrOrder", search: mid!.orderNumber.slice(4) }],
    ["sort customerName asc", { sort: "customerName", dir: "asc" }],
    ["sort orderNumber desc", { sort: "orderNumber", dir: "desc" }],
    ["sort paymentStatus asc", { sort: "paymentStatus", dir: "asc" }],
    ["sort orderStatus desc", { sort: "orderStatus", dir: "desc" }],
    ["sort orderType asc", { sort: "orderType", dir: "asc" }],
    ["sort warehouseLocation asc", { sort: "warehouseLocation", dir: "asc" }],
    ["sort truckingCompany desc", { sort: "truckingCompany", dir: "desc" }],
    ["sort createdBy asc", { sort: "createdBy", dir: "asc" }],
    ["sort orderDate asc", { sort: "orderDate", dir: "asc" }],
    ["page 1 (default sort)", { page: "1" }],
    ["page 2,000 (default sort)", { page: "2000" }],
    [`page ${lastPage} (last)`, { page: String(lastPage) }],
    ["quick today", { quick: "today" }],
    ["warehouse employee scope (500/page)", {}, "warehouse"],
  ];

  const figures: Figures[] = [];
  const ratios: string[] = [];
  // The process's CPU time per call beside the wall clock: on a shared machine the steadier figure.
  const cpu: string[] = [];
  for (const [name, q, who] of cases) {
    if (ONLY && !ONLY.test(name)) continue;
    const qs = new URLSearchParams({ page: "1", limit: "25", light: "true", ...q });
    if (who === "warehouse") qs.delete("limit");
    const cookie = who === "warehouse" ? warehouse : admin;
    const call = async (i: number) => {
      const res = await listLoader({ request: request(`/api/order-trackers?${qs}`, { cookie }), context: ctx, params: {} });
      await res.json();
      if (i % 50 === 0) await yieldToLoop();
    };
    for (let i = 1; i <= 20; i++) await call(i);
    const cpuStart = process.cpuUsage();
    const fast = await measure(name, N, call, 0);
    const used = process.cpuUsage(cpuStart);
    cpu.push(`  ${name.padEnd(46)} cpu/call ${((used.user + used.system) / 1000 / N).toFixed(2)} ms`);
    figures.push(fast);
    printFigures([fast]);
    if (!who && NAIVE_N > 0) {
      const naive = await measure(`  naive: ${name}`, NAIVE_N, async () => { await naiveList(db, Object.fromEntries(qs), today); await yieldToLoop(); }, 1);
      figures.push(naive);
      printFigures([naive]);
      ratios.push(`${name.padEnd(40)} naive p50 / SQL p50 = ${(naive.p50 / fast.p50).toFixed(0)}x`);
    }
    await yieldToLoop();
  }
  const kpi = await measure("GET /api/order-trackers/kpis", N, async () => {
    const res = await kpiLoader({ request: request("/api/order-trackers/kpis", { cookie: admin }), context: ctx, params: {} });
    await res.json();
  });
  figures.push(kpi);
  if (NAIVE_N > 0) {
    const naiveK = await measure("  naive: kpis", NAIVE_N, () => naiveKpis(db, today), 1);
    figures.push(naiveK);
    ratios.push(`${"kpis".padEnd(40)} naive p50 / SQL p50 = ${(naiveK.p50 / kpi.p50).toFixed(0)}x`);
  }

  console.log(`handler times, ${N} requests each (naive: ${NAIVE_N}); load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on this machine:`);
  printFigures(figures);
  for (const line of cpu) console.log(line);
  console.log("");
  for (const r of ratios) console.log(r);

  // Query plans of the main list queries, built by the same service code.
  console.log("\nEXPLAIN QUERY PLAN");
  const { getStaffViewer } = await import("../app/lib/session.server");
  const viewers = {
    logistics: (await getStaffViewer(request("/", { cookie: admin }), ctx.app))!,
    warehouse: (await getStaffViewer(request("/", { cookie: warehouse }), ctx.app))!,
  };
  const plans: [string, Record<string, string>, keyof typeof viewers][] = [
    ["page 2,000 default sort", { page: "2000" }, "logistics"],
    ["customerName prefix", { searchBy: "customerName", search: "gold" }, "logistics"],
    ["customerOrOrder substring", { searchBy: "customerOrOrder", search: "market" }, "logistics"],
    ["orderStatus prefix", { searchBy: "orderStatus", search: "picking" }, "logistics"],
    ["sort truckingCompany", { sort: "truckingCompany", dir: "desc" }, "logistics"],
    ["createdBy prefix", { searchBy: "createdBy", search: "sam " }, "logistics"],
    ["paymentStatus prefix", { searchBy: "paymentStatus", search: "paid" }, "logistics"],
    ["orderType filter", { orderType: "Freight" }, "logistics"],
    ["KPI today (quick)", { quick: "today" }, "logistics"],
    ["KPI notDelivered (quick)", { quick: "notDelivered" }, "logistics"],
    ["KPI awaitingTrucking (quick)", { quick: "awaitingTrucking" }, "logistics"],
    ["warehouse employee scope", {}, "warehouse"],
  ];
  for (const [name, raw, who] of plans) {
    const query = orderListQuerySchema.parse({ limit: "25", ...raw });
    const scope = await resolveOrderScope(ctx.app, viewers[who]);
    const where = and(scope.where, ...filterConditions(query, scope, ctx.app.now()));
    const q = db.select({ id: orders.id }).from(orders).where(where).orderBy(...orderBy(query)).limit(25).offset((query.page - 1) * 25).toSQL();
    const count = db.select({ n: sql`count(*)` }).from(orders).where(where).toSQL();
    for (const [label, stmt] of [[`${name} (rows)`, q], [`${name} (count)`, count]] as const) {
      const plan = await (db as unknown as { $client: import("@libsql/client").Client }).$client.execute({ sql: `EXPLAIN QUERY PLAN ${stmt.sql}`, args: stmt.params as never[] });
      console.log(`-- ${label}`);
      for (const row of plan.rows) console.log(`   ${String(row.detail)}`);
    }
  }
  // A common substring (thousands of matches) walks the sort index instead (the list decides by the match count).
  const walk = db.select({ id: orders.id }).from(orders).where(inSearchTrigrams('"market"', true)).orderBy(...orderBy({ sort: undefined, dir: undefined })).limit(25).toSQL();
  const walkPlan = await (db as unknown as { $client: import("@libsql/client").Client }).$client.execute({ sql: `EXPLAIN QUERY PLAN ${walk.sql}`, args: walk.params as never[] });
  console.log("-- customerOrOrder substring, a common one (rows, the sort-index walk)");
  for (const row of walkPlan.rows) console.log(`   ${String(row.detail)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchOrders();
}
