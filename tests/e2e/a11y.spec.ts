// Accessibility (issue 14): axe-core on every main screen, at 390 px and 1280 px, as the role that uses
// it. No serious or critical violation is allowed; lesser ones are printed in the report as annotations.
// Each audited screen is also photographed to tests/e2e/.screens/a11y-<screen>-<width>.png.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, isPhone, signIn, signInAs, test, type RoleName } from "./fixtures";
import { deliveredProofPath, driverOrderFor } from "./proof-helpers";

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
  // The admin panel: each screen once its data has arrived.
  { name: "admin users", role: "admin", path: "/admin/access/users", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Users" })).toBeVisible() },
  { name: "admin locations", role: "admin", path: "/admin/access/locations", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible() },
  { name: "admin workers", role: "admin", path: "/admin/access/workers", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Workers" })).toBeVisible() },
  { name: "admin email routing", role: "admin", path: "/admin/access/email-routing", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Email Routing" })).toBeVisible() },
  { name: "admin passcodes", role: "admin", path: "/admin/access/picklist-passcodes", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Picklist Passcodes" })).toBeVisible() },
  { name: "admin rbac debug", role: "admin", path: "/admin/access/rbac-debug", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "RBAC Debug" })).toBeVisible() },
  { name: "delivery settings", role: "admin", path: "/delivery-settings", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Delivery proof" })).toBeVisible() },
  // Returns and applications.
  { name: "return forms", role: "admin", path: "/return-forms", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Return Forms" })).toBeVisible() },
  {
    name: "return request",
    role: "admin",
    path: "/return-forms",
    ready: async (p) => {
      await openFirst(p);
      await expect(p.getByRole("dialog", { name: /^Return RET-/ })).toBeVisible();
    },
  },
  { name: "customer applications", role: "admin", path: "/customer-applications", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Customer Applications" })).toBeVisible() },
  {
    name: "customer application",
    role: "admin",
    path: "/customer-applications",
    ready: async (p) => {
      await openFirst(p);
      await expect(p.getByRole("dialog").getByRole("heading", { name: "Documents" })).toBeVisible();
    },
  },
  // Reports: the lists as a manager, the forms as the warehouse employee who files them.
  { name: "reports", role: "logistics-manager", path: "/reports", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible() },
  {
    name: "stock transfer reports",
    role: "logistics-manager",
    path: "/reports/stock-transfer",
    ready: (p) => expect(p.getByRole("dialog", { name: "Stock Transfer Reports" }).getByRole("button", { name: /^View TR-/ }).first()).toBeVisible(),
  },
  {
    name: "devanning reports",
    role: "logistics-manager",
    path: "/reports/devanning",
    ready: (p) => expect(p.getByRole("dialog", { name: "Devanning Reports" })).toBeVisible(),
  },
  { name: "new stock transfer report", role: "warehouse-employee", path: "/reports/stock-transfer/new", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "new devanning report", role: "warehouse-employee", path: "/reports/devanning/new", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
];

/** Opens the first request or application of a list: its row on a desktop, its card's 'View Details' on a phone. */
async function openFirst(page: Page) {
  if (isPhone(page)) await page.getByRole("button", { name: "View Details" }).first().click();
  else await page.getByRole("table").locator("tbody tr").first().getByRole("button").first().click();
}

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

for (const form of [
  { name: "public return request", path: "/request-return", heading: "Request a return" },
  { name: "public application", path: "/apply", heading: "Apply for a customer account" },
]) {
  test(`the ${form.name} form, signed out`, async ({ page }) => {
    await page.goto(form.path);
    await expect(page.getByRole("heading", { level: 1, name: form.heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await audit(page, form.name);
  });
}

test("the delivery wizard, as a driver", async ({ page }) => {
  await signIn(page, "delivery-driver", "/order-tracking");
  const order = { orderNumber: await driverOrderFor(page.request, isPhone(page) ? 0 : 1, "highest") }; // this test changes nothing
  await page.goto(`/order-tracking?searchBy=orderNumber&search=${order.orderNumber}`);
  await expect(page).toHaveURL(/\/order-tracking$/); // the page's own navigation that clears the query, done first
  const opener = isPhone(page) ? page.getByRole("button", { name: new RegExp(`^Open order ${order.orderNumber},`) }) : page.getByRole("button", { name: order.orderNumber, exact: true });
  await opener.first().click();
  const dialog = page.getByRole("dialog", { name: `Order #${order.orderNumber}` });
  await expect(dialog.getByRole("button", { name: "Mark Out for Delivery" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await audit(page, "delivery wizard");
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
});
