// The streamed CSV export at 100,000 orders (issue 21): GET /api/order-trackers/export through the real route, the
// file read to its end as a client would, with its time, size and the process's peak heap and RSS over the run (the
// growth over the level before it; the seeding already raised RSS, so its growth reads low and the peak is shown too);
// beside it, the memory of reading every row at once (what the stream avoids). Run alone with
// `npx tsx bench/export.ts` (BENCH_EXPORT_ORDERS overrides the size); figures are printed, never asserted.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { orders } from "../db/schema";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as exportLoader } from "../app/routes/api.order-trackers.export";
import { createTestContext, request, staffCookie } from "../tests/support/context";

const MB = 1024 * 1024;
const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`.padStart(10);

type Peak = { rss: number; heap: number };

/** Samples the process's memory every 5 ms while `run` goes on; the peaks are above the level before it started. */
async function withPeak<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; base: Peak; peak: Peak }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  const base = { rss: start.rss, heap: start.heapUsed };
  const peak = { ...base };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const t0 = performance.now();
  try {
    const value = await run();
    sample();
    return { value, ms: performance.now() - t0, base, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a response body to its end, keeping only counts (a client saving the file to disk holds no more). */
async function drain(res: Response): Promise<{ bytes: number; lines: number }> {
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, lines };
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
}

export async function benchExport(): Promise<void> {
  const size = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
  const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "riceops-export-bench-")), "bench.db")}`);
  await migrateDatabase(db);
  const seedStart = performance.now();
  await seedDatabase(db, { orders: size, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  await db.run(sql`ANALYZE`);
  console.log(`seeded ${size} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const ctx = createTestContext(db);
  const admin = await staffCookie(ctx.app, "admin@goldengrain.test");
  const warehouse = await staffCookie(ctx.app, "warehouse@goldengrain.test");

  const cases: [string, string, string][] = [
    ["every order, newest first (admin)", "", admin],
    ["every order by customer (admin)", "sort=customerName&dir=asc", admin],
    ["open orders, filtered (admin)", "quick=notDelivered", admin],
    ["a warehouse employee's orders", "", warehouse],
  ];
  console.log(`\n${"case".padEnd(40)} ${"rows".padStart(8)} ${"size".padStart(10)} ${"time".padStart(10)} ${"rows/s".padStart(9)} ${"peak RSS+".padStart(10)} ${"peak heap+".padStart(10)} ${"peak RSS".padStart(10)}`);
  for (const [name, query, cookie] of cases) {
    const run = await withPeak(async () => drain((await exportLoader({ request: request(`/api/order-trackers/export?${query}`, { cookie }), context: ctx, params: {} })) as Response));
    const rows = run.value.lines - 1;
    console.log(
      `${name.padEnd(40)} ${String(rows).padStart(8)} ${fmt(run.value.bytes)} ${`${(run.ms / 1000).toFixed(2)} s`.padStart(10)} ${String(Math.round(rows / (run.ms / 1000))).padStart(9)} ${fmt(run.peak.rss - run.base.rss)} ${fmt(run.peak.heap - run.base.heap)} ${fmt(run.peak.rss)}`,
    );
  }

  // What streaming avoids: every order read at once (only the exported columns), before a line is written.
  const naive = await withPeak(async () => (await db.select({ orderNumber: orders.orderNumber, customerName: orders.customerName, notes: orders.notes, addressLines: orders.addressLines, warehouseAssignment: orders.warehouseAssignment, orderStatus: orders.orderStatus }).from(orders)).length);
  console.log(`${"  naive: every row read at once".padEnd(40)} ${String(naive.value).padStart(8)} ${"".padStart(10)} ${`${(naive.ms / 1000).toFixed(2)} s`.padStart(10)} ${"".padStart(9)} ${fmt(naive.peak.rss - naive.base.rss)} ${fmt(naive.peak.heap - naive.base.heap)} ${fmt(naive.peak.rss)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchExport();
  process.exit(0);
}
