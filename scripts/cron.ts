// The local stand-in for Cloudflare's cron triggers: runs the same scheduled jobs as workers/app.ts
// against the embedded database, once at start and then on the wrangler.toml schedule (every 5 minutes).
import { openDatabase } from "../db/node";
import { JOBS as jobs } from "../workers/jobs";
import { CRON_JOBS, runScheduled } from "../workers/schedule";

const db = openDatabase(process.env.DATABASE_URL ?? "file:.data/app.db");
const FIVE_MINUTES = "*/5 * * * *";
if (!CRON_JOBS[FIVE_MINUTES]) throw new Error(`wrangler.toml no longer has the ${FIVE_MINUTES} trigger`);

async function tick() {
  const outcomes = await runScheduled(FIVE_MINUTES, { db, now: () => new Date() }, jobs);
  console.log(outcomes.map((o) => `${o.job} ${o.ok ? "ok" : `failed: ${o.error}`} (${o.ms.toFixed(0)} ms)`).join(", "));
}

await tick();
setInterval(() => void tick(), 5 * 60_000);
