// The warehouse employee's 500-row page (issue 14) is a virtual list: only the rows near the viewport are in
// the DOM, scrolling brings the others, and the page is not one live row per order tall.
import { expect, isPhone, signIn, test } from "./fixtures";

test("a warehouse employee's long page keeps few rows in the DOM and scrolls through all of them", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  const total = ((await (await page.request.get("/api/order-trackers?page=1&limit=500")).json()) as { data: { orderNumber: string }[] }).data;
  // The e2e seed gives the warehouse employee more than 100 orders (the list is virtual from 100): fewer is a failure.
  expect(total.length, "the warehouse employee's orders in the e2e seed").toBeGreaterThanOrEqual(100);
  const rows = isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr[data-index]");
  await expect(rows.first()).toBeVisible();
  const inDom = await rows.count();
  expect(inDom).toBeLessThan(60);
  expect(inDom).toBeGreaterThan(5);
  // The last order is reachable by scrolling the page.
  const last = total[total.length - 1]!.orderNumber;
  for (let i = 0; i < 80 && !(await page.getByText(last, { exact: true }).isVisible().catch(() => false)); i++) {
    await page.mouse.wheel(0, 2500);
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  }
  await expect(page.getByText(last, { exact: true }).first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);
});
