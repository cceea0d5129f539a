// The order detail's QuickBooks balance (spec 001): an admin connects the local sandbox once, then an
// order's customer shows its balance, or 'Not found' when QuickBooks has no such customer.
import { expect, signIn, test } from "./fixtures";
import { connectUnlessConnected } from "./quickbooks-helpers";

test("an order's detail shows the customer's QuickBooks balance @desktop-only", async ({ page, context }) => {
  await signIn(page, "admin", "/quickbooks-customers");
  await connectUnlessConnected(page, context);
  await page.goto("/order-tracking");
  const first = page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])").first();
  await expect(first).toBeVisible();
  await first.click();
  const balance = page.getByTestId("customer-balance");
  await expect(balance).toContainText(/\$[\d,]+\.\d\d|Not found/);
  await page.screenshot({ path: "tests/e2e/.screens/order-balance-desktop.png" });
});
