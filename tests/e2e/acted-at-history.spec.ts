// The order history tells when a queued floor write happened (issue 23, decision 040): a driver's out-for-delivery
// acted two hours before it reached the server shows at its acted time, "· sent from the phone at …".
import type { Page } from "@playwright/test";
import { expect, isPhone, openSession, ACCOUNTS, signIn, test } from "./fixtures";

// The dev server compiles Order Tracking and its dialogs on first use: slow on a shared machine.
test.describe.configure({ timeout: 180_000 });

type Row = { _id: number; orderNumber: string; orderStatus: string; hasDeliveryOrder?: boolean; deliveryCompletedAt?: string | null };

async function openOrder(page: Page, orderNumber: string) {
  await page.getByLabel("Search by").selectOption("orderNumber");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
  if (isPhone(page)) await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber}`) }).click();
  else await page.getByRole("button", { name: orderNumber, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a step sent late from the phone shows when it happened and when it was sent", async ({ page }) => {
  await openSession(page, ACCOUNTS["delivery-driver"]);
  const list = await page.request.get("/api/order-trackers?limit=500&page=1");
  expect(list.ok()).toBe(true);
  const rows = ((await list.json()) as { data: Row[] }).data.filter((r) => !r.hasDeliveryOrder && !r.deliveryCompletedAt && !/out for delivery|cancel/i.test(r.orderStatus));
  const order = rows[test.info().project.name === "phone" ? 0 : rows.length - 1]!;
  // Ten minutes ago: after the seed made the order (its creation bounds the phone's time), well over a minute
  // before the receipt.
  const acted = new Date(Date.now() - 10 * 60_000);
  const sent = await page.request.post(`/api/delivery/${order._id}/out-for-delivery`, { data: {}, headers: { "X-Acted-At": acted.toISOString() } });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { data: { outForDeliveryAt: string } }).data.outForDeliveryAt).toBe(acted.toISOString());

  await page.context().clearCookies();
  await signIn(page, "admin", "/order-tracking");
  const dialog = await openOrder(page, order.orderNumber);
  await dialog.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: `History — ${order.orderNumber}` });
  // The entry where it went out for delivery: another journey may complete the same order meanwhile (a newer entry).
  const entry = history.getByRole("listitem").filter({ hasText: /→ Out for Delivery/ }).first();
  // The date is said too when it was sent on another day than it happened (a run across midnight).
  await expect(entry).toContainText(/ · sent from the phone at (\w{3} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}\s?[AP]M/);
  await expect(entry.locator("time").first()).toHaveAttribute("datetime", acted.toISOString());
  await page.screenshot({ path: `tests/e2e/.screens/acted-at-history-${isPhone(page) ? "phone" : "desktop"}.png` });
});
