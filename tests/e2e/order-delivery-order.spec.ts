// The order detail opens the delivery order (issue 8: "open the BOL, Will Call and delivery order"): for a
// delivery order not yet delivered, the server's 'Delivery Order not available' is shown, not swallowed.
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";

test("the office opens a delivery order from the order detail, or is told it is not there yet", async ({ page }) => {
  expectConsoleErrors(/status of 404 .*\/api\/delivery\/\d+\/do/);
  await signIn(page, "logistics-manager", "/order-tracking");
  // An open NY/NJ Delivery order (never delivered in the seed's open statuses).
  const body = (await (await page.request.get("/api/order-trackers?page=1&limit=100&orderType=NY%2FNJ%20Delivery&orderStatus=Picking")).json()) as { data: { orderNumber: string }[] };
  expect(body.data.length, "open NY/NJ Delivery orders in the e2e seed").toBeGreaterThan(0);
  const orderNumber = body.data[isPhone(page) ? 0 : Math.min(1, body.data.length - 1)]!.orderNumber;
  await page.getByLabel("Search by").selectOption("orderNumber");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
  if (isPhone(page)) await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber}`) }).click();
  else await page.getByRole("button", { name: orderNumber, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await dialog.getByRole("button", { name: "Open Delivery Order" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Delivery Order not available" })).toBeVisible();
});
