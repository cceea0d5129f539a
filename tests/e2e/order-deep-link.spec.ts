// Deep links (issue 14): '/order-tracking#order-{orderNumber}' opens that order, whether the order is on the
// first page or not, on a phone and a desktop, also when the link is followed before signing in. Closing it
// stays on Order Tracking with the hash gone.
import { ACCOUNTS, expect, signIn, signInAs, test } from "./fixtures";

test("a shared link opens its order, through sign-in, and closing it stays on the list", async ({ page }) => {
  // SO-100001 is the oldest order: never on the first page (newest first). The link is followed signed out,
  // so the hash has to survive the real sign-in round trip (not the direct session the other journeys use).
  await page.goto("/order-tracking#order-SO-100001");
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, ACCOUNTS["logistics-manager"]);
  await expect(page).toHaveURL(/\/order-tracking/);
  const dialog = page.getByRole("dialog", { name: "Order SO-100001" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/order-tracking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
});

test("a link to an order the viewer cannot see says so", async ({ page }) => {
  await signIn(page, "sales-rep", "/order-tracking#order-SO-999999");
  await expect(page.getByText("Order SO-999999 not found")).toBeVisible();
});
