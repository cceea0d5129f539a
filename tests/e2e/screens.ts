// The main screens, each as the role that uses it and ready once its data has arrived: one table for the
// accessibility audit (a11y.spec.ts) and the fit checks (fit.spec.ts), so a new screen is added once and gets both.
import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS, expect, isPhone, signIn, signInAs, type RoleName } from "./fixtures";
import { listOrders, mineOf, openRow, PNG } from "./documents-helpers";
import { driverOrderFor } from "./proof-helpers";

/** `role: null` is a public page, opened signed out. */
export type Screen = { name: string; role: RoleName | null; path: string; ready: (page: Page) => Promise<void> };

const heading = (name?: string) => (p: Page) => expect(p.getByRole("heading", { level: 1, ...(name ? { name } : {}) })).toBeVisible();

export const SCREENS: Screen[] = [
  { name: "home", role: "logistics-manager", path: "/", ready: heading() },
  { name: "home-warehouse", role: "warehouse-employee", path: "/", ready: heading() },
  { name: "home-driver", role: "delivery-driver", path: "/", ready: heading() },
  { name: "order-tracking", role: "admin", path: "/order-tracking", ready: (p) => expect(orders(p).first()).toBeVisible() },
  { name: "order-tracking-warehouse", role: "warehouse-employee", path: "/order-tracking", ready: (p) => expect(orders(p).first()).toBeVisible() },
  { name: "order-tracking-driver", role: "delivery-driver", path: "/order-tracking", ready: heading("Order Tracking") },
  { name: "pick-list-check", role: "logistics-manager", path: "/pick-list-check?order=SO-100003", ready: (p) => expect(p.getByTestId("order-number")).toHaveText("SO-100003") },
  { name: "picking", role: "logistics-manager", path: "/pick-list?order=SO-100003", ready: (p) => expect(p.getByTestId("pick-line").first()).toBeVisible() },
  { name: "quickbooks-customers", role: "admin", path: "/quickbooks-customers", ready: heading() },
  // A driver's day as logistics plans it (issue 24), and what the phone keeps for the server (issue 23).
  { name: "delivery-routes", role: "logistics-manager", path: "/delivery-routes", ready: (p) => expect(p.getByRole("heading", { name: "Delivery routes" })).toBeVisible() },
  { name: "outbox", role: "delivery-driver", path: "/outbox", ready: heading("Waiting to send") },
  // The admin panel: each screen once its data has arrived.
  { name: "admin-users", role: "admin", path: "/admin/access/users", ready: heading("Users") },
  { name: "admin-locations", role: "admin", path: "/admin/access/locations", ready: heading("Locations") },
  { name: "admin-workers", role: "admin", path: "/admin/access/workers", ready: heading("Workers") },
  { name: "admin-email-routing", role: "admin", path: "/admin/access/email-routing", ready: heading("Email Routing") },
  { name: "admin-passcodes", role: "admin", path: "/admin/access/picklist-passcodes", ready: heading("Picklist Passcodes") },
  { name: "admin-integrations", role: "admin", path: "/admin/access/integrations", ready: heading("Integrations") },
  { name: "admin-rbac-debug", role: "admin", path: "/admin/access/rbac-debug", ready: heading("RBAC Debug") },
  { name: "admin-products", role: "admin", path: "/admin/access/products", ready: (p) => expect(p.getByRole("button", { name: /^Remove barcode / }).first()).toBeVisible() },
  { name: "admin-short-reasons", role: "admin", path: "/admin/access/short-reasons", ready: (p) => expect(p.getByTestId("admin-short-reason-row").first()).toBeVisible() },
  { name: "delivery-settings", role: "admin", path: "/delivery-settings", ready: heading("Delivery proof") },
  // Returns and applications, the lists and an opened request or application.
  { name: "return-forms", role: "admin", path: "/return-forms", ready: heading("Return Forms") },
  opened("return-request", "/return-forms", (p) => p.getByRole("dialog", { name: /^Return RET-/ })),
  { name: "customer-applications", role: "admin", path: "/customer-applications", ready: heading("Customer Applications") },
  opened("customer-application", "/customer-applications", (p) => p.getByRole("dialog").getByRole("heading", { name: "Documents" })),
  // Reports: the lists as a manager, the forms as the warehouse employee who files them.
  { name: "reports", role: "logistics-manager", path: "/reports", ready: heading("Reports") },
  {
    name: "stock-transfer-reports",
    role: "logistics-manager",
    path: "/reports/stock-transfer",
    ready: (p) => expect(p.getByRole("dialog", { name: "Stock Transfer Reports" }).getByRole("button", { name: /^View TR-/ }).first()).toBeVisible(),
  },
  { name: "devanning-reports", role: "logistics-manager", path: "/reports/devanning", ready: (p) => expect(p.getByRole("dialog", { name: "Devanning Reports" })).toBeVisible() },
  { name: "new-stock-transfer", role: "warehouse-employee", path: "/reports/stock-transfer/new", ready: heading() },
  { name: "new-devanning", role: "warehouse-employee", path: "/reports/devanning/new", ready: heading() },
  // The customers' own forms, signed out.
  { name: "public-request-return", role: null, path: "/request-return", ready: heading("Request a return") },
  { name: "public-apply", role: null, path: "/apply", ready: heading("Apply for a customer account") },
  {
    // The warehouse employee's capture of one of her orders, with a file chosen (so its Remove button shows); nothing saved.
    name: "warehouse-capture",
    role: "warehouse-employee",
    path: "/order-tracking",
    ready: async (p) => {
      const mine = mineOf(p, (await listOrders(p)).filter((o) => o.orderType !== "Will Call"));
      const order = mine.at(-1)!; // the capture journey takes the first uncaptured ones
      await openRow(p, order.orderNumber);
      const dialog = p.getByRole("dialog", { name: `Warehouse Capture — ${order.orderNumber}` });
      await expect(dialog.getByRole("button", { name: /^(Save Capture|Upload More Photos)$/ })).toBeVisible();
      await dialog.locator('input[type="file"]').last().setInputFiles({ name: "pallet.png", mimeType: "image/png", buffer: PNG });
      await expect(dialog.getByRole("button", { name: "Remove pallet.png" })).toBeVisible();
    },
  },
  {
    name: "delivery-wizard",
    role: "delivery-driver",
    path: "/order-tracking",
    ready: async (p) => {
      const n = await driverOrderFor(p.request, isPhone(p) ? 2 : 3, "highest"); // looked at, never changed
      await p.goto(`/order-tracking?searchBy=orderNumber&search=${n}`);
      await expect(p).toHaveURL(/\/order-tracking$/);
      await (isPhone(p) ? p.getByRole("button", { name: new RegExp(`^Open order ${n},`) }) : p.getByRole("button", { name: n, exact: true })).first().click();
      await expect(p.getByRole("dialog", { name: `Order #${n}` }).getByRole("button", { name: "Mark Out for Delivery" })).toBeVisible();
    },
  },
];

/**
 * A review list's first request or application, opened as the admin (its row on a desktop, its card's 'View
 * Details' on a phone), ready when `shown` is visible.
 */
function opened(name: string, path: string, shown: (page: Page) => Locator): Screen {
  return {
    name,
    role: "admin",
    path,
    ready: async (p) => {
      if (isPhone(p)) await p.getByRole("button", { name: "View Details" }).first().click();
      else await p.getByRole("table").locator("tbody tr").first().getByRole("button").first().click();
      await expect(shown(p)).toBeVisible();
    },
  };
}

/** Order Tracking's orders: cards on a phone, table rows on a desktop. */
export function orders(page: Page) {
  return isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
}

/** Signs in as the screen's role (the picking screen through its own gate), opens it and waits until it is ready and quiet. */
export async function openScreen(page: Page, screen: Screen) {
  if (screen.role === null) {
    await page.goto(screen.path);
  } else if (screen.path.startsWith("/pick-list?")) {
    // The picking screen has its own gate (Google or a passcode) instead of redirecting to sign-in.
    await page.goto(`/login?redirectTo=${encodeURIComponent(screen.path)}`);
    await signInAs(page, ACCOUNTS[screen.role]);
  } else {
    await signIn(page, screen.role, screen.path);
  }
  await screen.ready(page);
  await page.waitForLoadState("networkidle");
}
