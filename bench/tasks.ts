// The Task Center at 100,000 orders: the cron's build of every role's list (cold, then again over the previous
// build), the bell's read of a prepared list for each role (the first screen: a page of each tab and the true
// counts), 'Show more', the worst read state (everything marked read), the floor homes, and the query plans (the
// floor homes' recorded from the statements they run).
// Wall times and the process's CPU time per call (the machines are shared: CPU time is the steadier figure).
// Run alone with `npx tsx bench/tasks.ts`; BENCH_ORDERS overrides the size, BENCH_TASKS_DB reuses a seeded file.
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Client, InArgs, InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import { orders, tasks } from "../db/schema";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { getStaffViewer, type Viewer } from "../app/lib/session.server";
import { loader as tasksLoader } from "../app/routes/api.tasks";
import { myPicks, todaysDeliveries } from "../app/services/home.server";
import { listTaskPage, listTasksFor, markRead, rebuildTasks } from "../app/services/tasks.server";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { measure, printFigures, type Figures } from "./measure";

const N = Number(process.env.BENCH_TASK_READS ?? 200);
const ROLES = ["admin", "logistics", "sales", "warehouse", "driver"] as const;

type Row = Figures & { cpu: number };

/** measure() plus the mean CPU time (user + system) per call. */
async function timed(name: string, n: number, run: (i: number) => Promise<unknown>, warmup = 10): Promise<Row> {
  for (let i = 0; i < warmup; i++) await run(i);
  const cpu = process.cpuUsage();
  const figures = await measure(name, n, run, 0);
  const used = process.cpuUsage(cpu);
  return { ...figures, cpu: (used.user + used.system) / 1000 / n };
}

function print(rows: Row[]) {
  printFigures(rows);
  for (const r of rows) console.log(`  ${r.name.padEnd(46)} cpu/call ${r.cpu.toFixed(2)} ms`);
}

export async function benchTasks(): Promise<void> {
  const size = Number(process.env.BENCH_ORDERS ?? 100_000);
  const reuse = process.env.BENCH_TASKS_DB;
  const db = openDatabase(reuse ?? `file:${join(mkdtempSync(join(tmpdir(), "riceops-tasks-bench-")), "bench.db")}`);
  if (!reuse) {
    await migrateDatabase(db);
    const seedStart = performance.now();
    await seedDatabase(db, { orders: size, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
    await db.run(sql`ANALYZE`);
    console.log(`seeded ${size} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  }
  const [{ n: orderCount }] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${orders}`);
  console.log(`${orderCount} orders; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on this machine\n`);
  const ctx = createTestContext(db);

  // ---- the cron: every role's list
  await db.delete(tasks);
  const cpuCold = process.cpuUsage();
  const cold = await rebuildTasks(ctx.app);
  const coldCpu = process.cpuUsage(cpuCold);
  console.log(`rebuildTasks (cold, empty table): ${cold.ms} ms wall, ${((coldCpu.user + coldCpu.system) / 1000).toFixed(0)} ms CPU — ${cold.tasks} tasks in ${cold.lists} lists`);
  const builds = await timed("rebuildTasks (over the last build)", 5, () => rebuildTasks(ctx.app), 0);
  print([builds]);
  console.log(`build target: under 2,000 ms\n`);

  // ---- the bell: a prepared list per role
  const viewers = new Map<string, { viewer: Viewer; cookie: string }>();
  for (const who of ROLES) {
    const cookie = await staffCookie(ctx.app, `${who}@goldengrain.test`);
    viewers.set(who, { viewer: (await getStaffViewer(request("/", { cookie }), ctx.app))!, cookie });
  }
  const rows: Row[] = [];
  for (const who of ROLES) {
    const { viewer } = viewers.get(who)!;
    const data = await listTasksFor(ctx.app, viewer);
    console.log(`${who.padEnd(10)} urgent ${data.counts.urgent}, all ${data.counts.tasks}, alerts ${data.counts.alerts}, unread ${data.unread}`);
    rows.push(await timed(`bell read: ${who} (listTasksFor)`, N, () => listTasksFor(ctx.app, viewer)));
  }
  const { cookie: adminCookie, viewer: admin } = viewers.get("admin")!;
  rows.push(
    await timed("bell read: admin, GET /api/tasks (route)", N, async () => {
      const res = (await tasksLoader({ request: request("/api/tasks", { cookie: adminCookie }), context: ctx, params: {} })) as Response;
      await res.json();
    }),
  );
  rows.push(await timed("Show more: admin, All Tasks page 40", N, () => listTaskPage(ctx.app, admin, "tasks", 40)));
  // The worst read state: everything marked read (one state row per task).
  await markRead(ctx.app, admin);
  await markRead(ctx.app, viewers.get("sales")!.viewer);
  rows.push(await timed("bell read: admin, all marked read", N, () => listTasksFor(ctx.app, admin)));
  rows.push(await timed("bell read: sales, all marked read", N, () => listTasksFor(ctx.app, viewers.get("sales")!.viewer)));
  console.log("");
  print(rows);
  console.log("bell target: p95 under 10 ms\n");

  // ---- the floor homes (live, not prepared)
  const home: Row[] = [
    await timed("home: warehouse, my picks", 50, () => myPicks(ctx.app, viewers.get("warehouse")!.viewer)),
    await timed("home: driver, today's deliveries", 50, () => todaysDeliveries(ctx.app, viewers.get("driver")!.viewer)),
  ];
  print(home);

  // ---- plans of the bell's queries, from the running code's SQL (logged by libSQL's explain)
  console.log("\nEXPLAIN QUERY PLAN");
  const explain = async (label: string, query: ReturnType<typeof sql>) => {
    const plan = await db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
    console.log(`-- ${label}`);
    for (const row of plan) console.log(`   ${row.detail}`);
  };
  await explain("Urgent page (office)", sql`SELECT t.id FROM ${tasks} t JOIN ${orders} o ON o.id = t.order_id WHERE t.id BETWEEN 1 AND 9999999 ORDER BY t.id LIMIT 25`);
  await explain("All Tasks page (office)", sql`SELECT t.id FROM ${tasks} t JOIN ${orders} o ON o.id = t.order_id WHERE +t.id BETWEEN 1 AND 19999999 ORDER BY t.days_since_order, t.id LIMIT 25`);
  await explain("count of a sales rep's urgent part", sql`SELECT count(*) FROM ${tasks} WHERE id BETWEEN 1 AND 9999999 AND sales_rep IN ('Sam Sales')`);
  await explain("count of read state in a part", sql`SELECT count(*) FROM notification_reads WHERE user_id = 1 AND item_key >= 'task:0:' AND item_key < 'task:0;'`);

  // ---- plans of the floor homes: every statement each read runs, recorded off the client as it runs them
  const client = (db as unknown as { $client: Client }).$client;
  const floorPlans = async (label: string, read: () => Promise<unknown>) => {
    const seen: InStatement[] = [];
    const execute = client.execute.bind(client);
    client.execute = ((stmt: InStatement) => (seen.push(stmt), execute(stmt))) as typeof client.execute;
    try {
      await read();
    } finally {
      client.execute = execute;
    }
    for (const stmt of seen) {
      const { sql: text, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: args as InArgs });
      console.log(`-- ${label}: ${text.replace(/\s+/g, " ").slice(0, 110)}…`);
      for (const row of plan.rows) console.log(`   ${String(row.detail)}`);
    }
  };
  await floorPlans("my picks", () => myPicks(ctx.app, viewers.get("warehouse")!.viewer));
  await floorPlans("today's deliveries", () => todaysDeliveries(ctx.app, viewers.get("driver")!.viewer));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchTasks();
  process.exit(0);
}
