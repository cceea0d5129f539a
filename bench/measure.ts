// Timing helpers for benchmarks: run a handler N times (after a warm-up) and report percentiles; the machine's
// load and the closing table of sections for `npm run bench`.
import { availableParallelism, loadavg } from "node:os";

export type Figures = { name: string; n: number; p50: number; p95: number; p99: number; max: number };

export async function measure(name: string, n: number, run: (i: number) => Promise<unknown>, warmup = 20): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: times[times.length - 1]! };
}

export function printFigures(rows: Figures[]) {
  const fmt = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  console.log(`${"case".padEnd(48)} ${"n".padStart(6)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)} ${"max".padStart(10)}`);
  for (const r of rows) console.log(`${r.name.padEnd(48)} ${String(r.n).padStart(6)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)} ${fmt(r.max)}`);
}

/** The machine's load beside a figure: these machines are shared, and a loaded one moves page figures by 2×. */
export function machineLoad(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load ${one} ${five} ${fifteen} (1/5/15 min) on ${availableParallelism()} cores`;
}

export type SectionResult = { name: string; ok: boolean; seconds: number; reason?: string };

/** The closing table of `npm run bench`: one row per section, failed ones with their reason. */
export function printSections(rows: SectionResult[]) {
  console.log(`\n${"section".padEnd(12)} ${"result".padEnd(7)} ${"seconds".padStart(8)}`);
  for (const r of rows) console.log(`${r.name.padEnd(12)} ${(r.ok ? "ok" : "FAILED").padEnd(7)} ${r.seconds.toFixed(1).padStart(8)}${r.reason ? `  ${r.reason}` : ""}`);
  const total = rows.reduce((s, r) => s + r.seconds, 0);
  console.log(`${"total".padEnd(12)} ${`${rows.filter((r) => r.ok).length}/${rows.length}`.padEnd(7)} ${total.toFixed(1).padStart(8)}`);
}
