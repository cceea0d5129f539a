// Batch print is one document (issue 24): the logistics manager selects orders at 1280 px, prints, and one merged
// PDF opens once in the in-app viewer with Print and Download; no hidden frame per order. (Selection is a desktop
// mode, spec 001 §7: the phone list has no batch bar.)
import type { Page } from "@playwright/test";
import { viewerText } from "./documents-helpers";
import { expect, signIn, test } from "./fixtures";

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/.screens/batch-print-${name}.png` });

test("desktop: two selected pick lists open as one PDF in the viewer, once", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  const rows = page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
  await expect(rows.first()).toBeVisible();
  await page.getByRole("button", { name: "Select" }).click();
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  const numbers = await Promise.all([0, 1].map(async (i) => (await rows.nth(i).getByRole("checkbox").getAttribute("aria-label"))!.replace(/^Select /, "")));

  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/release-order") || r.url().includes("/api/order-trackers/pick-lists")) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByRole("region", { name: "Selected orders" }).getByRole("button", { name: "Print Pick Lists" }).click();

  test.setTimeout(120_000);
  const { viewer, text } = await viewerText(page, "Pick lists (2)");
  for (const n of numbers) expect(text).toContain(n);
  expect(text.match(/RELEASE ORDER \/ PICK LIST/g)?.length).toBeGreaterThanOrEqual(2);
  await expect(viewer.getByRole("img", { name: /^Page 2 of \d+$/ })).toBeVisible();
  expect(calls).toEqual(["POST /api/order-trackers/pick-lists"]);
  await expect(page.locator("iframe")).toHaveCount(0);
  await shot(page, "viewer-desktop");
});
