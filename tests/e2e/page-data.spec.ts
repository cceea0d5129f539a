// Pages bring their first data (docs/decisions/008-page-data.md): the raw HTML of Order Tracking and of the
// picking screen already holds the first rows and lines; with the /api calls blocked, or with JavaScript off,
// they still appear; the browser does not ask for the first page again, but does when the search changes;
// and list-wide actions wait until a real list is on screen. First-paint screenshots at 390 and 1280 px.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";

const SCREENS = "tests/e2e/.screens";

/** The markup of a document without its scripts: what the browser paints before any JavaScript runs. */
function markupOf(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** The first order on the viewer's Order Tracking list, as /api answers the screen's first request. */
async function firstListedOrder(request: APIRequestContext, limit: number): Promise<string> {
  const res = await request.get(`/api/order-trackers?page=1&limit=${limit}&light=true`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { orderNumber: string }[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!.orderNumber;
}

/** An order the warehouse employee may pick (on their own list) and its first line's SKU. */
async function pickableOrder(request: APIRequestContext): Promise<{ orderNumber: string; sku: string }> {
  const orderNumber = await firstListedOrder(request, 500);
  const res = await request.get(`/api/sales-orders/by-order-number/${orderNumber}?include=lines`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { lines: { sku: string }[] };
  expect(body.lines.length).toBeGreaterThan(0);
  return { orderNumber, sku: body.lines[0]!.sku };
}

/** A page in a new context with the same session cookies and JavaScript off: the server's first paint, as is. */
async function withoutJavaScript(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  return context.newPage();
}

const width = (page: Page) => (isPhone(page) ? 390 : 1280);

/**
 * Order Tracking has hydrated: until its script runs the page holds both layouts (CSS shows one); then the
 * screen keeps only its own. Counted with CSS selectors, which also see the hidden one.
 */
async function orderTrackingHydrated(page: Page) {
  await expect(page.locator(isPhone(page) ? "table" : 'ul[aria-label="Orders"]')).toHaveCount(0);
}

test("curl shows the first rows: Order Tracking's HTML holds the first order of the list", async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  const first = await firstListedOrder(page.request, 25);
  const res = await page.request.get("/order-tracking");
  expect(res.status()).toBe(200);
  const markup = markupOf(await res.text());
  expect(markup).toContain(`>${first}<`);
  expect(markup).not.toContain("Loading orders…");
});

test("curl shows the first lines: the picking screen's HTML holds the order's first SKU", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const { orderNumber, sku } = await pickableOrder(page.request);
  const res = await page.request.get(`/pick-list?order=${orderNumber}`);
  expect(res.status()).toBe(200);
  const markup = markupOf(await res.text());
  expect(markup).toContain(`Order #${orderNumber}`);
  expect(markup).toContain(sku);
  expect(markup).not.toContain("Loading pick list…");
});

test("with the list calls blocked, Order Tracking still shows its rows and KPIs, and asks /api only when the search changes", async ({ page }) => {
  await signIn(page, "logistics-manager", "/pick-list-check");
  const first = await firstListedOrder(page.request, 25);
  const asked: string[] = [];
  await page.route("**/api/order-trackers*", (route) => {
    // The bell's task poll (spec 000: page=1&limit=500, no `light`) is the shell's, not this screen's list.
    if (!new URL(route.request().url()).searchParams.has("light")) return route.continue();
    asked.push(route.request().url());
    return route.abort();
  });
  await page.route("**/api/order-trackers/kpis", (route) => {
    asked.push(route.request().url());
    return route.abort();
  });
  await page.goto("/order-tracking");
  await expect(page.getByText(first, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Awaiting Trucking/ })).toContainText(/\d/);
  // Hydrated, and a moment later still no request: the screen runs on the loader's first page.
  await orderTrackingHydrated(page);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/page-data-order-tracking-api-blocked-${width(page)}.png` });

  // A new search is the browser's job: it asks /api.
  await page.unrouteAll({ behavior: "wait" });
  let listCalls = 0;
  await page.route("**/api/order-trackers?*", (route) => {
    listCalls += 1;
    return route.continue();
  });
  await page.getByRole("searchbox", { name: "Search orders" }).fill(first);
  await expect.poll(() => listCalls).toBeGreaterThan(0);
  await expect(page.getByText(first, { exact: true }).filter({ visible: true }).first()).toBeVisible();
});

test("with the order calls blocked, the picking screen shows the order's lines and Save is ready", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const { orderNumber, sku } = await pickableOrder(page.request);
  const asked: string[] = [];
  for (const pattern of ["**/api/sales-orders/**", "**/api/inventory-summary/**", "**/api/picklists/*/logs"]) {
    await page.route(pattern, (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
  }
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByRole("heading", { name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(page.getByTestId("pick-line").first()).toBeVisible();
  await expect(page.getByTestId("pick-line").filter({ hasText: sku }).first()).toBeVisible();
  await expect(page.getByTestId("room-status")).toHaveText("Live");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeEnabled();
  expect(asked).toEqual([]);
});

test("with JavaScript off, the three screens paint their first data", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const first = await firstListedOrder(page.request, 500);
  const { orderNumber, sku } = await pickableOrder(page.request);
  const still = await withoutJavaScript(page);
  const w = width(page);

  await still.goto("/order-tracking");
  await expect(still.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  await expect(still.getByText(first, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await still.screenshot({ path: `${SCREENS}/page-data-order-tracking-first-paint-${w}.png` });

  await still.goto(`/pick-list?order=${orderNumber}`);
  await expect(still.getByRole("heading", { name: new RegExp(`Order #${orderNumber}`) })).toBeVisible();
  await expect(still.getByTestId("pick-line").filter({ hasText: sku }).first()).toBeVisible();
  await still.screenshot({ path: `${SCREENS}/page-data-pick-list-first-paint-${w}.png` });

  await still.goto(`/pick-list-check?order=${orderNumber}`);
  await expect(still.getByTestId("order-number")).toHaveText(orderNumber);
  await expect(still.getByTestId("check-line").first()).toBeVisible();
  await still.screenshot({ path: `${SCREENS}/page-data-pick-list-check-first-paint-${w}.png` });
  await still.context().close();
});

test("the picking screen's Save, Complete and Mark all picked wait for a real order's lines", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const { orderNumber } = await pickableOrder(page.request);

  // Sample data: nothing to save.
  await page.goto("/pick-list");
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Sample data — load an order to start picking.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
  await expect(page.getByLabel("Mark all picked")).toBeDisabled();

  // Loading another order through /api (held back a moment): still nothing to act on until it arrives.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/sales-orders/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByRole("button", { name: "Load", exact: true }).click();
  await expect(page.getByText("Loading pick list…")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
  release();
  await expect(page.getByTestId("pick-line").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
  await expect(page.getByLabel("Mark all picked")).toBeEnabled();
});

test("an order outside the viewer's scope shows the API's message and no lines", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const mine = new Set(((await (await page.request.get("/api/order-trackers?page=1&limit=500")).json()) as { data: { orderNumber: string }[] }).data.map((r) => r.orderNumber));
  let outside = "";
  for (let n = 100001; n < 100400 && !outside; n++) if (!mine.has(`SO-${n}`)) outside = `SO-${n}`;
  await page.goto(`/pick-list?order=${outside}`);
  await expect(page.getByRole("alert")).toHaveText(/^Order not found\./);
  await expect(page.getByTestId("pick-line")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  const html = await (await page.request.get(`/pick-list?order=${outside}`)).text();
  expect(html).not.toContain('"lines"');
});

test("Pick List Check's Print waits for a loaded order", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/pick-list-check");
  await expect(page.getByRole("heading", { name: "Pick List Check" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeDisabled();
  await page.goto("/pick-list-check?order=SO-100004");
  await expect(page.getByTestId("order-number")).toHaveText("SO-100004");
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
});

test("Order Tracking's batch print waits while the list is loading", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  const rows = page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
  await expect(rows.first()).toBeVisible();
  await orderTrackingHydrated(page);
  await page.getByRole("button", { name: "Select" }).click();
  await rows.nth(0).getByRole("checkbox").check();
  const print = page.getByRole("region", { name: "Selected orders" }).getByRole("button", { name: "Print Pick Lists" });
  await expect(print).toBeEnabled();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/order-trackers?*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: /Not Delivered/ }).click();
  await expect(page.getByRole("table", { name: "Orders" }).locator("xpath=ancestor::*[@aria-busy='true']")).toHaveCount(1);
  await expect(print).toBeDisabled();
  release();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await expect(print).toBeEnabled();
});
