// Speed on a cheap phone (issue 14): Chromium at 390 × 844 with 4× CPU throttling, 150 ms round trip,
// 1.6 Mbps down / 750 kbps up, a cold cache per run, median of 5. For the production build (npm run
// preview) and, beside it, the development server: LCP and the time until the first rows or lines are
// visible on the picking screen, Order Tracking (admin and warehouse employee) and Home; INP for tapping
// 'In Full' on a 60-line pick list. Figures, not assertions: these machines are shared and noisy.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { openDatabase } from "../db/node";
import { orderLines, orders } from "../db/schema";
import { startPreview, stopper, waitFor, type Server } from "./preview-server";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const ORDER = "SO-100002";
const CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] };

async function startPreviewForPhone(): Promise<Server> {
  return startPreview("phone", { app: 8777, libsql: 8078, standins: 4077, party: 2077 });
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
  const context = await browser.newContext({ baseURL: base, storageState: state, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
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

type Screen = { name: string; who: "admin" | "warehouse" | "logistics"; path: string; ready: string; inp?: boolean };
const SCREENS: Screen[] = [
  { name: `/pick-list?order=${ORDER} (60 lines)`, who: "logistics", path: `/pick-list?order=${ORDER}`, ready: '[data-testid="pick-line"]', inp: true },
  { name: "/order-tracking as admin", who: "admin", path: "/order-tracking", ready: '[aria-label="Orders"] li' },
  { name: "/order-tracking as warehouse employee", who: "warehouse", path: "/order-tracking", ready: '[aria-label="Orders"] li' },
  { name: "Home as logistics manager", who: "logistics", path: "/", ready: "main h1" },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

async function measureServer(server: Server) {
  await sixtyLines(server.dbFile);
  const browser = await chromium.launch(CHROMIUM);
  const states = {
    admin: await signedIn(browser, server.url, "admin@goldengrain.test"),
    warehouse: await signedIn(browser, server.url, "warehouse@goldengrain.test"),
    logistics: await signedIn(browser, server.url, "logistics@goldengrain.test"),
  };
  const out: Record<string, { lcp: number; visible: number; inp?: number }> = {};
  for (const screen of SCREENS) {
    const lcp: number[] = [];
    const visible: number[] = [];
    const inp: number[] = [];
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
        lcp.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
        if (screen.inp) {
          await page.getByTestId("pick-line").nth(10).getByRole("button", { name: /^In Full/ }).click();
          await page.waitForTimeout(800);
          inp.push(await page.evaluate(() => (window as unknown as { __inp: number }).__inp));
        }
      } finally {
        await context.close();
      }
    }
    out[screen.name] = { lcp: median(lcp), visible: median(visible), ...(screen.inp ? { inp: median(inp) } : {}) };
  }
  await browser.close();
  return out;
}

export async function benchPhone(): Promise<void> {
  const results: Record<string, Awaited<ReturnType<typeof measureServer>>> = {};
  for (const start of [startPreviewForPhone, startDev]) {
    const server = await start();
    try {
      results[server.name] = await measureServer(server);
    } finally {
      await server.stop();
    }
  }
  const [prod, dev] = [results["preview (production build)"]!, results["development server"]!];
  console.log(`cheap phone (390×844, 4× CPU, 150 ms RTT, 1.6 Mbps), cold cache, median of ${RUNS}: production build | development server`);
  for (const screen of SCREENS) {
    const p = prod[screen.name]!;
    const d = dev[screen.name]!;
    const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) || n === 0 ? "—" : `${(n / 1000).toFixed(2)} s`);
    const ms = (n: number | undefined) => (n === undefined ? "" : ` · INP ${n.toFixed(0)} ms | ${d.inp?.toFixed(0)} ms`);
    console.log(`  ${screen.name}: LCP ${f(p.lcp)} | ${f(d.lcp)} · first rows ${f(p.visible)} | ${f(d.visible)}${ms(p.inp)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPhone();
  process.exit(0);
}
