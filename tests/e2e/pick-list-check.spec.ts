// Pick List Check as the warehouse picker: load an order, Match a line, filter to issues, and get the
// restore prompt for saved progress after a reload.
import type { Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";
import { ordersWhere } from "./picking-helpers";

/**
 * An order of hers no picking journey takes (they take orders of five lines or more: picking.spec.ts,
 * picking-helpers.ts), one per width: the check starts from an order's saved picks, so one picked elsewhere
 * would not start at 0.
 */
async function quietOrder(page: Page): Promise<string> {
  const index = isPhone(page) ? 0 : 1;
  const found = await ordersWhere(page, (o) => o.lines.length >= 2 && o.lines.length <= 4, index + 1);
  if (found.length <= index) throw new Error("the e2e seed needs two orders of 2 to 4 lines in the warehouse employee's scope");
  return found[index]!.orderNumber;
}

test("a picker checks an order's lines and restores saved progress after a reload", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/pick-list-check");
  await expect(page.getByRole("heading", { name: "Pick List Check" })).toBeVisible();
  const orderNumber = await quietOrder(page);

  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByRole("button", { name: "Load" }).click();
  await expect(page).toHaveURL(new RegExp(`order=${orderNumber}`));
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
  await expect(page.getByText("PICK", { exact: true })).toBeVisible();

  const lines = page.getByTestId("check-line");
  const count = await lines.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByTestId("done-count")).toHaveText(`0/${count}`);
  for (const tone of await page.getByTestId("on-hand").evaluateAll((els) => els.map((e) => e.getAttribute("data-tone")))) {
    expect(["red", "amber", "green", "grey"]).toContain(tone);
  }

  // Match the first line: picked = ordered, status ok, the line is done.
  const first = lines.first();
  await first.getByRole("button", { name: "Match" }).click();
  await expect(first).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("done-count")).toHaveText(`1/${count}`);

  // Minus cannot go below 0; a short pick on the last line becomes an issue.
  const last = lines.last();
  const sku = await last.getAttribute("data-sku");
  await expect(last.getByRole("button", { name: /Decrease picked/ })).toBeDisabled();
  await last.getByRole("button", { name: /Increase picked/ }).click();
  if (count > 1) {
    await expect(last).toHaveAttribute("data-status", /short|ok/);
    await last.getByLabel(/^Status /).selectOption("short");
    await page.getByLabel("Issues only").check();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveAttribute("data-sku", sku!);
    await page.getByLabel("Issues only").uncheck();
  }
  await page.getByLabel("Picker name").fill("Wendy Warehouse");
  // Autosave runs 400 ms after the last change.
  await expect(page.getByText("Saved on this device")).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.stringify(window.localStorage))).toContain("Wendy Warehouse");
  await page.screenshot({ path: `tests/e2e/.screens/pick-list-check-${page.viewportSize()!.width}.png`, fullPage: false });

  await page.reload();
  await expect(page.getByText("Found saved progress for this order. Restore it?")).toBeVisible();
  await expect(page.getByTestId("done-count")).toHaveText(`0/${count}`);
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Found saved progress for this order. Restore it?")).toBeHidden();
  await expect(page.getByTestId("done-count")).toHaveText(`1/${count}`);
  await expect(page.getByLabel("Picker name")).toHaveValue("Wendy Warehouse");

  await page.reload();
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Found saved progress for this order. Restore it?")).toBeHidden();
  await expect(page.getByTestId("done-count")).toHaveText(`0/${count}`);
});

test("an unknown order shows the server's error", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/pick-list-check?order=SO-999999");
  await expect(page.getByRole("alert")).toHaveText("Order not found");
});

test("the check starts from the order's saved picks, names who picked it and writes dates as the product does", async ({ page }) => {
  await signIn(page, "warehouse-employee", "/pick-list-check");
  // An order saved in full through the picking screen's own call (each width takes its own order).
  // Small NY-MAIN orders far from the ones the picking journeys use (they take the first ones with many lines).
  type Order = { orderNumber: string; warehouseLocation?: string; lines: { lineItemId: string; sku: string; description: string; quantity: number }[] };
  const found: Order[] = [];
  for (let n = 100150; n < 100300 && found.length < 2; n++) {
    const res = await page.request.get(`/api/sales-orders/by-order-number/SO-${n}?include=lines`);
    if (!res.ok()) continue;
    const body = (await res.json()) as Order;
    if (body.warehouseLocation === "NY-MAIN" && body.lines.length > 0 && body.lines.length < 8) found.push(body);
  }
  const order = found[page.viewportSize()!.width < 600 ? 0 : 1]!;
  const orderNumber = order.orderNumber;
  const saved = await page.request.post(`/api/picklists/${orderNumber}/verify`, {
    headers: { "Idempotency-Key": `check-${orderNumber}-${Date.now()}` },
    data: { pickedItems: order.lines.map((l) => ({ lineItemId: l.lineItemId, sku: l.sku, name: l.description, status: "Picked", quantity: l.quantity, quantityPicked: l.quantity, note: "" })), actor: "user", note: "" },
  });
  expect(saved.ok()).toBe(true);

  await page.goto(`/pick-list-check?order=${orderNumber}`);
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
  const count = order.lines.length;
  await expect(page.getByTestId("done-count")).toHaveText(`${count}/${count}`);
  await expect(page.getByLabel("Picker name")).not.toHaveValue("");
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2}$/)).toHaveCount(0);
  await page.screenshot({ path: `tests/e2e/.screens/pick-list-check-saved-${page.viewportSize()!.width}.png`, fullPage: false });
});
