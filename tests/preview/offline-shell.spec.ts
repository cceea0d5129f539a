// The installable floor app on the production build (issue 23, decision 039): after one online visit, a
// reload with no signal opens the warehouse employee's Home and pick list and the driver's Order Tracking from
// the phone's copy; an office page says it needs a connection (the app's page, not the browser's); after
// Log Out the next person on the same phone never sees the first one's copy.
import type { BrowserContext, Page } from "@playwright/test";
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
  expectOfflineNoise();
  const { context, page } = await phone(browser);
  await openSession(page, ACCOUNTS["delivery-driver"]);
  await page.goto("/order-tracking");
  await untilWorkerReady(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const body = page.locator("main");
  await expect(body).not.toBeEmpty();
  const onlineText = (await body.innerText()).slice(0, 200);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  expect((await body.innerText()).slice(0, 200)).toBe(onlineText);
  // Home, never opened on this phone: the app's offline page, never the browser's error.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("after Log Out, the next person on the same phone never sees the first one's copy", async ({ browser }) => {
  expectOfflineNoise();
  const { context, page } = await phone(browser);
  await openSession(page, ACCOUNTS["warehouse-employee"]);
  await page.goto("/");
  await untilWorkerReady(page);
  await page.reload();
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
