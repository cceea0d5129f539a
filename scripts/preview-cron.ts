// The cron triggers of `npm run preview`, as Cloudflare runs them in production: reads `[triggers] crons` from
// wrangler.toml and asks the Worker (wrangler dev --test-scheduled) to run each one through its own scheduled
// handler — `GET /__scheduled?cron=<expression>` — once as soon as the Worker answers, then at every minute the
// expression names (UTC). So the Task Center fills on its own, as it does in production. Started by
// scripts/preview.mjs under its supervisor; it never exits on a failed call (that would stop the preview), it
// says so and tries again at the next time. Usage: tsx scripts/preview-cron.ts --port 8787 [--config wrangler.toml]
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { nextCronTime, parseCron, triggerCrons } from "../app/domain/cron";

const { values } = parseArgs({ options: { port: { type: "string" }, config: { type: "string", default: "wrangler.toml" } }, strict: true });
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) throw new Error(`--port ${values.port}: a port number is needed`);
const base = `http://127.0.0.1:${port}`;
const crons = triggerCrons(readFileSync(values.config!, "utf8"));

async function fire(cron: string): Promise<void> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent(cron)}`, { signal: AbortSignal.timeout(120_000) });
    await res.text();
    console.log(`${cron} → ${res.status} (${(performance.now() - started).toFixed(0)} ms)${res.ok ? "" : ": the Worker refused the scheduled run"}`);
  } catch (e) {
    console.error(`${cron} → failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Until the Worker answers (the preview starts it after seeding; it may take a minute). */
async function workerUp(): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${base}/login`, { signal: AbortSignal.timeout(10_000) })).status < 500) return;
    } catch {
      // not yet
    }
    await sleep(1_000);
  }
}

if (!crons.length) {
  console.log(`no [triggers] crons in ${values.config}: nothing to run`);
  // Stay, quietly: the supervisor stops the whole preview when one of its processes ends.
  setInterval(() => {}, 1 << 30);
} else {
  await workerUp();
  console.log(`running ${crons.join(", ")} now and on their schedule (UTC)`);
  for (const cron of crons) await fire(cron);
  const schedules = crons.map((cron) => ({ cron, schedule: parseCron(cron) }));
  for (;;) {
    const now = new Date();
    const due = schedules.map((s) => ({ ...s, at: nextCronTime(s.schedule, now) })).filter((s) => s.at !== null);
    if (!due.length) break;
    const at = Math.min(...due.map((s) => s.at!.getTime()));
    // In steps of a minute at most: a timer longer than ~24.8 days would fire at once.
    while (Date.now() < at) await sleep(Math.min(at - Date.now(), 60_000));
    // Every trigger that names this minute, in wrangler.toml's order (Cloudflare runs them independently).
    for (const s of due) if (s.at!.getTime() === at) await fire(s.cron);
  }
  console.log("no trigger comes round again: nothing more to run");
  setInterval(() => {}, 1 << 30);
}
