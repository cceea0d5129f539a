// The installable floor app on the production build (issue 23, decision 039): after one online visit, a
// reload with no signal opens the warehouse employee's Home and pick list and the driver's Order Tracking from
// the phone's copy; an office page says it needs a connection (the app's page, not the browser's); after
// Log Out the next person on the same phone never sees the first one's copy; from a cold start with no signal a
// picker picks, saves and completes, and once the app is reopened online each write reaches the server once,
// with the time she acted (the database is read to check).
import { createClient } from "@libsql/client";
import type { BrowserContext, Page } from "@playwright/test";
import { PREVIEW } from "../../playwright.preview.config";
import { ACCOUNTS, expect, expectConsoleErrors, openNav, openSession, test } from "../e2e/fixtures";

// A service worker's first install precaches the whole build (about 2 MB) before it controls a page: on a
// loaded CI machine that alone can take half a minute.
test.slow();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: "allow" as const };

/** What a page with no signal logs: its live room, its background reads. Nothing else may be logged. */
function expectOfflineNoise() {
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/, /Failed to fetch/, /ERR_FAILED/);
}

/** Waits until the service worker controls the page and holds this person's floor copies. */
async function untilWorkerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => Boolean(await (await caches.open("floor-meta")).match("/__sw/floor-owner")));
}

async function floorCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("floor-pages-")));
}

async function phone(browser: import("@playwright/test").Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  return { context, page: await context.newPage() };
}

/**
 * What the phone keeps, in bytes: the build's precache (the same for everyone) and this person's floor copies.
 * Reported with the test (issue 23 asks for the figure per role).
 */
async function reportCachedBytes(page: Page, who: string) {
  const bytes = await page.evaluate(async () => {
    const sizes = { precache: 0, floor: 0 };
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const size = (await (await cache.match(request))!.arrayBuffer()).byteLength;
        if (name.startsWith("floor-pages-")) sizes.floor += size;
        else sizes.precache += size;
      }
    }
    return sizes;
  });
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const line = `${who}: build ${kb(bytes.precache)} + floor copies ${kb(bytes.floor)}`;
  test.info().annotations.push({ type: "bytes cached", description: line });
  console.log(`bytes cached: ${line}`);
  expect(bytes.floor).toBeGreaterThan(0);
}

/** A phone signed in as `role` that opened `path` once with signal, through the worker: its copy is kept. */
async function phoneWithCopyOf(browser: import("@playwright/test").Browser, role: keyof typeof ACCOUNTS, path: string) {
  expectOfflineNoise();
  const opened = await phone(browser);
  await openSession(opened.page, ACCOUNTS[role]);
  await opened.page.goto(path);
  await untilWorkerReady(opened.page);
  await opened.page.reload();
  return opened;
}

test("warehouse employee: Home and the pick list open with no signal; office pages say they need a connection", async ({ browser }) => {
  expectOfflineNoise();
  const { context, page } = await phone(browser);
  await openSession(page, ACCOUNTS["warehouse-employee"]);

  // The installable app: its manifest is linked and served with the right type.
  await page.goto("/");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await page.request.get(manifestHref ?? "/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(((await manifest.json()) as { name: string }).name).toBe("Golden Grain Ops");
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toContain("no-cache");

  await untilWorkerReady(page);
  // Online visits through the worker: these are the copies the phone keeps.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  // The first of her picks on Home.
  const begin = page.getByRole("link", { name: /^Begin Picking / }).first();
  const orderNumber = ((await begin.getAttribute("aria-label")) ?? "").replace("Begin Picking ", "");
  expect(orderNumber).toMatch(/^SO-/);
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  const onlineLines = await page.getByTestId("pick-line").count();
  expect(onlineLines).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/offline-home-390.png", fullPage: false });

  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(page.getByTestId("pick-line")).toHaveCount(onlineLines);
  // A cold reload of the same screen (the tab was killed): the same copy.
  await page.reload();
  await expect(page.getByTestId("pick-line")).toHaveCount(onlineLines);

  // Moving between floor screens in the app with no signal: Home, then Begin Picking (a client navigation whose
  // data has no copy becomes a document load, which has one).
  await page.goto("/");
  await page.getByRole("link", { name: `Begin Picking ${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pick-list\\?order=${orderNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(page.getByTestId("pick-line")).toHaveCount(onlineLines);

  // An office page: the app's own offline page, with a way back.
  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline." })).toBeVisible();
  await expect(page.getByText("This page needs a connection. Your floor work (Home, pick lists, deliveries) opens offline.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/offline-office-390.png" });

  // Try again once the signal is back: the page itself.
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline." })).toHaveCount(0);
});

test("driver: Order Tracking opens with no signal after one online visit", async ({ browser }) => {
  const { context, page } = await phoneWithCopyOf(browser, "delivery-driver", "/order-tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const body = page.locator("main");
  await expect(body).not.toBeEmpty();
  const onlineText = (await body.innerText()).slice(0, 200);
  await reportCachedBytes(page, "driver (Order Tracking)");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  expect((await body.innerText()).slice(0, 200)).toBe(onlineText);
  // Home, never opened on this phone: the app's offline page, never the browser's error.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("after Log Out, the next person on the same phone never sees the first one's copy", async ({ browser }) => {
  const { context, page } = await phoneWithCopyOf(browser, "warehouse-employee", "/");
  await expect(page.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  expect(await floorCaches(page)).toHaveLength(1);

  await openNav(page);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => floorCaches(page)).toEqual([]);

  await openSession(page, ACCOUNTS["delivery-driver"]);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Dan/ })).toBeVisible();
  await untilWorkerReady(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Dan/ })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Dan/ })).toBeVisible();
  await expect(page.getByText(/Wendy/)).toHaveCount(0);
  expect(await floorCaches(page)).toHaveLength(1);
});

/** The preview's database, read beside the Worker (the same file its libSQL server serves). */
async function pickRecord(orderNumber: string) {
  const db = createClient({ url: `file:${PREVIEW.dbFile}` });
  try {
    const logs = await db.execute({ sql: "select type, at from pick_list_logs where order_number = ? and type in ('pick-verified', 'pick-completed') order by id", args: [orderNumber] });
    const status = await db.execute({ sql: "select s.completed_at from pick_list_status s join orders o on o.id = s.order_id where o.order_number = ?", args: [orderNumber] });
    return { logs: logs.rows.map((r) => ({ type: String(r.type), at: String(r.at) })), completedAt: (status.rows[0]?.completed_at as string | null | undefined) ?? null };
  } finally {
    db.close();
  }
}

test("warehouse employee: from a cold start with no signal she picks, saves and completes; reopened online, each write reaches the server once, at her time", async ({ browser }) => {
  const { context, page } = await phoneWithCopyOf(browser, "warehouse-employee", "/");
  // Her second pick on Home (the first is the other journeys'): opened once with signal, so the phone has it.
  const begin = page.getByRole("link", { name: /^Begin Picking / }).nth(1);
  const orderNumber = ((await begin.getAttribute("aria-label")) ?? "").replace("Begin Picking ", "");
  expect(orderNumber).toMatch(/^SO-/);
  expect((await pickRecord(orderNumber)).logs).toEqual([]);
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByTestId("pick-line").first()).toBeVisible();
  const count = await page.getByTestId("pick-line").count();
  await reportCachedBytes(page, "warehouse employee (Home and one pick list)");

  // The tab is killed and the phone loses signal: a cold start on the dock.
  await page.close();
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto("/");
  await expect(cold.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  await cold.getByRole("link", { name: `Begin Picking ${orderNumber}` }).click();
  await expect(cold.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  const lines = cold.getByTestId("pick-line");
  await expect(lines).toHaveCount(count);

  const actedFrom = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await lines.nth(i).getByRole("button", { name: /^In Full/ }).click();
    await expect(lines.nth(i)).toHaveAttribute("data-status", "Picked");
  }
  const bar = cold.getByTestId("pick-bar").getByRole("status");
  await cold.getByRole("button", { name: "Save", exact: true }).click();
  await expect(bar).toHaveText("Saved on this phone — it will be sent when there is signal. Your picks are safe; no need to press Save again.");
  // The kept save counts: Complete asks nothing more (every line is accounted for) and is kept too.
  await cold.getByRole("button", { name: "Complete", exact: true }).click();
  await expect(bar).toHaveText("Saved on this phone — the order will be marked completed when there is signal. No need to press Complete again.");
  await expect(cold.getByRole("dialog")).toHaveCount(0);
  await cold.screenshot({ path: "tests/e2e/.screens/offline-pick-completed-390.png" });
  const actedTo = new Date().toISOString();

  // The app is closed with both writes on the phone; the signal comes back a while later.
  await cold.close();
  await new Promise((done) => setTimeout(done, 2_000));
  const online = new Date().toISOString();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto("/");
  await expect(reopened.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();

  // Each write reached the server once, the save before the complete, at the times she acted.
  await expect.poll(async () => (await pickRecord(orderNumber)).completedAt, { timeout: 30_000 }).not.toBeNull();
  const record = await pickRecord(orderNumber);
  expect(record.logs.map((l) => l.type)).toEqual(["pick-verified", "pick-completed"]);
  for (const log of record.logs) {
    expect(log.at >= actedFrom && log.at <= actedTo, `${log.type} at ${log.at}, acted between ${actedFrom} and ${actedTo}`).toBe(true);
    expect(log.at < online).toBe(true);
  }
  expect(record.completedAt).toBe(record.logs[1]!.at);
  // Nothing more arrives later (a resend would be a second log).
  await reopened.reload();
  await expect(reopened.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  expect((await pickRecord(orderNumber)).logs).toHaveLength(2);
  await context.close();
});
