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
import { sign } from "../e2e/documents-helpers";
import { enterPasscode } from "../e2e/picking-helpers";

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

/** Waits until the phone keeps a copy of `path` in the person's floor cache (kept by Home or the pick list, not opened). */
async function expectKept(page: Page, path: string, message: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (p) => {
          for (const name of (await caches.keys()).filter((n) => n.startsWith("floor-pages-"))) if (await (await caches.open(name)).match(p)) return true;
          return false;
        }, path),
      { timeout: 30_000, message },
    )
    .toBe(true);
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
  // Installing (the whole build, about 2 MB) waits until the page has settled: the first seconds are the person's.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r === undefined))).toBe(true);
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
  // Opened a few minutes after that visit, the copy says from when it is (the phone's clock moved on).
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 60_000));
  await page.reload();
  await expect(page.getByTestId("copy-notice")).toContainText(/^No signal: showing this phone's copy from \d{1,2}:\d{2} [AP]M\./);
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

/** The app is closed with its writes on the phone; the signal returns 2 s later; the app is opened at `path`. */
async function closeAndReopenOnline(context: BrowserContext, page: Page, path: string): Promise<{ reopened: Page; online: string }> {
  await page.close();
  await new Promise((done) => setTimeout(done, 2_000));
  const online = new Date().toISOString();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto(path);
  return { reopened, online };
}

/** With no signal: every line In Full, Save, then Complete; both are kept on the phone, and she is told so. */
async function pickSaveAndCompleteOffline(page: Page, count: number) {
  const lines = page.getByTestId("pick-line");
  for (let i = 0; i < count; i++) {
    await lines.nth(i).getByRole("button", { name: /^In Full/ }).click();
    await expect(lines.nth(i)).toHaveAttribute("data-status", "Picked");
  }
  const bar = page.getByTestId("pick-bar").getByRole("status");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(bar).toHaveText("Saved on this phone — it will be sent when there is signal. Your picks are safe; no need to press Save again.");
  // The kept save counts: Complete asks nothing more (every line is accounted for) and is kept too.
  await page.getByRole("button", { name: "Complete", exact: true }).click();
  await expect(bar).toHaveText("Saved on this phone — the order will be marked completed when there is signal. No need to press Complete again.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

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

test("warehouse employee: from a cold start with no signal she opens a pick Home kept (never opened with signal), picks, saves and completes; reopened online, each write reaches the server once, at her time", async ({ browser }) => {
  const { context, page } = await phoneWithCopyOf(browser, "warehouse-employee", "/");
  // Her second pick on Home (the first is the other journeys'): opened once with signal, so the phone has it.
  const begin = page.getByRole("link", { name: /^Begin Picking / }).nth(1);
  const orderNumber = ((await begin.getAttribute("aria-label")) ?? "").replace("Begin Picking ", "");
  expect(orderNumber).toMatch(/^SO-/);
  expect((await pickRecord(orderNumber)).logs).toEqual([]);
  // She never opens it with signal: Home keeps her picks on the phone by itself.
  await expectKept(page, `/pick-list?order=${orderNumber}`, "her picks are kept on the phone from Home");
  await reportCachedBytes(page, "warehouse employee (Home with her picks)");

  // The tab is killed and the phone loses signal: a cold start on the dock.
  await page.close();
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto("/");
  await expect(cold.getByRole("heading", { level: 1, name: /Wendy/ })).toBeVisible();
  await cold.getByRole("link", { name: `Begin Picking ${orderNumber}` }).click();
  await expect(cold.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  const lines = cold.getByTestId("pick-line");
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  // The live room cannot be reached: said as Offline, not as a refusal.
  await expect(cold.getByTestId("room-status")).toContainText("Offline");

  const actedFrom = new Date().toISOString();
  await pickSaveAndCompleteOffline(cold, count);
  await cold.screenshot({ path: "tests/e2e/.screens/offline-pick-completed-390.png" });
  const actedTo = new Date().toISOString();

  // The app is closed with both writes on the phone; the signal comes back a while later.
  const { reopened, online } = await closeAndReopenOnline(context, cold, "/");
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

/** The driver's last open stop today, made cash on delivery (the seed's route may have none), read from the preview's database. */
async function codStopForToday(): Promise<string> {
  const db = createClient({ url: `file:${PREVIEW.dbFile}` });
  try {
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const stops = await db.execute({
      sql: `select o.order_number from route_stops r join orders o on o.id = r.order_id left join delivery_meta m on m.order_id = o.id
            where r.date = ? and o.delivery_completed_at is null and m.delivery_completed_at is null and lower(o.order_status) not like '%cancel%'
            order by r.position desc limit 1`,
      args: [today],
    });
    const orderNumber = String(stops.rows[0]?.order_number ?? "");
    expect(orderNumber, "the seed plans today's route for the driver").toMatch(/^SO-/);
    await db.execute({ sql: "update orders set payment_status = 'Cash on Delivery' where order_number = ?", args: [orderNumber] });
    return orderNumber;
  } finally {
    db.close();
  }
}

/** What the server holds of one delivery: its times, and how many of each file and completion it recorded. */
async function deliveryRecord(orderNumber: string) {
  const db = createClient({ url: `file:${PREVIEW.dbFile}` });
  try {
    const meta = await db.execute({
      sql: "select m.out_for_delivery_at, m.delivery_completed_at, m.signed_by_name, m.cod_collected_cents, o.id from orders o left join delivery_meta m on m.order_id = o.id where o.order_number = ?",
      args: [orderNumber],
    });
    const row = meta.rows[0]!;
    const files = await db.execute({ sql: "select kind, count(*) as n from stored_files where owner_id in (?, ?) group by kind", args: [String(row.id), orderNumber] });
    const audits = await db.execute({ sql: "select action, count(*) as n from audit_events where entity_id = ? and action like 'delivery.%' group by action", args: [orderNumber] });
    return {
      outAt: (row.out_for_delivery_at as string | null) ?? null,
      completedAt: (row.delivery_completed_at as string | null) ?? null,
      signedBy: (row.signed_by_name as string | null) ?? null,
      codCents: (row.cod_collected_cents as number | null) ?? null,
      files: Object.fromEntries(files.rows.map((r) => [String(r.kind), Number(r.n)])),
      audits: Object.fromEntries(audits.rows.map((r) => [String(r.action), Number(r.n)])),
    };
  } finally {
    db.close();
  }
}

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

test("driver: from a cold start with no signal he opens today's route and completes a cash-on-delivery stop with two photos and a signature; reopened online, each write reaches the server once, at his time", async ({ browser }) => {
  const orderNumber = await codStopForToday();
  // He opens Home once with signal: the route, Order Tracking (where a stop opens) and each stop's details are kept.
  const { context, page } = await phoneWithCopyOf(browser, "delivery-driver", "/");
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 40.77, longitude: -73.52, accuracy: 15 });
  await expect(page.getByRole("heading", { name: /Today's deliveries/ })).toBeVisible();
  await expect(page.getByRole("link", { name: `Open delivery ${orderNumber}` })).toBeVisible();
  await expectKept(page, "/order-tracking", "Order Tracking is kept on the phone without being opened");
  await expect.poll(() => page.evaluate((n) => localStorage.getItem(`delivery-cache:${n}`) !== null, orderNumber), { timeout: 30_000 }).toBe(true);
  expect((await deliveryRecord(orderNumber)).outAt).toBeNull();
  await reportCachedBytes(page, "driver (Home with today's route)");

  // The tab is killed in the van; no signal at the customer's door.
  await page.close();
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto("/");
  await expect(cold.getByRole("heading", { name: /Today's deliveries/ })).toBeVisible();
  const actedFrom = new Date().toISOString();
  await cold.getByRole("link", { name: `Open delivery ${orderNumber}` }).click();
  const dialog = cold.getByRole("dialog", { name: `Order #${orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Step 1 of 5")).toBeVisible();

  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(dialog.getByText("Step 2 of 5")).toBeVisible();
  await dialog.locator("input#cod-photo").setInputFiles({ name: "cash.png", mimeType: "image/png", buffer: PNG_1PX });
  await dialog.getByRole("button", { name: "Upload COD Photo" }).click();
  await expect(cold.getByText("Photo saved on this phone")).toBeVisible();
  await expect(dialog.getByText("Step 3 of 5")).toBeVisible();
  // A second photo: the torn bag at the door, with a note.
  await dialog.locator("input#issue-photo").setInputFiles({ name: "torn-bag.png", mimeType: "image/png", buffer: PNG_1PX });
  await dialog.getByLabel("Note").fill("One bag torn at the corner");
  await dialog.getByRole("button", { name: "Upload Issue Photo" }).click();
  await expect(dialog.getByText("Step 4 of 5")).toBeVisible();
  await dialog.getByLabel(/Receiver name/).fill("Olga Offline");
  await sign(cold, dialog.getByTestId("signature-pad"));
  await dialog.getByLabel(/Cash collected/).fill("88.50");
  await dialog.getByRole("button", { name: "Complete Delivery" }).click();
  await expect(cold.getByText("Delivery saved on this phone")).toBeVisible();
  await expect(dialog.getByText("4 waiting to send")).toBeVisible();
  await cold.screenshot({ path: "tests/e2e/.screens/offline-delivery-cold-390.png" });
  const actedTo = new Date().toISOString();

  // The app is closed with the four writes on the phone; the signal comes back later; he opens the app again.
  const { reopened, online } = await closeAndReopenOnline(context, cold, "/");
  await expect(reopened.getByRole("heading", { name: /Today's deliveries/ })).toBeVisible();

  await expect.poll(async () => (await deliveryRecord(orderNumber)).completedAt, { timeout: 30_000 }).not.toBeNull();
  const record = await deliveryRecord(orderNumber);
  expect(record).toMatchObject({ signedBy: "Olga Offline", codCents: 8_850 });
  // Each write once: one COD photo, one issue photo, one signature, one completion, one out-for-delivery.
  expect(record.files["delivery-cod"]).toBe(1);
  expect(record.files["delivery-issue"]).toBe(1);
  expect(record.files["delivery-signature"]).toBe(1);
  expect(record.audits["delivery.complete"]).toBe(1);
  expect(record.audits["delivery.out-for-delivery"]).toBe(1);
  // At his times, before the signal returned, in the order he acted.
  for (const at of [record.outAt!, record.completedAt!]) {
    expect(at >= actedFrom && at <= actedTo, `${at} not within ${actedFrom}..${actedTo}`).toBe(true);
    expect(at < online).toBe(true);
  }
  expect(record.outAt! <= record.completedAt!).toBe(true);
  // Nothing more later.
  await reopened.reload();
  await expect(reopened.getByTestId("outbox-indicator").filter({ hasText: /waiting to send|needs you/ })).toHaveCount(0);
  const again = await deliveryRecord(orderNumber);
  expect(again.files).toEqual(record.files);
  expect(again.audits).toEqual(record.audits);
  await context.close();
});

/** An order a passcode phone at NY Main may pick that nobody has touched (the newest such; other journeys take older ones). */
async function untouchedNyMainOrder(): Promise<string> {
  const db = createClient({ url: `file:${PREVIEW.dbFile}` });
  try {
    const rows = await db.execute(`select o.order_number from orders o
      where o.warehouse_location = 'NY-MAIN' and lower(o.order_status) not like '%cancel%' and lower(o.order_status) not like '%picked%'
        and lower(o.order_status) not like '%deliver%' and lower(o.order_status) not like '%truck%'
        and exists (select 1 from order_lines l where l.order_id = o.id)
        and not exists (select 1 from pick_list_logs p where p.order_number = o.order_number)
        and not exists (select 1 from pick_list_status s where s.order_id = o.id and s.completed_at is not null)
      order by o.id desc limit 1`);
    const orderNumber = String(rows.rows[0]?.order_number ?? "");
    expect(orderNumber, "an untouched NY Main order in the preview seed").toMatch(/^SO-/);
    return orderNumber;
  } finally {
    db.close();
  }
}

test("passcode phone: the order opened with the floor passcode opens with no signal from a cold start; the picks, the save and the completion reach the server once when the signal returns", async ({ browser }) => {
  expectOfflineNoise();
  const orderNumber = await untouchedNyMainOrder();
  const { context, page } = await phone(browser);
  // A shared phone on the dock: nobody signed in, the floor passcode opens the order.
  await page.goto(`/pick-list?order=${orderNumber}`);
  await enterPasscode(page);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(page.getByTestId("pick-line").first()).toBeVisible();
  await untilWorkerReady(page);
  // The order being picked is kept on the phone by itself (the passcode phone has no Home).
  await expectKept(page, `/pick-list?order=${orderNumber}`, "the passcode phone keeps the order it opened");
  await reportCachedBytes(page, "passcode phone (one pick list)");

  await page.close();
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto(`/pick-list?order=${orderNumber}`);
  await expect(cold.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(cold.getByRole("dialog", { name: "Pick List Access" })).toHaveCount(0);
  const lines = cold.getByTestId("pick-line");
  await expect(lines.first()).toBeVisible();
  await expect(cold.getByTestId("room-status")).toContainText("Offline");
  const actedFrom = new Date().toISOString();
  const count = await lines.count();
  await pickSaveAndCompleteOffline(cold, count);
  const actedTo = new Date().toISOString();

  // Closed; the signal returns; the passcode phone opens the same order again (it has no other screen).
  const { reopened } = await closeAndReopenOnline(context, cold, `/pick-list?order=${orderNumber}`);
  await expect(reopened.getByRole("heading", { level: 1, name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect.poll(async () => (await pickRecord(orderNumber)).completedAt, { timeout: 45_000 }).not.toBeNull();
  const record = await pickRecord(orderNumber);
  expect(record.logs.map((l) => l.type)).toEqual(["pick-verified", "pick-completed"]);
  for (const log of record.logs) expect(log.at >= actedFrom && log.at <= actedTo, `${log.type} at ${log.at}`).toBe(true);
  await reopened.reload();
  await expect(reopened.getByTestId("pick-line").first()).toBeVisible();
  expect((await pickRecord(orderNumber)).logs).toHaveLength(2);
  await context.close();
});
