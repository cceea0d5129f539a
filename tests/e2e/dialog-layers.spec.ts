// Dialogs behave (issue 14): Escape closes only the top-most layer (Select Paid Method, not the edit under
// it), and on a phone Back closes one layer too: History first, then the order (issue 24).
import { expect, isPhone, signIn, test } from "./fixtures";

async function openOrder(page: import("@playwright/test").Page, orderNumber: string) {
  await signIn(page, "logistics-manager", "/order-tracking");
  await page.getByLabel("Search by").selectOption("orderNumber");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
  if (isPhone(page)) await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber}`) }).click();
  else await page.getByRole("button", { name: orderNumber, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("Escape in 'Select Paid Method' closes that dialog only; the edit and its choices stay", async ({ page }) => {
  const dialog = await openOrder(page, isPhone(page) ? "SO-100022" : "SO-100021");
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  // A payment other than the order's own, so the edit has a change in it.
  const choice = (await dialog.getByRole("radio", { name: "Net 30" }).getAttribute("aria-checked")) === "true" ? "Invoice-To-Invoice" : "Net 30";
  await dialog.getByRole("radio", { name: choice }).click();
  await dialog.getByRole("radio", { name: /^Paid/ }).click();
  const paid = page.getByRole("dialog", { name: "Select Paid Method" });
  await expect(paid).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(paid).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Step 1 of \d: Payment/)).toBeVisible();
  await expect(dialog.getByRole("radio", { name: choice })).toHaveAttribute("aria-checked", "true");
  // A second Escape would leave the edit with a change in it: it asks first, in the app's own dialog. Declined, the edit stays.
  const discard = page.getByRole("dialog", { name: "Discard your changes to this order?" });
  await page.keyboard.press("Escape");
  await expect(discard).toBeVisible();
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(discard).toBeHidden();
  await expect(dialog.getByRole("radio", { name: choice })).toHaveAttribute("aria-checked", "true");
  // Accepted, the order closes.
  await page.keyboard.press("Escape");
  await discard.getByRole("button", { name: "Discard changes" }).click();
  await expect(dialog).toBeHidden();
});

test("Back with the order's history open closes History only, as Escape does; a second Back closes the order", { tag: "@phone-only" }, async ({ page }) => {
  const dialog = await openOrder(page, "SO-100024");
  await dialog.getByRole("button", { name: /history/i }).first().click();
  const history = page.getByRole("dialog", { name: /History/ });
  await expect(history).toBeVisible();
  await page.goBack();
  await expect(history).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/dialog-layers-back-history-phone.png" });
  // History's own Close also takes its entry back: one more Back then closes the order.
  await dialog.getByRole("button", { name: /history/i }).first().click();
  await expect(history).toBeVisible();
  await history.getByRole("button", { name: "Close" }).click();
  await expect(history).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
});

test("the search field has one clear button", async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  const box = page.getByRole("searchbox", { name: "Search orders" });
  await box.fill("rice");
  await expect(page.getByRole("button", { name: "Clear search" })).toHaveCount(1);
  // The browser's own cancel cross is not drawn (a stylesheet rule hides it for every search field).
  const hidden = await box.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((r) => r instanceof CSSStyleRule && r.selectorText.includes("::-webkit-search-cancel-button") && r.style.display === "none");
      } catch {
        return false;
      }
    }),
  );
  expect(hidden).toBe(true);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toHaveValue("");
});
