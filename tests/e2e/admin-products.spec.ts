// Admin Products & Barcodes and Short Reasons (issue 13) at 390 and 1280 px: reached from the admin rail (or
// the phone's menu), a wrong check digit refused in place, a barcode added and removed, a code already on
// another SKU refused with the server's 409 text, a bin saved; a short reason added with its action, moved
// and deactivated. Phone and desktop run at once against one database, so each edits its own SKU and reason.
import type { Page } from "@playwright/test";
import { PRODUCTS, productCodesAt } from "../../db/seed-data";
import { gs1CheckDigit } from "../../app/domain/picking/barcodes";
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const width = (page: Page) => (isPhone(page) ? "390" : "1280");

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/.screens/admin-products-${name}-${width(page)}.png`, fullPage: true });
}

async function openAdminScreen(page: Page, title: string) {
  if (isPhone(page)) await page.getByRole("button", { name: "Show Admin Menu" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

/** A valid UPC-A no seeded product has (0998… prefix), different per run and project. */
function freshUpc(page: Page) {
  const body = `0998${width(page).slice(0, 1)}${Date.now().toString().slice(-6)}`;
  return body + gs1CheckDigit(body);
}

test("an admin adds and removes a barcode, sets a bin, and is told why a code is refused", async ({ page }) => {
  const index = isPhone(page) ? 12 : 13;
  const { sku } = PRODUCTS[index]!;
  const other = productCodesAt(index + 1);
  await signIn(page, "admin", "/admin/access/users");
  await openAdminScreen(page, "Products & Barcodes");
  await expect(page).toHaveURL(/\/admin\/access\/products$/);
  await expect(page.getByTestId("admin-product-row")).toHaveCount(25);

  await page.getByRole("searchbox", { name: "Search SKU, description or barcode" }).fill(sku);
  const row = page.getByTestId("admin-product-row").filter({ hasText: sku });
  await expect(page.getByTestId("admin-product-row")).toHaveCount(1);
  await expect(row.getByRole("list", { name: `Barcodes of ${sku}` }).getByRole("listitem")).not.toHaveCount(0);

  // A wrong check digit is refused before anything is sent.
  const code = freshUpc(page);
  const wrong = code.slice(0, -1) + ((Number(code.at(-1)) + 1) % 10);
  const input = row.getByRole("textbox", { name: `New barcode for ${sku}` });
  await input.fill(wrong);
  await row.getByRole("button", { name: `Add barcode to ${sku}` }).click();
  await expect(row.getByRole("alert")).toHaveText("The check digit of this UPC/EAN is wrong.");

  // A valid one is added.
  await input.fill(code);
  await row.getByRole("button", { name: `Add barcode to ${sku}` }).click();
  await expect(page.getByText(`Barcode added to ${sku}`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Remove barcode ${code}` })).toBeVisible();

  // A case code needs its quantity.
  await row.getByRole("combobox", { name: `Kind of the new barcode for ${sku}` }).selectOption("case");
  await input.fill(`CASE-${width(page)}-${Date.now().toString(36)}`);
  await row.getByRole("button", { name: `Add barcode to ${sku}` }).click();
  await expect(row.getByRole("alert")).toHaveText("A case holds 2 to 10,000 units.");
  await row.getByRole("spinbutton", { name: `Units in the case for ${sku}` }).fill("24");
  await row.getByRole("button", { name: `Add barcode to ${sku}` }).click();
  await expect(row.getByText("Case of 24")).toBeVisible();

  // Another SKU's code: the server's 409, shown in place.
  expectConsoleErrors(/status of 409/);
  await row.getByRole("combobox", { name: `Kind of the new barcode for ${sku}` }).selectOption("unit");
  await input.fill(other.unit);
  await row.getByRole("button", { name: `Add barcode to ${sku}` }).click();
  await expect(row.getByRole("alert")).toHaveText(`This barcode is already on SKU ${other.sku}`);

  // The bin.
  const bin = row.getByRole("textbox", { name: "Bin" });
  await bin.fill(isPhone(page) ? "f-07-3" : "e-06-2");
  await row.getByRole("button", { name: `Save bin of ${sku}` }).click();
  await expect(page.getByText(`Bin of ${sku} saved`)).toBeVisible();
  await expect(bin).toHaveValue(isPhone(page) ? "F-07-3" : "E-06-2");
  await shot(page, "row");

  // Remove what was added; a reload shows the stored state.
  await row.getByRole("button", { name: `Remove barcode ${code}` }).click();
  await expect(page.getByText(`Barcode ${code} removed`)).toBeVisible();
  await page.reload();
  await page.getByRole("searchbox", { name: "Search SKU, description or barcode" }).fill(sku);
  await expect(page.getByTestId("admin-product-row")).toHaveCount(1);
  await expect(row.getByRole("button", { name: `Remove barcode ${code}` })).toHaveCount(0);
  await expect(row.getByText("Case of 24")).toBeVisible();
  await expect(row.getByRole("textbox", { name: "Bin" })).toHaveValue(isPhone(page) ? "F-07-3" : "E-06-2");
  await shot(page, "list");
});

test("an admin adds a short reason, sets its action, moves it and deactivates it", async ({ page }) => {
  const label = `E2E ${width(page)} ${Date.now().toString(36)}`;
  await signIn(page, "admin", "/admin/access/users");
  await openAdminScreen(page, "Short Reasons");
  await expect(page).toHaveURL(/\/admin\/access\/short-reasons$/);
  for (const seeded of ["Stockout", "Damaged", "Wrong bin", "Other"]) {
    await expect(page.getByRole("textbox", { name: `Name of reason ${seeded}` })).toBeVisible();
  }

  expectConsoleErrors(/status of 409/);
  await page.getByRole("textbox", { name: "New reason" }).fill("stockout");
  await page.getByRole("button", { name: "Add reason" }).click();
  await expect(page.locator("#new-reason-msg")).toHaveText("A short reason named 'stockout' already exists.");

  await page.getByRole("textbox", { name: "New reason" }).fill(label);
  await page.getByRole("combobox", { name: "Action of the new reason" }).selectOption({ label: "Recount task" });
  await page.getByRole("button", { name: "Add reason" }).click();
  await expect(page.getByText(`Reason '${label}' added`)).toBeVisible();
  const row = page.getByTestId("admin-short-reason-row").filter({ has: page.getByRole("textbox", { name: `Name of reason ${label}` }) });
  await expect(row.getByRole("combobox", { name: `Action of reason ${label}` })).toHaveValue("recount");

  await row.getByRole("combobox", { name: `Action of reason ${label}` }).selectOption({ label: "Follow-up task" });
  await expect(page.getByText(`${label}: Follow-up task`)).toBeVisible();
  const rows = page.getByTestId("admin-short-reason-row");
  const count = await rows.count();
  await expect(rows.nth(count - 1).getByRole("textbox", { name: `Name of reason ${label}` })).toBeVisible();
  await row.getByRole("button", { name: `Move ${label} up` }).click();
  await expect(page.getByText(`${label} moved up`)).toBeVisible();
  await expect(rows.nth(count - 2).getByRole("textbox", { name: `Name of reason ${label}` })).toBeVisible();
  // The box follows the stored state: it turns off once the server has saved it.
  await row.getByRole("checkbox", { name: "Active" }).click();
  await expect(page.getByText(`${label} deactivated`)).toBeVisible();
  await expect(row.getByRole("checkbox", { name: "Active" })).not.toBeChecked();
  await shot(page, "reasons");

  // Pickers no longer get it.
  const res = await page.request.get("/api/picklists/short-reasons");
  const data = ((await res.json()) as { data: { label: string }[] }).data;
  expect(data.map((r) => r.label)).not.toContain(label);
  expect(data.map((r) => r.label)).toContain("Stockout");
});
