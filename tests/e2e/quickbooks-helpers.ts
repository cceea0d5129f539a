// Connecting the local QuickBooks sandbox, for every journey that needs a connection: QuickBooks Customers,
// an order's balance, approving an application (which creates the customer there).
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

/** On /quickbooks-customers as an admin: Connect (or Reconnect) opens the consent page in a new tab; Authorize. */
export async function connectFrom(page: Page, context: BrowserContext) {
  const panel = page.getByRole("region", { name: "QuickBooks connection" });
  const tab = context.waitForEvent("page");
  await panel.getByRole("link", { name: /^(Connect|Reconnect) QuickBooks$/ }).click();
  const consent = await tab;
  await expect(consent.getByRole("heading", { name: "Connect to QuickBooks" })).toBeVisible();
  await consent.getByRole("button", { name: "Authorize" }).click();
  await expect(consent).toHaveURL(/\/quickbooks-customers$/);
  await expect(consent.getByText("QuickBooks is connected.")).toBeVisible();
  return consent;
}

/** On /quickbooks-customers as an admin: connects unless a connection works already, and closes the consent tab. */
export async function connectUnlessConnected(page: Page, context: BrowserContext) {
  const panel = page.getByRole("region", { name: "QuickBooks connection" });
  await expect(panel).toBeVisible();
  if (!(await panel.getByText("Connected", { exact: true }).isVisible())) await (await connectFrom(page, context)).close();
}

/** The same from a context of its own, for a journey signed in as someone else. */
export async function ensureConnected(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin", "/quickbooks-customers");
  await connectUnlessConnected(page, context);
  await context.close();
}
