// The admin panel (spec 002 §2) as an admin at 390 and 1280 px, and closed to every other role.
import { ACCOUNTS, expect, isPhone, signIn, test } from "./fixtures";

const SCREENS = [
  ["users", "Users"],
  ["locations", "Locations"],
  ["workers", "Workers"],
  ["email-routing", "Email Routing"],
  ["picklist-passcodes", "Picklist Passcodes"],
  ["rbac-debug", "RBAC Debug"],
] as const;

async function shot(page: import("@playwright/test").Page, name: string) {
  await page.screenshot({ path: `tests/e2e/.screens/admin-${name}-${isPhone(page) ? "390" : "1280"}.png`, fullPage: true });
}

test("the admin shell: redirects, the rail or the phone's menu toggle, every screen", async ({ page }) => {
  await signIn(page, "admin", "/admin-access");
  await expect(page).toHaveURL(/\/admin\/access\/users$/);
  await page.goto("/admin/access");
  await expect(page).toHaveURL(/\/admin\/access\/users$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  for (const [path, title] of SCREENS) {
    if (isPhone(page)) {
      await page.getByRole("button", { name: "Show Admin Menu" }).click();
      await expect(page.getByRole("button", { name: "Hide Admin Menu" })).toBeVisible();
    }
    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/access/${path}$`));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    if (isPhone(page)) await expect(page.getByRole("button", { name: "Show Admin Menu" })).toBeVisible();
    await shot(page, path);
  }
});

test("a non-admin gets the panel closed", async ({ page }) => {
  await signIn(page, "logistics-manager", "/admin/access/rbac-debug");
  await expect(page.getByText("You must be an admin to view this panel.")).toBeVisible();
  const res = await page.request.get("/api/admin/users");
  expect(res.status()).toBe(403);
  void ACCOUNTS;
});
