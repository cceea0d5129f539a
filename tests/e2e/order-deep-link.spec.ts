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

// Issue 24: the link opens the order as the viewer's own row would, for every role that may see it, at both
// widths. The orders are picked from the viewer's own list (her assigned orders, his stops' warehouse).
test("a warehouse employee's link to one of her orders opens its Warehouse Capture", async ({ page }) => {
  // Signed in on home: the link is then a real page load of Order Tracking, as from a task or activity link.
  await signIn(page, "warehouse-employee", "/");
  const res = await page.request.get("/api/order-trackers?limit=50&page=1");
  const { data } = (await res.json()) as { data: { orderNumber: string }[] };
  const orderNumber = data.at(-1)!.orderNumber;
  await page.goto(`/order-tracking#order-${orderNumber}`);
  const capture = page.getByRole("dialog", { name: `Warehouse Capture — ${orderNumber}` });
  await expect(capture).toBeVisible();
  await expect(page.getByRole("dialog", { name: `Order ${orderNumber}` })).toHaveCount(0);
  await page.screenshot({ path: `tests/e2e/.screens/deep-link-warehouse-${test.info().project.name}.png` });
  await capture.getByRole("button", { name: "Close" }).first().click();
  await expect(capture).toBeHidden();
  // Closed, it stays closed (the link opens it once).
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  await expect(capture).toBeHidden();
});

test("a driver's link to one of his orders opens the delivery wizard", async ({ page }) => {
  await signIn(page, "delivery-driver", "/return-forms");
  const res = await page.request.get("/api/order-trackers?limit=50&page=1");
  const { data } = (await res.json()) as { data: { orderNumber: string }[] };
  const orderNumber = data.at(-1)!.orderNumber;
  await page.goto(`/order-tracking#order-${orderNumber}`);
  const wizard = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await expect(wizard).toBeVisible();
  await page.screenshot({ path: `tests/e2e/.screens/deep-link-driver-${test.info().project.name}.png` });
});
