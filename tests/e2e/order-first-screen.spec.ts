// Order Tracking's first screen (decision 045): a warehouse employee's document brings the first 50 rows of her
// page of 500, and the rest is asked only when she scrolls toward the end of them (not at hydration, where reading
// and drawing 500 rows blocked the main thread); a search asks for its own page. Text typed in the search box
// before the page's script runs is kept and searched.
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, isPhone, openSession, signIn, test } from "./fixtures";

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
  // Hydrated (the search field selector waits for the script) and idle: still nothing asked.
  await expect(page.getByLabel("Search by")).toBeEnabled();
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
  await expect(page.getByLabel("Search by")).toBeEnabled();
  const [first] = ((await (await page.request.get("/api/order-trackers?page=1&limit=60&light=true")).json()) as { data: { orderNumber: string }[] }).data.slice(-1);
  // Customer or order # (the default field): only the typed text changes the query.
  await page.getByRole("searchbox", { name: "Search orders" }).fill(first!.orderNumber);
  await expect(orderItems(page).filter({ hasText: first!.orderNumber })).toHaveCount(1);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(`search=${first!.orderNumber}`);
});

/** The page's scripts arrive late, as on a slow phone: what is typed first lands in the server's HTML. */
async function slowScripts(page: Page) {
  await page.route(/\.(m?js|tsx?)(\?|$)/, async (route) => {
    if (route.request().resourceType() === "script") await new Promise((done) => setTimeout(done, 400));
    await route.continue();
  });
}

test("text typed in the search box before the page's script runs is kept and searched", async ({ page }) => {
  await openSession(page, ACCOUNTS["logistics-manager"]);
  await slowScripts(page);
  await page.goto("/order-tracking", { waitUntil: "commit" });
  const box = page.getByRole("searchbox", { name: "Search orders" });
  await box.fill("SO-100005");
  // Typed while the script was still on its way (the field selector waits for it).
  expect(await page.getByLabel("Search by").isDisabled()).toBe(true);
  await expect(page.getByLabel("Search by")).toBeEnabled();
  await expect(box).toHaveValue("SO-100005");
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page).first()).toContainText("SO-100005");
});
