// Accessibility and fit (issue 14): one walk over every main screen (the table in screens.ts) at 390 px and
// 1280 px, as the role that uses it: axe-core finds no serious or critical violation (lesser ones are printed
// in the report as annotations), and the screen fits (fit-checks.ts: no sideways scroll, nothing cut off, 44 px
// targets on a phone). One visit does both, so the walk signs in and opens each screen once.
// Each audited screen is also photographed to tests/e2e/.screens/a11y-<screen>-<width>.png.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";
import { expectFits } from "./fit-checks";
import { deliveredProofPath, driverOrderFor } from "./proof-helpers";
import { openScreen, orders, SCREENS } from "./screens";

async function audit(page: Page, screen: string) {
  await page.screenshot({ path: `tests/e2e/.screens/a11y-${screen.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${isPhone(page) ? "390" : "1280"}.png`, fullPage: !isPhone(page) });
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of result.violations.filter((x) => !blocking.includes(x))) {
    test.info().annotations.push({ type: `axe ${v.impact}`, description: `${screen}: ${v.id} (${v.nodes.length})` });
  }
  const lines = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(lines, `${screen} at ${isPhone(page) ? "390" : "1280"} px`).toEqual([]);
}

test("the sign-in page", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /sign in with google/i })).toBeVisible();
  await audit(page, "login");
});

for (const screen of SCREENS) {
  test(`${screen.name}${screen.role ? ` as ${screen.role}` : ", signed out"}: axe and fit`, async ({ page }) => {
    await openScreen(page, screen);
    await audit(page, screen.name);
    await expectFits(page);
  });
}

test("the order detail dialog", async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  await orders(page).first().getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await audit(page, "order detail");
});

test("the delivery wizard's photo and signature steps, as a driver", async ({ page }) => {
  await signIn(page, "delivery-driver", "/order-tracking");
  // This order goes out for delivery and is left there, not completed.
  const order = { orderNumber: await driverOrderFor(page.request, isPhone(page) ? 0 : 1, "highest") };
  await page.goto(`/order-tracking?searchBy=orderNumber&search=${order.orderNumber}`);
  await expect(page).toHaveURL(/\/order-tracking$/);
  const opener = isPhone(page) ? page.getByRole("button", { name: new RegExp(`^Open order ${order.orderNumber},`) }) : page.getByRole("button", { name: order.orderNumber, exact: true });
  await opener.first().click();
  const dialog = page.getByRole("dialog", { name: `Order #${order.orderNumber}` });
  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(page.getByText("Order marked out for delivery")).toBeVisible();
  await expect(dialog.locator("input#issue-photo")).toBeAttached();
  await page.waitForLoadState("networkidle");
  await audit(page, "delivery wizard photo step");
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog.getByLabel(/Receiver name/)).toBeVisible();
  await expect(dialog.getByTestId("signature-pad")).toBeVisible();
  await audit(page, "delivery wizard signature step");
});

test("the customer's delivery proof page", async ({ page, browser }) => {
  await page.goto(await deliveredProofPath(browser, isPhone(page) ? 0 : 1));
  await expect(page.getByRole("heading", { level: 1, name: "Proof of delivery" })).toBeVisible();
  await expect(page.getByTestId("proof-order")).not.toBeEmpty();
  await page.waitForLoadState("networkidle");
  await audit(page, "delivery proof");
  await expectFits(page);
});
