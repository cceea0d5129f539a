// Lighthouse on the production build (issue 25): lighthouse 12.2.3 (pinned in package.json) through its Node API,
// driving Debian's Chromium (CHROME_PATH, else /usr/bin/chromium; headless, no sandbox), with its default mobile
// preset: a Moto G Power screen, simulated slow 4G (150 ms RTT, 1.6 Mbps) and 4× CPU slowdown — the figure people
// compare. Each page is loaded signed in as the role that opens it (a session cookie written into the preview's
// database, sent as a Cookie header), cold (Lighthouse clears the cache and the service worker), and measured
// LIGHTHOUSE_RUNS times (3), each in a new Chromium; the median of each figure is printed with the machine's load,
// since a loaded machine moves these numbers by a factor of two, and Lighthouse's own benchmark index of the machine
// (`bench`, median). Figures, not assertions.
// Run alone with `npx tsx bench/lighthouse.ts`; LIGHTHOUSE_PAGES=pick,home picks pages whose label contains a word.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { availableParallelism } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { machineLoad } from "./measure";
import { beforeCheckout, previewCookie, startPreview, type Server } from "./preview-server";

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const ROLES = { admin: "admin", logistics: "logistics", sales: "sales", warehouse: "warehouse", driver: "driver" } as const;
export type Role = keyof typeof ROLES;

export type Page = { label: string; role: Role; path: string };

/** The pages of issue 25's list; `pickOrder` is an order the warehouse employee may pick. */
export function pages(pickOrder: string): Page[] {
  return [
    ...(Object.keys(ROLES) as Role[]).map((role) => ({ label: "Home", role, path: "/" })),
    ...(["admin", "sales", "warehouse", "driver"] as const).map((role) => ({ label: "Order Tracking", role, path: "/order-tracking" })),
    { label: "Pick List", role: "warehouse", path: `/pick-list?order=${pickOrder}` },
    // A driver's open deliveries (today's stops are on the driver's Home, measured above).
    { label: "driver's deliveries", role: "driver", path: "/order-tracking?quick=notDelivered" },
    { label: "Return Forms", role: "sales", path: "/return-forms" },
    { label: "Customer Applications", role: "sales", path: "/customer-applications" },
    { label: "Devanning report form", role: "warehouse", path: "/reports/devanning/new" },
    { label: "Stock Transfer report form", role: "warehouse", path: "/reports/stock-transfer/new" },
  ];
}

/** The first order from SO-100003 that the warehouse employee's session may open on the pick list, with 5 or more lines. */
export async function warehousePickOrder(server: Server, cookie: string): Promise<string> {
  for (let n = 100003; n < 100400; n++) {
    const res = await fetch(`${server.url}/api/sales-orders/by-order-number/SO-${n}?include=lines`, { headers: { cookie } });
    if (!res.ok) continue;
    const body = (await res.json()) as { lines?: unknown[] };
    if ((body.lines?.length ?? 0) >= 5) return `SO-${n}`;
  }
  throw new Error("no order with 5+ lines the warehouse employee may pick among SO-100003…SO-100399");
}

/** `bench`: Lighthouse's own measure of this machine's speed as it ran (its BenchmarkIndex: higher is faster; load lowers it). */
type Run = { score: number; lcp: number; fcp: number; tbt: number; cls: number; bytes: number; requests: number; bench: number };

async function lighthouseOnce(url: string, cookie: string): Promise<Run> {
  // chrome-launcher reports a missing binary as an 'error' event nobody listens to: a crash, not a rejection.
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (set CHROME_PATH)`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // LIGHTHOUSE_DUMP=<dir>: each run's full report (JSON) is kept there, to read what made up a figure (long tasks, bootup).
    if (process.env.LIGHTHOUSE_DUMP) {
      mkdirSync(process.env.LIGHTHOUSE_DUMP, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_DUMP, `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A session the server refused lands on the sign-in page: that would be the login page's figure.
    if (new URL(lhr.finalDisplayedUrl).pathname.startsWith("/login")) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the session was refused`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items?.length ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      lcp: value("largest-contentful-paint"),
      fcp: value("first-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      bytes: value("total-byte-weight"),
      requests,
      bench: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** On a loaded machine Chromium can miss Lighthouse's 30 s protocol deadline: a failed run is tried once more. */
async function lighthouseRetried(url: string, cookie: string): Promise<Run> {
  try {
    return await lighthouseOnce(url, cookie);
  } catch (e) {
    console.log(`    a run of ${url} failed (${e instanceof Error ? e.message : String(e)}): once more`);
    return lighthouseOnce(url, cookie);
  }
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

export type LighthouseRow = Page & Run & { scores: number[]; load: string; server: string };

type Prepared = { server: Server; cookies: Record<Role, string>; list: Page[] };

async function prepare(server: Server, only?: string[]): Promise<Prepared> {
  const cookies = Object.fromEntries(await Promise.all((Object.keys(ROLES) as Role[]).map(async (r) => [r, await previewCookie(server, `${ROLES[r]}@goldengrain.test`)] as const))) as Record<Role, string>;
  const list = pages(await warehousePickOrder(server, cookies.warehouse)).filter((p) => !only?.length || only.some((w) => `${p.label} (${p.role})`.toLowerCase().includes(w.toLowerCase())));
  return { server, cookies, list };
}

/**
 * Each page on each server, run by run in turn (before, after, before, …: the machine's load at that moment touches both alike).
 * A page that cannot be measured does not cost the others their figures: said at once, and failed at the end.
 */
export async function measureLighthouse(servers: Server[], only?: string[]): Promise<LighthouseRow[]> {
  const prepared = await Promise.all(servers.map((server) => prepare(server, only)));
  const rows: LighthouseRow[] = [];
  const failed: string[] = [];
  for (let index = 0; index < prepared[0]!.list.length; index++) {
    // The runs alternate between the servers (before, after, before, …): the machine's load drifts over a page's runs,
    // and a block of runs on one server then another read that drift as a difference between the builds.
    const load = machineLoad();
    const runs = prepared.map((): Run[] => []);
    const broken = prepared.map((): string | null => null);
    for (let i = 0; i < RUNS; i++) {
      for (const [at, { server, cookies, list }] of prepared.entries()) {
        if (broken[at]) continue;
        const page = list[index]!;
        try {
          runs[at]!.push(await lighthouseRetried(`${server.url}${page.path}`, cookies[page.role]));
        } catch (e) {
          broken[at] = e instanceof Error ? e.message : String(e);
        }
      }
    }
    for (const [at, { server, list }] of prepared.entries()) {
      const page = list[index]!;
      const reason = broken[at];
      if (reason) {
        failed.push(`${page.label} (${page.role}) on ${server.name}: ${reason}`);
        console.log(`  ${`${page.label} (${page.role})`.padEnd(40)} FAILED on ${server.name}: ${reason} · ${load}`);
        continue;
      }
      const m = (k: keyof Run) => median(runs[at]!.map((r) => r[k]));
      const row: LighthouseRow = {
        ...page,
        score: m("score"),
        lcp: m("lcp"),
        fcp: m("fcp"),
        tbt: m("tbt"),
        cls: m("cls"),
        bytes: m("bytes"),
        requests: m("requests"),
        bench: m("bench"),
        scores: runs[at]!.map((r) => r.score),
        load,
        server: servers.length > 1 ? server.name : "",
      };
      rows.push(row);
      printRow(row);
    }
  }
  if (failed.length) throw new Error(`${failed.length} pages not measured: ${failed.join("; ")}`);
  return rows;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printRow(r: LighthouseRow) {
  console.log(
    `  ${`${r.label} (${r.role})${r.server ? ` ${r.server.replace(/^preview \(production build\)$/, "after")}` : ""}`.padEnd(40)} ${String(r.score).padStart(5)} ${s(r.lcp).padStart(8)} ${s(r.fcp).padStart(8)} ` +
      `${`${r.tbt.toFixed(0)} ms`.padStart(8)} ${r.cls.toFixed(3).padStart(6)} ${`${(r.bytes / 1024).toFixed(0)} KB`.padStart(8)} ${String(r.requests).padStart(5)} ${r.bench.toFixed(0).padStart(6)}   ` +
      `runs ${r.scores.join("/")} · ${r.load}  ${r.path}`,
  );
}

/** BENCH_BEFORE=<dir> (bench/preview-server.ts): the other checkout's build is measured beside this one, page by page. */
export async function benchLighthouse(): Promise<void> {
  const before = beforeCheckout();
  const servers: Server[] = [];
  try {
    if (before) servers.push(await startPreview("lighthouse-before", { app: 8747, libsql: 8048, standins: 4047, party: 2047 }, 2_000, before));
    servers.push(await startPreview("lighthouse", { app: 8757, libsql: 8058, standins: 4057, party: 2057 }));
    console.log(`Lighthouse 12 mobile (simulated slow 4G, 4× CPU) on the production build, median of ${RUNS} cold runs each, ${availableParallelism()} cores:`);
    console.log(`  ${"page (role)".padEnd(40)} ${"score".padStart(5)} ${"LCP".padStart(8)} ${"FCP".padStart(8)} ${"TBT".padStart(8)} ${"CLS".padStart(6)} ${"bytes".padStart(8)} ${"reqs".padStart(5)} ${"bench".padStart(6)}`);
    await measureLighthouse(servers, process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean));
  } finally {
    for (const server of servers) await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLighthouse();
  process.exit(0);
}
