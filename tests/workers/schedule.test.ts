// The cron entry inside workerd: every wrangler.toml trigger maps to jobs, one failing job does not stop the
// rest, and the real jobs (workers/jobs.ts) run: the 5-minute trigger builds every role's task list against a
// migrated SQLite database (D1, local to workerd), and the bell reads what it built.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import * as schema from "../../db/schema";
import { ROLE_DEFINITIONS, ROLE_IDS } from "~/domain/access/roles";
import type { Database } from "~/lib/db.server";
import type { Viewer } from "~/lib/session.server";
import { listTasksFor } from "~/services/tasks.server";
import { taskViewers } from "~/services/task-lists.server";
import { JOBS } from "../../workers/jobs";
import { CRON_JOBS, jobsForCron, runScheduled, type Job, type JobContext } from "../../workers/schedule";

const ctx = { db: {} as JobContext["db"], now: () => new Date("2025-06-01T03:17:00Z") };

afterEach(() => vi.restoreAllMocks());

describe("cron → jobs", () => {
  it.each([
    ["*/5 * * * *", ["tasks", "housekeeping"]],
    ["17 3 * * *", ["housekeeping"]],
    ["0 0 * * *", []],
  ])("%s runs %j", (cron, jobs) => {
    expect(jobsForCron(cron)).toEqual(jobs);
  });

  it("covers exactly the triggers in wrangler.toml", () => {
    const block = /^\[triggers\][\s\S]*?^crons\s*=\s*\[([^\]]*)\]/m.exec(wranglerToml)?.[1] ?? "";
    const crons = [...block.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(crons.length).toBeGreaterThan(0);
    expect(crons.sort()).toEqual(Object.keys(CRON_JOBS).sort());
  });
});

describe("runScheduled", () => {
  it("runs each job of the trigger with the context it was given", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const seen: string[] = [];
    const jobs: Record<"tasks" | "housekeeping", Job> = {
      tasks: async (c) => (seen.push(`tasks@${c.now().toISOString()}`), { tasks: 3 }),
      housekeeping: async () => (seen.push("housekeeping"), { expiredSessions: 1 }),
    };
    const outcomes = await runScheduled("*/5 * * * *", ctx, jobs);
    expect(seen).toEqual(["tasks@2025-06-01T03:17:00.000Z", "housekeeping"]);
    expect(outcomes.map((o) => [o.job, o.ok])).toEqual([["tasks", true], ["housekeeping", true]]);
    expect(outcomes[0]).toMatchObject({ result: { tasks: 3 } });
  });

  it("still runs housekeeping when the task build fails, and reports the failure", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const housekeeping = vi.fn(async () => ({ expiredSessions: 0 }));
    const outcomes = await runScheduled("*/5 * * * *", ctx, {
      tasks: async () => {
        throw new Error("database unavailable");
      },
      housekeeping,
    });
    expect(housekeeping).toHaveBeenCalledOnce();
    expect(outcomes).toMatchObject([
      { job: "tasks", ok: false, error: "database unavailable" },
      { job: "housekeeping", ok: true },
    ]);
    expect(logged).toHaveBeenCalledOnce();
  });

  it("runs nothing for an unknown trigger", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = vi.fn(async () => null);
    expect(await runScheduled("* * * * *", ctx, { tasks: job, housekeeping: job })).toEqual([]);
    expect(job).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledOnce();
  });
});

// ---------------------------------------------------------------- the real jobs on a real database

const MIGRATIONS = import.meta.glob<string>("../../db/migrations/*.sql", { query: "?raw", import: "default", eager: true });

type Batchable = { toSQL?: () => { sql: string; params: unknown[] }; getQuery?: () => { sql: string; params: unknown[] } };

/**
 * drizzle over the test's D1: the same query builder the app's libSQL handle has. drizzle's D1 batch cannot
 * bind a raw statement (`db.run(sql…)`: it has no prepared statement), so the batch is handed to D1's own
 * batch, statement by statement, which is what the libSQL client does with the same list.
 */
function cronDatabase(): Database {
  const d1 = (env as unknown as { CRON_DB: D1Database }).CRON_DB;
  const db = drizzle(d1, { schema });
  const batch = async (items: Batchable[]) =>
    d1.batch(
      items.map((item) => {
        const query = item.toSQL ? item.toSQL() : item.getQuery!();
        return d1.prepare(query.sql).bind(...query.params);
      }),
    );
  return new Proxy(db, { get: (target, key) => (key === "batch" ? batch : Reflect.get(target, key)) }) as unknown as Database;
}

const NOW = new Date("2025-06-30T15:00:00.000Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000 - 3_600_000).toISOString();

describe("the 5-minute trigger with the real jobs (workerd, D1)", () => {
  const db = cronDatabase();

  beforeAll(async () => {
    const d1 = (env as unknown as { CRON_DB: D1Database }).CRON_DB;
    for (const file of Object.keys(MIGRATIONS).sort()) {
      const statements = MIGRATIONS[file]!.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
      for (const statement of statements) await d1.prepare(statement).run();
    }
    for (const id of ROLE_IDS) {
      const def = ROLE_DEFINITIONS[id];
      await db.insert(schema.roles).values({ id, name: def.name, isAdmin: def.isAdmin });
      await db.insert(schema.roleGrants).values(def.grants.map((g) => ({ roleId: id, key: g.key, scope: g.scope })));
    }
    await db.insert(schema.users).values([
      { email: "admin@goldengrain.test", name: "Alice Admin", roleId: "admin" },
      { email: "warehouse@goldengrain.test", name: "Wendy Warehouse", roleId: "warehouse-employee", locationIds: ["NY-MAIN"] },
      { email: "driver@goldengrain.test", name: "Dan Driver", roleId: "delivery-driver", locationIds: ["NJ-WH"] },
    ]);
    await db.insert(schema.warehouseWorkers).values({ name: "Wendy Warehouse", email: "warehouse@goldengrain.test", locationIds: ["NY-MAIN"] });
    const order = (id: number, orderStatus: string, days: number, extra: Partial<typeof schema.orders.$inferInsert> = {}) => ({
      id,
      orderNumber: `SO-${id}`,
      customerName: `Customer ${id}`,
      createdBy: "Sam Sales",
      paymentStatus: "Net 30",
      orderStatus,
      warehouseLocation: "NY-MAIN",
      orderDate: daysAgo(days),
      ...extra,
    });
    await db.insert(schema.orders).values([
      order(1, "5. Received", 12),
      order(2, "Picking", 3, { warehouseAssignment: ["Wendy Warehouse"] }),
      order(3, "Out for Delivery", 1, { warehouseLocation: "NJ-WH", orderType: "NY/NJ Delivery", paymentStatus: "Cash On Delivery" }),
      order(4, "1. Delivered/Released", 2),
      order(5, "Pending Assignment", 8, { paymentStatus: "HOLD" }),
    ]);
  });

  it("JOBS.tasks is the task-list build", async () => {
    const { rebuildTasks } = await import("~/services/task-lists.server");
    expect(JOBS.tasks).toBe(rebuildTasks);
  });

  it("builds every role's task list, and each role's bell reads its own", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const outcomes = await runScheduled("*/5 * * * *", { db, now: () => NOW }, JOBS);
    expect(outcomes.map((o) => [o.job, o.ok, o.ok ? "" : o.error])).toEqual([["tasks", true, ""], ["housekeeping", true, ""]]);
    // Office: the four open orders; Wendy: her pick; Dan: his delivery.
    expect(outcomes[0]).toMatchObject({ result: { tasks: 4 + 1 + 1, lists: 3 } });

    const viewers = new Map((await taskViewers({ db })).map((v): [string, Viewer] => [v.email, { ...v, sessionId: "cron-test" }]));
    const app = { db, now: () => NOW, env: {} as never };
    const admin = await listTasksFor(app, viewers.get("admin@goldengrain.test")!);
    expect(admin.counts).toMatchObject({ tasks: 4, urgent: 3 });
    expect(admin.urgent.map((t) => [t.orderNumber, t.title, t.priority])).toEqual([
      ["SO-1", "Urgent: Process Order", "high"],
      ["SO-5", "Payment Issue - Action Required", "high"],
      ["SO-2", "Needs Attention", "low"],
    ]);
    const wendy = await listTasksFor(app, viewers.get("warehouse@goldengrain.test")!);
    expect(wendy.tasks.map((t) => [t.orderNumber, t.title, t.href])).toEqual([["SO-2", "Overdue Pick", "/pick-list?order=SO-2"]]);
    const dan = await listTasksFor(app, viewers.get("driver@goldengrain.test")!);
    expect(dan.tasks.map((t) => [t.orderNumber, t.title, t.href])).toEqual([["SO-3", "Complete Delivery", "/order-tracking#order-SO-3"]]);
  });

  it("a second run over an unchanged company writes nothing", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const [tasks] = await runScheduled("*/5 * * * *", { db, now: () => NOW }, JOBS);
    expect(tasks).toMatchObject({ ok: true, result: { tasks: 6, written: 0 } });
  });
});
