// The cron plan inside workerd: every wrangler.toml trigger maps to jobs, and one failing job does not stop the rest.
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
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
