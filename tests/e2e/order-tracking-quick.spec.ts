// A KPI tile's link lands on Order Tracking with its quick filter applied and shown as a removable chip;
// the warehouse employee, who may not see trucking, gets no awaiting-trucking tile at all.
import type { Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";

const KPI = (page: Page) => page.getByRole("region", { name: "Order figures" });

test("a quick filter from the URL is applied, shown as a chip, and cleared by its button", async ({ page }) => {
  // Clearing the entry query asks the server for nothing: neither the layout's data nor the page's (decision 045).
  const dataRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) dataRequests.push(r.url());
  });
  await signIn(page, "logistics-manager", "/order-tracking?quick=notDelivered");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const chip = page.getByText("Showing: Not Delivered");
  await expect(chip).toBeVisible();
  await expect(KPI(page).getByRole("button", { name: /Not Delivered/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/order-tracking$/); // the entry query is applied, then cleared (spec 001 §2)
  expect(dataRequests).toEqual([]);
  await page.screenshot({ path: `tests/e2e/.screens/order-tracking-quick-chip-${isPhone(page) ? "phone" : "desktop"}.png` });
  await page.getByRole("button", { name: "Clear quick filter" }).click();
  await expect(chip).toHaveCount(0);
  await expect(KPI(page).getByRole("button", { name: /Not Delivered/ })).toHaveAttribute("aria-pressed", "false");
});

test("a warehouse employee sees no awaiting-trucking tile, the field being hidden from her", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/order-tracking");
  await expect(KPI(page).getByRole("button", { name: /Orders Today/ })).toBeVisible();
  await expect(KPI(page).getByRole("button", { name: /Awaiting Trucking/ })).toHaveCount(0);
});
