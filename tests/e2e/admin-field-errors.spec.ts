// A refused admin save at 390 px says why under the field it concerns, in plain words, and keeps what was
// typed: a passcode label longer than the server takes (the browser lets it through), and a short reason
// renamed to a name another reason already has (the server's 409), and a Default CC address the server
// refuses. Phone only: one width proves the placing.
import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, signIn, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/.screens/admin-field-errors-${name}-390.png`, fullPage: true });
}

test("@phone-only a refused passcode label, a taken reason name and a refused CC address are explained under their fields", async ({ page }) => {
  expectConsoleErrors(/status of 400 .*\/api\/picklist\/passcode/, /status of 409 .*\/api\/admin\/short-reasons/, /status of 400 .*\/api\/admin\/email-routing/);

  // Passcodes: an 81-character label (the server takes 80).
  await signIn(page, "admin", "/admin/access/picklist-passcodes");
  const longLabel = `Field errors ${"x".repeat(68)}`;
  const label = page.getByLabel("Label", { exact: true });
  await label.fill(longLabel);
  await page.getByLabel("Code", { exact: true }).fill(`FE-${Date.now().toString(36)}`.toUpperCase());
  await page.getByRole("button", { name: "Create Passcode" }).click();
  const labelError = page.locator("#passcode-label-error");
  await expect(labelError).toHaveText("Use at most 80 characters");
  await expect(label).toHaveAttribute("aria-invalid", "true");
  await expect(label).toHaveAttribute("aria-describedby", "passcode-label-error");
  await expect(label).toHaveValue(longLabel);
  await expect(page.getByLabel("Code", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await shot(page, "passcode");
  // Changing the label clears its message.
  await label.fill("Field errors");
  await expect(labelError).toHaveCount(0);
  await expect(label).not.toHaveAttribute("aria-invalid", "true");

  // Short reasons: renaming 'Other' to a name 'Damaged' already has.
  await page.goto("/admin/access/short-reasons");
  const name = page.getByRole("textbox", { name: "Name of reason Other" });
  await name.fill("damaged");
  await page.getByRole("button", { name: "Save name of reason Other" }).click();
  const row = page.getByTestId("admin-short-reason-row").filter({ has: name });
  await expect(row.getByRole("alert")).toHaveText("A short reason named 'damaged' already exists.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveValue("damaged");
  await shot(page, "short-reason");

  // Email routing: an address the chips keep (it has an '@') but the server refuses.
  await page.goto("/admin/access/email-routing");
  const cc = page.getByLabel("Default CC");
  await cc.fill("bad@");
  await cc.press("Enter");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Failed to save: Invalid email: bad@" })).toBeVisible();
  await expect(cc).toHaveAttribute("aria-invalid", "true");
  const ccError = page.locator(`[id="${await cc.getAttribute("id")}-error"]`);
  await expect(ccError).toHaveText("Enter a valid email address"); // the red chip shows which one
  await expect(page.getByRole("button", { name: "Remove bad@" })).toBeVisible();
  await shot(page, "email-routing");
});
