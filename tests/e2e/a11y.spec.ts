// Accessibility (issue 14): axe-core on every main screen, at 390 px and 1280 px, as the role that uses
// it. No serious or critical violation is allowed; lesser ones are printed in the report as annotations.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, isPhone, signIn, signInAs, test, type RoleName } from "./fixtures";

async function audit(page: Page, screen: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of result.violations.filter((x) => !blocking.includes(x))) {
    test.info().annotations.push({ type: `axe ${v.impact}`, description: `${screen}: ${v.id} (${v.nodes.length})` });
  }
  const lines = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(lines, `${screen} at ${isPhone(page) ? "390" : "1280"} px`).toEqual([]);
}

const SCREENS: { name: string; role: RoleName; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: "home", role: "logistics-manager", path: "/", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  {
    name: "order tracking",
    role: "logistics-manager",
    path: "/order-tracking",
    ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible(),
  },
  {
    name: "order tracking (warehouse)",
    role: "warehouse-employee",
    path: "/order-tracking",
    ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible(),
  },
  {
    name: "pick list check",
    role: "logistics-manager",
    path: "/pick-list-check?order=SO-100003",
    ready: (p) => expect(p.getByTestId("order-number")).toHaveText("SO-100003"),
  },
  {
    name: "picking",
    role: "logistics-manager",
    path: "/pick-list?order=SO-100003",
    ready: (p) => expect(p.getByTestId("pick-line").first()).toBeVisible(),
  },
  {
    name: "quickbooks customers",
    role: "admin",
    path: "/quickbooks-customers",
    ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
  },
];

test("the sign-in page", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /sign in with google/i })).toBeVisible();
  await audit(page, "login");
});

for (const screen of SCREENS) {
  test(`${screen.name} as ${screen.role}`, async ({ page }) => {
    if (screen.path.startsWith("/pick-list?")) {
      // The picking screen has its own gate (Google or a passcode) instead of redirecting to sign-in.
      await page.goto(`/login?redirectTo=${encodeURIComponent(screen.path)}`);
      await signInAs(page, ACCOUNTS[screen.role]);
    } else {
      await signIn(page, screen.role, screen.path);
    }
    await screen.ready(page);
    await page.waitForLoadState("networkidle");
    await audit(page, screen.name);
  });
}

test("the order detail dialog", async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  const open = isPhone(page)
    ? page.getByRole("list", { name: "Orders" }).getByRole("listitem").first().getByRole("button").first()
    : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])").first().getByRole("button").first();
  await open.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await audit(page, "order detail");
});
