// Playwright fixtures: sign in through the real OAuth code flow against the local Google stand-in.
import { test as base, expect, type Page } from "@playwright/test";

export const DOMAIN = "goldengrain.test";
export const ACCOUNTS = {
  admin: `admin@${DOMAIN}`,
  "logistics-manager": `logistics@${DOMAIN}`,
  "sales-rep": `sales@${DOMAIN}`,
  "warehouse-employee": `warehouse@${DOMAIN}`,
  "delivery-driver": `driver@${DOMAIN}`,
} as const;
export type RoleName = keyof typeof ACCOUNTS;

/** Clicks through /login → the local identity provider → back, landing where the guard sent us. */
export async function signInAs(page: Page, email: string) {
  await page.getByRole("button", { name: /sign in with google/i }).click();
  await page.waitForURL(/\/google\/authorize/);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.+]/g, "\\$&"), "i") }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/") && !url.pathname.includes("/google/"));
}

export async function signIn(page: Page, role: RoleName, path = "/") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, ACCOUNTS[role]);
}

export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Opens the mobile drawer when on a phone, so nav links are visible either way. */
export async function openNav(page: Page) {
  if (isPhone(page)) await page.getByRole("button", { name: /open menu|menu/i }).first().click();
}

export const test = base;
export { expect };
