// Time to open the floor app with no signal on a cheap phone (issue 23): the production build (`npm run
// preview`) with its service worker, a 390×844 phone with 4× CPU throttling (the page; the worker runs
// unthrottled in its own thread), after one online visit to Home (which keeps today's picks or stops on the
// phone). Then, with the signal gone, each screen is opened as from a cold start (a new tab, nothing in memory):
// the time until its first useful content is on screen, and its LCP. Median of PHONE_RUNS (5).
// Run alone with `npx tsx bench/offline-open.ts`.
import { loadavg } from "node:os";
import { chromium, type Browser, type Page } from "@playwright/test";
import { signedIn } from "./phone";
import { startPreview, type Server } from "./preview-server";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] };

type Screen = { name: string; path: (firstPick: string) => string; ready: string };
const ROLES: { who: string; email: string; kept: (firstPick: string) => string; screens: Screen[] }[] = [
  {
    who: "warehouse employee",
    email: "warehouse@goldengrain.test",
    kept: (pick) => pick,
    screens: [
      { name: "Home (her picks)", path: () => "/", ready: 'a[aria-label^="Begin Picking "]' },
      { name: "a pick list Home kept", path: (pick) => pick, ready: '[data-testid="pick-line"]' },
    ],
  },
  {
    who: "driver",
    email: "driver@goldengrain.test",
    kept: () => "/order-tracking",
    screens: [
      { name: "Home (today's route)", path: () => "/", ready: 'a[aria-label^="Open delivery "]' },
      { name: "Order Tracking", path: () => "/order-tracking", ready: "main h1" },
    ],
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}

async function measureRole(browser: Browser, server: Server, role: (typeof ROLES)[number]) {
  const state = await signedIn(browser, server.url, role.email);
  const context = await browser.newContext({ baseURL: server.url, storageState: state, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "allow" });
  const rows: string[] = [];
  try {
    // One online visit: the worker installs and Home keeps the day's work.
    const first = await context.newPage();
    await first.goto("/");
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    await first.reload();
    const firstPick = (await first.locator('a[aria-label^="Begin Picking "]').first().getAttribute("href").catch(() => null)) ?? "/";
    const kept = role.kept(firstPick);
    await first.waitForFunction(
      async (path) => {
        for (const name of (await caches.keys()).filter((n) => n.startsWith("floor-pages-"))) if (await (await caches.open(name)).match(path)) return true;
        return false;
      },
      kept,
      { timeout: 120_000, polling: 500 },
    );
    await first.close();
    await context.setOffline(true);
    for (const screen of role.screens) {
      const visible: number[] = [];
      const lcp: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const page = await context.newPage();
        await throttle(page);
        const started = Date.now();
        await page.goto(screen.path(firstPick), { waitUntil: "commit", timeout: 60_000 });
        await page.locator(screen.ready).first().waitFor({ state: "visible", timeout: 60_000 });
        visible.push(Date.now() - started);
        await page.waitForTimeout(300);
        lcp.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
        await page.close();
      }
      rows.push(`  ${`${role.who}: ${screen.name}`.padEnd(44)} on screen ${(median(visible) / 1000).toFixed(2)} s · LCP ${(median(lcp) / 1000).toFixed(2)} s`);
    }
  } finally {
    await context.close();
  }
  return rows;
}

export async function benchOfflineOpen(given?: Server) {
  const server = given ?? (await startPreview("offline", { app: 8747, libsql: 8048, standins: 4047, party: 2047 }, 400));
  const browser = await chromium.launch(CHROMIUM);
  try {
    console.log(`load ${loadavg().map((l) => l.toFixed(2)).join(" ")}; opened with no signal after one online visit, 390×844, 4× CPU (page), cold tab, median of ${RUNS}`);
    for (const role of ROLES) for (const row of await measureRole(browser, server, role)) console.log(row);
  } finally {
    await browser.close();
    if (!given) await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOfflineOpen();
  process.exit(0);
}
