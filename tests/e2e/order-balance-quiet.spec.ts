// QuickBooks in the order detail is quiet when it is not connected (issue 24): the loader says so, the detail
// makes no /api/qb call, one compact line fits the Customer card, 'Connect QuickBooks' only for viewers the server
// says may connect. Needs a database where no admin has connected the sandbox yet (order-balance.spec connects it), so
// it runs in the "first" projects, before every other journey (playwright.config.ts).
import type { Page } from "@playwright/test";
import { expect, isPhone, signIn, test, type RoleName } from "./fixtures";

async function openFirstOrder(page: Page, role: RoleName) {
  await signIn(page, role, "/order-tracking");
  if (isPhone(page)) await page.getByRole("list", { name: "Orders" }).getByRole("button", { name: /^Open order / }).first().click();
  else await page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])").first().click();
  const dialog = page.getByRole("dialog", { name: /^Order SO-/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

function watchQuickBooks(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/qb/")) calls.push(r.url());
  });
  return calls;
}

test("a sales rep sees one quiet line, no Connect, and no QuickBooks call", async ({ page }) => {
  const calls = watchQuickBooks(page);
  const dialog = await openFirstOrder(page, "sales-rep");
  const balance = dialog.getByTestId("customer-balance");
  await expect(balance).toHaveText(/QuickBooks is not connected\.\s*Ask an admin to connect QuickBooks\./);
  await expect(balance.getByRole("link", { name: "Connect QuickBooks" })).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);
  await page.screenshot({ path: `tests/e2e/.screens/order-balance-quiet-sales-${isPhone(page) ? "phone" : "desktop"}.png` });
});

test("an admin is offered Connect QuickBooks, inside the Customer card", async ({ page }) => {
  const calls = watchQuickBooks(page);
  const dialog = await openFirstOrder(page, "admin");
  const balance = dialog.getByTestId("customer-balance");
  await expect(balance).toContainText("QuickBooks is not connected.");
  const connect = balance.getByRole("link", { name: "Connect QuickBooks" });
  await expect(connect).toBeVisible();
  // Measured in one go in the page: the link's right edge inside its card's (it spilled out at 1280 px).
  const fit = await connect.evaluate((el) => {
    const link = el.getBoundingClientRect();
    const card = el.closest(".rounded-xl")!.getBoundingClientRect();
    return { inside: link.right <= card.right + 0.5, height: link.height };
  });
  expect(fit.inside).toBe(true);
  if (isPhone(page)) expect(fit.height).toBeGreaterThanOrEqual(44 - 0.5);
  expect(calls).toEqual([]);
  await balance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `tests/e2e/.screens/order-balance-quiet-admin-${isPhone(page) ? "phone" : "desktop"}.png` });
});
