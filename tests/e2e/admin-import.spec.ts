// Admin Import (issue 21), as the admin who brings stock in: a file with a bad row is checked and nothing is
// written until it is fixed; the fixed file imports with a result per record and a result CSV to download.
import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";

function csvFile(name: string, text: string) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

test("an admin checks a stock CSV, sees the bad row named, fixes it and imports", async ({ page }) => {
  await signIn(page, "admin", "/admin/access/imports");
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await page.getByLabel("The file holds").selectOption("stock");

  await page.getByLabel("CSV file (UTF-8)").setInputFiles(csvFile("stock.csv", "sku,locationId,quantityOnHand\nJAS-25,NY-MAIN,120\nJAS-10,NY-MAIN,lots\n"));
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("status").filter({ hasText: "problem" })).toContainText("1 problem to fix before anything can be imported.");
  const problems = page.getByRole("table", { name: "Problems by row and column" });
  await expect(problems.getByRole("row").nth(1)).toContainText("3");
  await expect(problems.getByRole("row").nth(1)).toContainText("quantityOnHand");
  await expect(page.getByRole("button", { name: /^Import \d+ record/ })).toBeDisabled();

  await page.getByLabel("CSV file (UTF-8)").setInputFiles(csvFile("stock.csv", "sku,locationId,quantityOnHand\nJAS-25,NY-MAIN,120\nJAS-10,NY-MAIN,80\n"));
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByText("Every row is valid: nothing has been written yet.")).toBeVisible();
  await page.getByRole("button", { name: "Import 2 records" }).click();
  await expect(page.getByText("Import finished")).toBeVisible();
  await expect(page.getByText(/0 refused/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download results (CSV)" }).or(page.getByRole("button", { name: "Download results (CSV)" }))).toBeVisible();
});
