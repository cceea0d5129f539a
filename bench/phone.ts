// Speed on a cheap phone (issues 14 and 25): Chromium at 390 × 844 with 4× CPU throttling, 150 ms round trip,
// 1.6 Mbps down / 750 kbps up, a cold cache per run, median of PHONE_RUNS (5). For every page of issue 25's list
// (Home of each role, Order Tracking as admin, sales, warehouse and driver, the pick list, the driver's
// deliveries, Return Forms, Customer Applications, both report forms), on the production build (npm run preview)
// and, beside it, the development server: LCP and the time until the first rows (or the form, or the heading
// where a page has no rows) are visible. On a 60-line pick list, INP of each of its three taps apart: In Full,
// Short, and a keyboard-wedge scan (trusted key presses, then Enter). BENCH_BEFORE=<dir> measures the build of
// another checkout too (an older commit's worktree, built there), in the same run: before → after.
// Figures, not assertions: these machines are shared and noisy.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { chromium, devices, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { openDatabase } from "../db/node";
import { orderLines, orders } from "../db/schema";
import { productCodes } from "../db/seed-data";
import { pages, warehousePickOrder, type Role } from "./lighthouse";
import { machineLoad } from "./measure";
import { beforeCheckout, previewCookie, startPreview, stopper, waitFor, type Server } from "./preview-server";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const ORDER = "SO-100002";
const CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] };

async function startPreviewForPhone(): Promise<Server> {
  return startPreview("phone", { app: 8777, libsql: 8078, standins: 4077, party: 2077 });
}

async function startBeforeForPhone(): Promise<Server> {
  return startPreview("phone-before", { app: 8767, libsql: 8068, standins: 4067, party: 2067 }, 2_000, beforeCheckout());
}

async function startDev(): Promise<Server> {
  const dbFile = ".data/bench-phone-dev.db";
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) if (existsSync(f)) rmSync(f);
  const child = spawn("node", ["scripts/dev.mjs", "--fresh"], {
    env: { ...process.env, APP_PORT: "5177", STANDINS_PORT: "4078", PARTYKIT_PORT: "2078", DATABASE_URL: `file:${dbFile}`, STANDINS_DATA_DIR: ".data/bench-phone-dev-standins", SEED_ORDERS: "2000", VITE_CACHE_DIR: "node_modules/.vite-bench-phone" },
    stdio: "ignore",
    detached: true,
  });
  await waitFor("http://127.0.0.1:5177/login");
  return { name: "development server", url: "http://127.0.0.1:5177", dbFile, stop: stopper(child) };
}

/** Gives ORDER 60 lines (copies of its own), so the INP figure is for a long list. */
async function sixtyLines(dbFile: string) {
  const db = openDatabase(`file:${dbFile}`);
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, ORDER));
  if (!order) throw new Error(`${ORDER} not seeded`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  for (let i = lines.length; i < 60; i++) {
    const src = lines[i % lines.length]!;
    const lineItemId = `bench-${i}`;
    const exists = await db.select().from(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.lineItemId, lineItemId)));
    if (!exists.length) await db.insert(orderLines).values({ ...src, id: undefined, lineItemId, position: i });
  }
}

export async function signedIn(browser: Browser, base: string, email: string) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: /sign in with google/i }).click();
  await page.waitForURL(/\/google\/authorize/);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.+]/g, "\\$&"), "i") }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/") && !url.pathname.includes("/google/"));
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function throttled(browser: Browser, base: string, state: Awaited<ReturnType<typeof signedIn>>): Promise<{ context: BrowserContext; page: Page }> {
  // A phone's user agent as well as its screen: Chromium then says it is a phone (Sec-CH-UA-Mobile: ?1), as a real one does.
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: base, storageState: state, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __inp: number };
    w.__lcp = 0;
    w.__inp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
    }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  return { context, page };
}

type Screen = { name: string; who: Role; path: string; ready: string; inp?: boolean };
const ROWS = "main ul li, main tbody tr";
/** What shows a page is of use: its rows, its pick lines, its form, or its heading where it has no rows to wait for. */
const READY: Record<string, string> = {
  Home: "main h1",
  "Order Tracking": '[aria-label="Orders"] li',
  "Pick List": '[data-testid="pick-line"]',
  "driver's deliveries": "main h1",
  "Return Forms": ROWS,
  "Customer Applications": ROWS,
  "Devanning report form": "main form input:not([type=hidden])",
  "Stock Transfer report form": "main form input:not([type=hidden])",
};

/** Issue 25's pages (bench/lighthouse.ts), then the 60-line pick list whose taps give INP. */
function screens(pickOrder: string): Screen[] {
  return [
    ...pages(pickOrder).map((p) => ({
      name: `${p.label} (${p.role})`,
      who: p.role,
      path: p.path,
      // The driver's Order Tracking may hold no open orders: its heading then.
      ready: p.label === "Order Tracking" && p.role === "driver" ? "main h1" : READY[p.label]!,
    })),
    { name: `/pick-list?order=${ORDER} (60 lines)`, who: "logistics", path: `/pick-list?order=${ORDER}`, ready: '[data-testid="pick-line"]', inp: true },
  ];
}

type Taps = { inFull: number; short: number; scan: number };

/** A line of ORDER with seeded codes and room for one more unit: the scan's target. */
async function scanCode(dbFile: string): Promise<string> {
  const db = openDatabase(`file:${dbFile}`);
  const rows = await db.select({ sku: orderLines.sku, quantity: orderLines.quantity }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.orderNumber, ORDER));
  const best = rows.filter((r) => productCodes(r.sku) && r.quantity > 1).sort((a, b) => b.quantity - a.quantity)[0];
  if (!best) throw new Error(`no line of ${ORDER} with seeded codes`);
  return productCodes(best.sku)!.unit;
}

/** INP of one interaction: the longest event of `act`, alone (the figure is reset before it). */
async function inpOf(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => ((window as unknown as { __inp: number }).__inp = 0));
  await act();
  await page.waitForTimeout(800);
  return page.evaluate(() => (window as unknown as { __inp: number }).__inp);
}

/** Run `run` taps lines of its own (10 + 3 × run onward): what an earlier run tapped stays picked on the server. */
async function taps(page: Page, code: string, run: number): Promise<Taps> {
  const line = (n: number) => page.getByTestId("pick-line").nth(n);
  // A tap that cannot be made (a build whose screen differs) gives no figure for it, not a failed section.
  const tapped = (act: () => Promise<void>) => inpOf(page, act).catch(() => NaN);
  const inFull = await tapped(() => line(10 + 3 * run).getByRole("button", { name: /^In Full/ }).click());
  const short = await tapped(() => line(11 + 3 * run).getByRole("button", { name: "Short", exact: true }).click());
  // A scanner types fast, then Enter. The code's keys go as the scanner's burst (within a millisecond: CDP key presses
  // one by one are slower than a scanner under throttling, and would read as typing); the Enter is a real key press,
  // since the browser times trusted events only. A burst the screen did not take as a scan gives no figure.
  const scans = () => page.evaluate(() => performance.getEntriesByName("key-scan-to-confirm").length);
  const seen = await scans();
  let scan = await tapped(async () => {
    await page.evaluate((keys) => {
      (document.activeElement as HTMLElement | null)?.blur();
      for (const key of keys) document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    }, [...code]);
    await page.keyboard.press("Enter");
  });
  if ((await scans()) === seen) scan = NaN;
  return { inFull, short, scan };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

type Figures = { lcp: number; visible: number; taps?: Taps; load: string };

async function measureServer(server: Server) {
  await sixtyLines(server.dbFile);
  const code = await scanCode(server.dbFile);
  const list = screens(await warehousePickOrder(server, await previewCookie(server, "warehouse@goldengrain.test")));
  const browser = await chromium.launch(CHROMIUM);
  const roles: Role[] = ["admin", "logistics", "sales", "warehouse", "driver"];
  // One after another: five sign-ins at once through the Google stand-in time out on a loaded machine.
  const states = {} as Record<Role, Awaited<ReturnType<typeof signedIn>>>;
  for (const r of roles) states[r] = await signedIn(browser, server.url, `${r}@goldengrain.test`);
  const out: Record<string, Figures> = {};
  for (const screen of list) {
    const lcp: number[] = [];
    const visible: number[] = [];
    const tapped: Taps[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await throttled(browser, server.url, states[screen.who]);
      try {
        // Wall clock from the tap on the link to the first row on screen (a reload during load, as the dev
        // server does when it optimizes dependencies, restarts performance.now()).
        const started = Date.now();
        await page.goto(screen.path, { waitUntil: "commit", timeout: 120_000 });
        await page.locator(screen.ready).first().waitFor({ state: "visible", timeout: 120_000 });
        visible.push(Date.now() - started);
        await page.waitForTimeout(300);
        // The dev server's page is still loading modules then, and reports its LCP later: wait for it (a page with
        // no LCP at all gives no figure, not a hang).
        await page.waitForFunction(() => (window as unknown as { __lcp: number }).__lcp > 0, null, { timeout: 15_000 }).catch(() => undefined);
        lcp.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
        if (screen.inp) tapped.push(await taps(page, code, run));
      } finally {
        await context.close();
      }
    }
    const tap = (k: keyof Taps) => median(tapped.map((t) => t[k]));
    out[screen.name] = { lcp: median(lcp), visible: median(visible), load: machineLoad(), ...(screen.inp ? { taps: { inFull: tap("inFull"), short: tap("short"), scan: tap("scan") } } : {}) };
  }
  await browser.close();
  return { list, out };
}

export async function benchPhone(): Promise<void> {
  const before = beforeCheckout();
  // PHONE_SERVERS=preview (or before,preview) leaves the development server out of a quick look.
  const wanted = (process.env.PHONE_SERVERS ?? "before,preview,dev").split(",");
  const starts = [
    ...(before && wanted.includes("before") ? [startBeforeForPhone] : []),
    ...(wanted.includes("preview") ? [startPreviewForPhone] : []),
    ...(wanted.includes("dev") ? [startDev] : []),
  ];
  const results: { name: string; figures: Awaited<ReturnType<typeof measureServer>> }[] = [];
  for (const start of starts) {
    const server = await start();
    try {
      results.push({ name: server.name, figures: await measureServer(server) });
    } finally {
      await server.stop();
    }
  }
  const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) || n === 0 ? "—" : `${(n / 1000).toFixed(2)} s`);
  const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "—" : `${n.toFixed(0)} ms`);
  console.log(`cheap phone (390×844, 4× CPU, 150 ms RTT, 1.6 Mbps), cold cache, median of ${RUNS}; targets LCP < 1.5 s, first rows < 2.0 s, INP < 200 ms`);
  console.log(`  columns: ${results.map((r) => r.name).join(" | ")}`);
  for (const screen of results.at(-1)!.figures.list) {
    const cells = results.map((r) => r.figures.out[screen.name]);
    console.log(`  ${screen.name.padEnd(42)} LCP ${cells.map((c) => f(c?.lcp)).join(" | ")} · first rows ${cells.map((c) => f(c?.visible)).join(" | ")} · load ${cells.map((c) => c?.load.split(" ")[1] ?? "—").join(" | ")}`);
    if (screen.inp) for (const [k, label] of [["inFull", "In Full"], ["short", "Short"], ["scan", "scan"]] as const) console.log(`    INP ${label.padEnd(8)} ${cells.map((c) => ms(c?.taps?.[k])).join(" | ")}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPhone();
  process.exit(0);
}
