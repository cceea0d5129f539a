// The cron entry's plan: which jobs each wrangler.toml trigger runs, and a runner that isolates job failures.
// Pure (no bindings, no imports of services) so it is tested inside workerd without the app build.
import type { Database } from "../app/lib/db.server";

export type JobName = "tasks" | "housekeeping";
/** `files` (the R2 bucket) lets housekeeping sweep unreferenced delivery files; the local cron runs without it. */
export type JobContext = { db: Database; now: () => Date; files?: R2Bucket };
export type Job = (ctx: JobContext) => Promise<unknown>;

/** Keep in step with `[triggers] crons` in wrangler.toml (a workerd test compares them). */
export const CRON_JOBS: Record<string, JobName[]> = {
  // The Task Center's list is rebuilt every 5 minutes; housekeeping is cheap enough to ride along.
  "*/5 * * * *": ["tasks", "housekeeping"],
  // A quiet-hour run so housekeeping still happens if the 5-minute trigger is ever removed.
  "17 3 * * *": ["housekeeping"],
};

export function jobsForCron(cron: string): JobName[] {
  return CRON_JOBS[cron.trim().replace(/\s+/g, " ")] ?? [];
}

export type JobOutcome = { job: JobName; ok: true; result: unknown; ms: number } | { job: JobName; ok: false; error: string; ms: number };

/** Runs every job of the trigger in turn; a failing job is logged and reported, and the others still run. */
export async function runScheduled(cron: string, ctx: JobContext, jobs: Record<JobName, Job>): Promise<JobOutcome[]> {
  const names = jobsForCron(cron);
  if (names.length === 0) console.warn(`[cron] no jobs for trigger "${cron}"`);
  const outcomes: JobOutcome[] = [];
  for (const job of names) {
    const started = Date.now();
    try {
      const result = await jobs[job](ctx);
      outcomes.push({ job, ok: true, result, ms: Date.now() - started });
      console.log(`[cron] ${job} ok`, JSON.stringify(result));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes.push({ job, ok: false, error: message, ms: Date.now() - started });
      console.error(`[cron] ${job} failed:`, error);
    }
  }
  return outcomes;
}
