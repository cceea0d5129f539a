// The floor's one outbox on a 390 px phone (issue 23): a driver's step done with no signal waits on the phone
// ("1 waiting to send" in the header), reaches the server once when the signal returns; a write the server
// refuses shows "1 needs you" and the /outbox screen says why, with Try again and Discard.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectConsoleErrors, signIn, test } from "./fixtures";

test.describe.configure({ timeout: 180_000 });

type Row = { _id: number; orderNumber: string; orderStatus: string; hasDeliveryOrder?: boolean; deliveryCompletedAt?: string | null; address?: { lines: string[] } };

/** Two orders of the driver not yet out for delivery, from the middle of the list (other journeys take its ends). */
async function pickOrders(request: APIRequestContext, from = 0): Promise<[Row, Row]> {
  const res = await request.get("/api/order-trackers?limit=500&page=1");
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()) as { data: Row[] }).data.filter((r) => !r.hasDeliveryOrder && !r.deliveryCompletedAt && !/out for delivery|cancel/i.test(r.orderStatus) && (r.address?.lines.length ?? 0) > 0);
  expect(rows.length).toBeGreaterThan(5);
  const middle = Math.floor(rows.length / 2) + from;
  return [rows[middle]!, rows[middle + 1]!];
}

async function openWizard(page: Page, orderNumber: string) {
  await page.goto(`/order-tracking?searchBy=orderNumber&search=${orderNumber}`);
  await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber},`) }).first().click();
  const dialog = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Step 1 of \d/)).toBeVisible();
  return dialog;
}

/** How many times the server recorded the order going out for delivery. */
async function outForDeliveryCount(request: APIRequestContext, orderNumber: string): Promise<number> {
  const res = await request.get(`/api/order-trackers/${orderNumber}/history`);
  const body = (await res.json()) as { data: { timeline: { changes: { field: string; after: unknown }[] }[] } };
  return body.data.timeline.flatMap((t) => t.changes).filter((c) => c.after === "Out for Delivery").length;
}

test("@phone-only a step done with no signal waits in the header, is sent once, and a refused one asks the driver", async ({ page, context }) => {
  // Requests made while offline fail in the browser before the outbox keeps them; the refusal is a 422.
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch|WebSocket|\[vite\]/, /status of 422/);
  await signIn(page, "delivery-driver", "/order-tracking");
  const [sent, refused] = await pickOrders(page.request);
  const indicator = page.getByTestId("outbox-indicator");

  // No signal: the step is kept on the phone and the header says so.
  let dialog = await openWizard(page, sent.orderNumber);
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(page.getByText("Saved on this phone").first()).toBeVisible();
  await expect(indicator).toHaveText("1 waiting to send");
  await expect(indicator).toHaveAttribute("href", "/outbox");

  // The signal returns: sent once, the header says all went, the server has it once.
  await context.setOffline(false);
  await expect(indicator).toHaveText("All sent", { timeout: 20_000 });
  await expect(page.getByText(`Sent: Out for delivery: ${sent.orderNumber}`)).toBeVisible();
  await expect.poll(() => outForDeliveryCount(page.request, sent.orderNumber), { timeout: 15_000 }).toBe(1);
  await expect(indicator).toBeHidden({ timeout: 10_000 });
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Another step kept with no signal, which the server refuses when it arrives.
  dialog = await openWizard(page, refused.orderNumber);
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(indicator).toHaveText("1 waiting to send");
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await page.route("**/out-for-delivery", (route) =>
    route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ success: false, error: "Invalid input", fieldErrors: { orderStatus: ["This order was cancelled by the office."] } }) }),
  );
  await context.setOffline(false);
  await expect(indicator).toHaveText("1 needs you", { timeout: 20_000 });
  await expect(indicator).toHaveAttribute("data-tone", "needs");

  // The screen says what the server said and what the driver can do. (A toast at the top covers the header
  // while it shows, and the pointer resting on it would keep it there.)
  await page.mouse.move(195, 700);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  await indicator.click();
  await expect(page).toHaveURL(/\/outbox$/);
  const entry = page.getByTestId("outbox-entry").filter({ hasText: `Out for delivery: ${refused.orderNumber}` });
  await expect(entry).toContainText("Refused");
  await expect(entry).toContainText("The server could not accept what was entered.");
  await expect(entry).toContainText("This order was cancelled by the office.");
  await expect(entry).toContainText(/Done [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  await expect(entry.getByRole("button", { name: "Try again" })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/outbox-phone.png", fullPage: true });

  // Try again: refused again (the server has not changed its mind); Discard asks first, then it is gone.
  await entry.getByRole("button", { name: "Try again" }).click();
  await expect(indicator).toHaveText("1 needs you");
  await entry.getByRole("button", { name: "Discard" }).click();
  const confirm = page.getByRole("dialog", { name: "Discard this?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByTestId("outbox-empty")).toBeVisible();
  await expect(indicator).toBeHidden({ timeout: 10_000 });
  await page.unroute("**/out-for-delivery");
  expect(await outForDeliveryCount(page.request, refused.orderNumber)).toBe(0);
});

test("@phone-only two tabs on one phone: a step kept in one shows in both, and is sent once when the signal returns", async ({ page, context }) => {
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch|WebSocket|\[vite\]/);
  await signIn(page, "delivery-driver", "/order-tracking");
  const [order] = await pickOrders(page.request, 2);
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.getByRole("heading", { name: /Today's deliveries/ })).toBeVisible();

  const dialog = await openWizard(page, order.orderNumber);
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(page.getByText("Saved on this phone").first()).toBeVisible();
  // The other tab's header says so too (one outbox per phone, not per tab).
  await expect(page.getByTestId("outbox-indicator")).toHaveText("1 waiting to send");
  await expect(other.getByTestId("outbox-indicator")).toHaveText("1 waiting to send");

  // Both tabs see the signal return and both try to send: the phone sends it once.
  await context.setOffline(false);
  await expect(other.getByTestId("outbox-indicator").filter({ hasText: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("outbox-indicator").filter({ hasText: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => outForDeliveryCount(page.request, order.orderNumber), { timeout: 15_000 }).toBe(1);
  // Nothing more arrives later, from either tab.
  await other.reload();
  await page.waitForTimeout(1_000);
  expect(await outForDeliveryCount(page.request, order.orderNumber)).toBe(1);
});
