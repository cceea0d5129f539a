// The picking and delivery flows with a keyboard only (issue 14): every control is reached with Tab, worked
// with Enter, Space or the arrow keys, and found by the name a screen reader reads. `tabTo` fails when Tab
// never lands on the control, so a control only a pointer can reach fails the journey.
import type { Locator, Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";
import { resetLines, roomyOrders } from "./picking-helpers";
import { driverOrderFor } from "./proof-helpers";

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a picker picks in full, shorts a line with its reason and undoes 'Mark all picked' with the keyboard alone", async ({ page }) => {
  await signIn(page, "logistics-manager");
  const { orderNumber, lines } = (await roomyOrders(page))[isPhone(page) ? 5 : 6]!;
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByTestId("room-status")).toHaveText("Live");
  await resetLines(page);
  const rows = page.getByTestId("pick-line");
  const first = rows.nth(0);
  const second = rows.nth(1);
  const secondId = await second.getAttribute("data-line-id");
  const need = lines.find((l) => l.lineItemId === secondId)!.quantity;

  await page.locator("body").focus();
  const inFull = first.getByRole("button", { name: /^In Full \(\d+\)$/ });
  await tabTo(page, inFull);
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("data-status", "Picked");

  await tabTo(page, second.getByRole("button", { name: "Short" }));
  await page.keyboard.press("Enter");
  await tabTo(page, second.getByRole("button", { name: "0", exact: true }));
  await page.keyboard.press("Enter");
  const reason = second.getByRole("combobox", { name: "Reason" });
  await tabTo(page, reason);
  await page.keyboard.press("ArrowDown");
  await expect(reason).not.toHaveValue("");
  await tabTo(page, second.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("data-status", "Issue");
  await expect(second).toContainText(`Picked 0 • Short ${need}`);

  // 'Mark all picked' with Space, confirmed with Enter, undone with Enter.
  await tabTo(page, page.getByRole("checkbox", { name: "Mark all picked" }), 80);
  await page.keyboard.press("Space");
  const confirm = page.getByRole("dialog", { name: "Mark all picked?" });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole("button", { name: "Mark all picked" }), 10);
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid=pick-line][data-status="Picked"]')).toHaveCount(lines.length);
  await tabTo(page, page.getByTestId("undo-bar").getByRole("button", { name: "Undo" }), 80);
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("data-status", "Issue");
  await expect(page.locator('[data-testid=pick-line][data-status="Picked"]')).toHaveCount(1);
});

test("a driver delivers an order with the keyboard alone, signing with a typed name", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "delivery-driver", "/order-tracking");
  // An order no other journey takes (proof-helpers.ts: the middle of number class 2).
  const orderNumber = await driverOrderFor(page.request, 2, "middle");

  await page.goto(`/order-tracking?searchBy=orderNumber&search=${orderNumber}`);
  const opener = page.getByRole("button", { name: orderNumber, exact: true }).first();
  await page.locator("body").focus();
  await tabTo(page, opener, 120);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByRole("button", { name: "Mark Out for Delivery" }));
  await page.keyboard.press("Enter");
  // The issue step (a desktop shows the steps as pills).
  await expect(dialog.getByText("Anything wrong at the door")).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Skip" }));
  await page.keyboard.press("Enter");

  await tabTo(page, dialog.getByLabel(/Receiver name/));
  await page.keyboard.type("Kay Board");
  // No pointer to draw with: the receiver name already typed signs the pad (it is not asked for twice, issue 24).
  await tabTo(page, dialog.getByText("Can't draw? Type the name to sign"));
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("textbox", { name: /Name to sign/ })).toHaveCount(0);
  await tabTo(page, dialog.getByRole("button", { name: "Sign as Kay Board" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("img", { name: /\(signed\)$/ })).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Complete Delivery" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Delivery completed. Opening Delivery Order…")).toBeVisible();
  const meta = await page.request.get(`/api/delivery/${orderNumber}/meta`);
  expect(((await meta.json()) as { data: { hasDeliveryOrder: boolean; signedByName: string | null } }).data).toMatchObject({ hasDeliveryOrder: true, signedByName: "Kay Board" });
  await page.screenshot({ path: "tests/e2e/.screens/keyboard-delivery-desktop.png" });
});
