// Order Tracking's first screen (decision 045): a warehouse employee's document brings the first 50 rows of her
// page of 500, and the rest is asked only when she scrolls toward the end of them (not at hydration, where reading
// and drawing 500 rows blocked the main thread); a search asks for its own page. Text typed in the search box
// before the page's script runs is kept and searched.
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, holdScripts, hydratedBoxes, isPhone, openSession, signIn, slowScripts, test } from "./fixtures";

function orderItems(page: Page) {
  return isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
}

/** The list requests the screen makes (not the bell's task poll, which sends no `light`). */
function listRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/order-trackers" && url.searchParams.get("light") === "true") asked.push(url.search);
  });
  return asked;
}

test("a warehouse employee's rest of the page is asked when she scrolls toward the end of the first screen", async ({ page }) => {
  const asked = listRequests(page);
  await signIn(page, "warehouse-employee", "/order-tracking");
  await expect(orderItems(page).first()).toBeVisible();
  const page500 = ((await (await page.request.get("/api/order-trackers?page=1&limit=500&light=true")).json()) as { data: { orderNumber: string }[] }).data;
  expect(page500.length, "the warehouse employee's orders in the e2e seed").toBeGreaterThan(60);
  // Hydrated (the list's boxes wait for the script) and idle: still nothing asked.
  await hydratedBoxes(page);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  expect(await orderItems(page).count()).toBeLessThanOrEqual(50);

  // Scrolling toward the end of the first screen asks for the whole page once, and its 51st order can be reached.
  const beyond = page500[55]!.orderNumber;
  for (let i = 0; i < 60 && !(await page.getByText(beyond, { exact: true }).isVisible().catch(() => false)); i++) {
    await page.mouse.wheel(0, 1500);
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  }
  await expect(page.getByText(beyond, { exact: true }).first()).toBeVisible();
  expect(asked.filter((q) => /limit=500/.test(q) && /page=1/.test(q))).toHaveLength(1);
});

test("a warehouse employee's search before any scroll asks for its own page, not the rest", async ({ page }) => {
  const asked = listRequests(page);
  await signIn(page, "warehouse-employee", "/order-tracking");
  await hydratedBoxes(page);
  const [first] = ((await (await page.request.get("/api/order-trackers?page=1&limit=60&light=true")).json()) as { data: { orderNumber: string }[] }).data.slice(-1);
  // Customer or order # (the default field): only the typed text changes the query.
  await page.getByRole("searchbox", { name: "Search orders" }).fill(first!.orderNumber);
  await expect(orderItems(page).filter({ hasText: first!.orderNumber })).toHaveCount(1);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(`search=${first!.orderNumber}`);
});

test("text typed in the search box before the page's script runs is kept and searched", async ({ page }) => {
  await openSession(page, ACCOUNTS["logistics-manager"]);
  await slowScripts(page);
  await page.goto("/order-tracking", { waitUntil: "commit" });
  const box = page.getByRole("searchbox", { name: "Search orders" });
  await box.fill("SO-100005");
  await hydratedBoxes(page);
  await expect(box).toHaveValue("SO-100005");
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page).first()).toContainText("SO-100005");
});

test("a search field chosen and text typed before the page's script runs are both kept and searched", async ({ page }) => {
  await openSession(page, ACCOUNTS["logistics-manager"]);
  const scripts = await holdScripts(page);
  await page.goto("/order-tracking", { waitUntil: "commit" });
  await page.getByLabel("Search by").selectOption({ label: "Order #" });
  const box = page.getByRole("searchbox", { name: "Search orders" });
  await box.fill("SO-100005");
  scripts.release();
  // Once the script runs the choice stands: the box says what it searches, and the list holds that order only.
  await expect(page.getByRole("searchbox", { name: "Search orders" })).toHaveAttribute("placeholder", "Search by order #…");
  await expect(page.getByLabel("Search by")).toHaveValue("orderNumber");
  await expect(box).toHaveValue("SO-100005");
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page).first()).toContainText("SO-100005");
});
