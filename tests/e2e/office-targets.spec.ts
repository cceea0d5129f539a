// Issue 24's office targets at 1280 px too (fit.spec holds every phone target to 44 px): Products' 'Remove barcode'
// (was 32 px) and Short Reasons' 'Move up/down' (was 36-38 px) are 44 × 44 px at a desktop's width as well.
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

async function expectTargets(page: Page, buttons: Locator) {
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.width, await button.getAttribute("aria-label") ?? "").toBeGreaterThanOrEqual(44 - 0.5);
    expect(box.height, await button.getAttribute("aria-label") ?? "").toBeGreaterThanOrEqual(44 - 0.5);
  }
  await page.screenshot({ path: `tests/e2e/.screens/office-targets-${new URL(page.url()).pathname.split("/").pop()}-desktop.png` });
}

test("Products' Remove barcode is a 44 px target at 1280 px", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "admin", "/admin/access/products");
  await expectTargets(page, page.getByRole("button", { name: /^Remove barcode / }));
});

test("Short Reasons' Move up and Move down are 44 px targets at 1280 px", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "admin", "/admin/access/short-reasons");
  await expectTargets(page, page.getByRole("button", { name: /^Move .+ (up|down)$/ }));
});
