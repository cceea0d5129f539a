// The public forms' refusals in plain words, where the customer looks: on a 390 px phone, /apply with a postal
// code the server refuses shows the reason under that field (the field marked invalid), a summary that points
// at it, keeps everything typed, and never shows a developer string ("Invalid input: addresses.0.postalCode").
import { expect, expectConsoleErrors, test } from "./fixtures";

test("/apply: a refused postal code is explained next to its field, in plain words, and what was typed stays @phone-only", async ({ page }) => {
  expectConsoleErrors(/status of 400 .*\/api\/public\/applications/);
  await page.goto("/apply");
  await page.getByLabel("Company name").fill("Jade Garden Kitchen");
  await page.getByLabel("Email").fill("owner@jadegarden.example");
  await page.getByLabel("Business phone").fill("(718) 555-0177");
  await page.getByLabel("Owner name").fill("Mei Chen");
  await page.getByLabel("Street", { exact: true }).fill("5 Mott St");
  await page.getByLabel("City").fill("New York");
  await page.getByLabel("State").fill("NY");
  const postal = page.getByLabel("Postal code");
  await postal.fill("100021000210002100021");
  await page.getByRole("button", { name: "Submit application" }).click();

  const message = page.locator("#a0-postal-error");
  await expect(message).toHaveText("Postal code is at most 20 characters");
  await expect(postal).toHaveAttribute("aria-invalid", "true");
  await expect(postal).toHaveAttribute("aria-describedby", "a0-postal-error");
  await expect(page.getByRole("alert")).toHaveText("Some fields need attention: see the messages next to them.");
  await expect(page.getByText(/Invalid input/)).toHaveCount(0);
  await expect(page.getByText(/addresses\.0/)).toHaveCount(0);
  await expect(page.getByLabel("Company name")).toHaveValue("Jade Garden Kitchen");
  await expect(postal).toHaveValue("100021000210002100021");
  await postal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/e2e/.screens/public-forms-apply-postal-error-phone.png" });

  // Fixed, it goes through.
  await postal.fill("10013");
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByTestId("reference")).toHaveText(/^APP-\d{6}-[A-Z2-9]{5}$/);
});
