// QuickBooks journeys at 390 and 1280 px: an admin connects QuickBooks through the OAuth flow (a new tab, the
// sandbox's consent page); a sales rep searches customers, reads one, clears; QuickBooks refusing a token
// recovers through ensure-auth; an outage shows the spec's message and Retry; the order screen's balance.
import type { Page, TestInfo } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { ACCOUNTS, expect, expectConsoleErrors, isPhone, openNav, holdScripts, openSession, signIn, test } from "./fixtures";
import { connectFrom, ensureConnected } from "./quickbooks-helpers";

const QBO = `http://127.0.0.1:${E2E.standinsPort}/qbo`;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/e2e/.screens/quickbooks-${name}-${isPhone(page) ? "phone" : "desktop"}.png`, fullPage: !isPhone(page) });

/** Phone and desktop run side by side: each injects faults only into its own customer's calls. */
function customerFor(info: TestInfo, phone: string, desktop: string) {
  return info.project.name === "phone" ? phone : desktop;
}

async function injectFault(page: Page, fault: Record<string, unknown>) {
  const res = await page.request.post(`${QBO}/test/faults`, { data: fault });
  expect(res.status()).toBe(200);
}

async function openCustomers(page: Page) {
  await signIn(page, "sales-rep");
  await openNav(page);
  await page.getByRole("link", { name: "QuickBooks Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "QuickBooks Customers" })).toBeVisible();
}

function results(page: Page) {
  return isPhone(page) ? page.getByRole("list", { name: "QuickBooks customers" }).getByRole("listitem") : page.getByRole("table", { name: "QuickBooks customers" }).locator("tbody tr");
}

test("an admin connects QuickBooks through the OAuth flow and sees who connected it and when it expires", async ({ page, context }) => {
  await signIn(page, "admin", "/quickbooks-customers");
  const panel = page.getByRole("region", { name: "QuickBooks connection" });
  await expect(panel).toBeVisible();
  await shot(page, "connection-before");

  const consent = await connectFrom(page, context);
  await expect(consent.getByRole("region", { name: "QuickBooks connection" }).getByText(/^admin@goldengrain\.test on /)).toBeVisible();
  // The code and state left the address bar with the redirect, and the outcome leaves it once shown.
  expect(consent.url()).not.toMatch(/code=|state=/);
  await shot(consent, "connected");
  await consent.close();

  // The tab that started it hears about the new connection and shows it without a reload.
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();
  await expect(panel.getByText("Connected by:")).toBeVisible();
  await expect(panel.getByText(/^admin@goldengrain\.test on \w{3} \d{1,2}, 20\d\d, \d{1,2}:\d\d [AP]M E[SD]T$/)).toBeVisible();
  await expect(panel.getByText("Access token expires:")).toBeVisible();
  await panel.getByText("More about the connection").click();
  await expect(panel.getByText("Refresh token valid until:")).toBeVisible();
  await panel.getByRole("button", { name: "Check connection" }).click();
  await expect(panel.getByText("QuickBooks accepted the connection.")).toBeVisible();
  await shot(page, "connection-admin");
});

test.describe("a sales rep's customers page", () => {
  test.beforeEach(async ({ browser }) => {
    await ensureConnected(browser);
  });

  test("search (600 ms debounce), results, the detail panel with every field, Clear", async ({ page }) => {
    await openCustomers(page);
    await expect(page.getByText("Start typing a customer name to search")).toBeVisible();
    // Sales reps do not manage the connection.
    await expect(page.getByRole("region", { name: "QuickBooks connection" })).toHaveCount(0);
    await shot(page, "start");

    const searches: string[] = [];
    page.on("request", (r) => r.url().includes("/api/qb/customers?") && searches.push(r.url()));
    await page.getByRole("searchbox", { name: "Customer name" }).pressSequentially("sushi", { delay: 80 });
    await expect(results(page)).toHaveCount(3);
    expect(searches, "one search after typing stops").toHaveLength(1);
    expect(decodeURIComponent(searches[0]!)).toContain("name=sushi");
    await expect(page).toHaveURL(/\?name=sushi$/);
    await expect(page.getByRole("status").getByText("3 customers")).toBeVisible();

    if (isPhone(page)) {
      await expect(page.getByRole("table", { name: "QuickBooks customers" })).toBeHidden();
      await expect(results(page).first()).toContainText("Balance (USD)");
    } else {
      for (const column of ["Name", "Email", "Phone", "Balance (USD)", "Taxable", "Delivery method"]) {
        await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
      }
      await expect(page.getByRole("list", { name: "QuickBooks customers" })).toBeHidden();
    }
    const sakura = results(page).filter({ hasText: "Sakura Sushi Bar" });
    await expect(sakura).toContainText("ap@sakurasushibar.example");
    await expect(sakura).toContainText(/\$\d{1,3}(,\d{3})*\.\d\d/);
    await expect(sakura).toContainText(/Taxable|Non-taxable/);
    await shot(page, "results");

    await sakura.getByRole("button", { name: "Details for Sakura Sushi Bar" }).click();
    const detail = page.getByRole("dialog", { name: "Sakura Sushi Bar" });
    await expect(detail).toBeVisible();
    await expect(detail.getByText("Up to date with QuickBooks.")).toBeVisible();
    for (const [label, value] of [
      ["Display name", "Sakura Sushi Bar"],
      ["Company", "Sakura Hospitality LLC"],
      ["Given name", "Kenji"],
      ["Family name", "Watanabe"],
      ["Email", "ap@sakurasushibar.example"],
      ["Phone", /\(\d{3}\) 555-\d{4}/],
      ["Delivery method", /Email|Print|None/],
      ["Billing address", /, [A-Z]{2} \d{5}$/],
      ["Shipping address", "No address"],
      ["Created", /20\d\d, \d{1,2}:\d\d [AP]M \(UTC-8\)/],
      ["Updated", /20\d\d/],
    ] as const) {
      const row = detail.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
      await expect(row.locator("dd"), label).toHaveText(value);
    }
    await expect(detail.getByText("Balance with jobs")).toBeVisible();
    await expect(detail.getByText(/Taxable|Non-taxable/).first()).toBeVisible();
    await shot(page, "detail");
    await detail.getByRole("button", { name: "Close" }).click();
    await expect(detail).toBeHidden();

    await page.getByRole("searchbox", { name: "Customer name" }).fill("zzzz no such customer");
    await expect(page.getByText("No customers found.")).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByRole("searchbox", { name: "Customer name" })).toHaveValue("");
    await expect(page.getByText("Start typing a customer name to search")).toBeVisible();
    await expect(page).toHaveURL(/\/quickbooks-customers$/);
  });

  test("a shared ?name= link paints its results from the server, with no search on load", async ({ page }) => {
    await signIn(page, "sales-rep", "/quickbooks-customers?name=golden%20dragon");
    const searches: string[] = [];
    page.on("request", (r) => r.url().includes("/api/qb/customers") && searches.push(r.url()));
    const raw = await (await page.request.get("/quickbooks-customers?name=golden%20dragon")).text();
    expect(raw).toContain("Golden Dragon Restaurant");
    expect(raw).toContain("Golden Dragon Express");
    await page.reload();
    await expect(results(page)).toHaveCount(2);
    await expect(page.getByRole("searchbox", { name: "Customer name" })).toHaveValue("golden dragon");
    await page.waitForLoadState("networkidle");
    expect(searches).toEqual([]);
  });

  test("QuickBooks refusing the token is recovered through ensure-auth and one retry", async ({ page }, info) => {
    const name = customerFor(info, "Kyoto", "Bangkok");
    expectConsoleErrors(/status of 502 .*\/api\/qb\/customers\?name=/);
    await openCustomers(page);
    // The sandbox expires every access token, then refuses the next two calls for this name: the server's own
    // refresh-and-retry is not enough, so the screen asks ensure-auth and retries once.
    expect((await page.request.post(`${QBO}/test/expire-tokens`, { data: {} })).status()).toBe(200);
    const match = name.toLowerCase();
    await injectFault(page, { status: 401, count: 2, match });
    try {
      const ensured = page.waitForResponse((r) => r.url().endsWith("/api/qb/ensure-auth") && r.request().method() === "POST");
      await page.getByRole("searchbox", { name: "Customer name" }).fill(name);
      expect((await ensured).status()).toBe(200);
      await expect(results(page)).toHaveCount(1);
      await expect(results(page).first()).toContainText(name);
      await expect(page.getByRole("alert")).toHaveCount(0);
    } finally {
      // A try that failed leaves no refusals behind for its retry.
      await page.request.post(`${QBO}/test/faults`, { data: { clear: true, match } });
    }
  });

  test("a name typed before the page's script runs is searched once it runs", async ({ page }) => {
    await openSession(page, ACCOUNTS["sales-rep"]);
    const scripts = await holdScripts(page);
    const searches: string[] = [];
    page.on("request", (r) => r.url().includes("/api/qb/customers?") && searches.push(decodeURIComponent(r.url())));
    await page.goto("/quickbooks-customers", { waitUntil: "commit" });
    await page.getByRole("searchbox", { name: "Customer name" }).fill("sushi");
    scripts.release();
    await expect(results(page)).toHaveCount(3);
    await expect(page.getByRole("searchbox", { name: "Customer name" })).toHaveValue("sushi");
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain("name=sushi");
    await expect(page).toHaveURL(/\?name=sushi$/);
  });

  test("an outage or a rate limit shows the spec's message and a Retry that works", async ({ page }, info) => {
    const name = customerFor(info, "Seoul", "Jade Palace");
    expectConsoleErrors(/status of 502 .*\/api\/qb\/customers\?name=/, /status of 429 .*\/api\/qb\/customers\?name=/);
    await openCustomers(page);
    await injectFault(page, { status: 500, match: name.toLowerCase() });
    await page.getByRole("searchbox", { name: "Customer name" }).fill(name);
    const alert = page.getByRole("alert").filter({ hasText: "Error:" });
    await expect(alert).toHaveText(/Error: QuickBooks is not available right now \(500\)\. Try again in a moment\./);
    await shot(page, "error");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(results(page)).toHaveCount(1);

    await injectFault(page, { status: 429, retryAfter: 20, match: name.toLowerCase() });
    await page.getByRole("searchbox", { name: "Customer name" }).press("Enter");
    await expect(alert).toHaveText(/Error: QuickBooks is receiving too many requests \(429\)\. Try again in 20 seconds\./);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(results(page)).toHaveCount(1);
  });
});

test("the order screen's balance lookup recovers from an expired token through ensure-auth", async ({ page, browser }, info) => {
  await ensureConnected(browser);
  await signIn(page, "sales-rep", "/order-tracking");
  // Each project opens an order of a different QuickBooks customer, so their injected faults do not meet.
  const customer = customerFor(info, "Sakura Sushi Bar", "Golden Dragon Restaurant");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(customer);
  const row = (isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])")).filter({ hasText: customer }).first();
  const open = () => (isPhone(page) ? row.getByRole("button", { name: /^Open order/ }) : row.getByRole("button", { name: /^SO-\d+$/ })).click();
  await expect(row).toBeVisible();
  await open();
  const dialog = page.getByRole("dialog", { name: /^Order SO-/ });
  await expect(dialog).toBeVisible();
  const balance = dialog.getByTestId("customer-balance");
  await expect(balance).toBeVisible();
  await expect(balance).toContainText(/\$[\d,]+\.\d\d/);
  await expect(balance).toContainText(`QuickBooks · ${customer}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The sandbox expires every access token, then refuses this customer's next two queries: the server's own
  // refresh-and-retry is not enough, so the balance asks ensure-auth and retries once.
  expectConsoleErrors(/status of 502 .*\/api\/qb\/customers\?name=/);
  expect((await page.request.post(`${QBO}/test/expire-tokens`, { data: {} })).status()).toBe(200);
  const match = customer.toLowerCase();
  await injectFault(page, { status: 401, count: 2, match });
  try {
    const ensured = page.waitForResponse((r) => r.url().endsWith("/api/qb/ensure-auth"), { timeout: 20_000 });
    await open();
    expect((await ensured).status()).toBe(200);
    await expect(balance).toContainText(/\$[\d,]+\.\d\d/);
    await expect(balance).toContainText(`QuickBooks · ${customer}`);
    await expect(balance.getByText("Failed to load QuickBooks balance")).toHaveCount(0);
    await shot(page, "order-balance");
  } finally {
    await page.request.post(`${QBO}/test/faults`, { data: { clear: true, match } });
  }
});

/**
 * The balance component on its own, in a page of its own (bundled from the source, answers scripted with
 * page.route), so its states are proven before it sits in the order detail.
 */
test.describe("the balance lookup component", () => {
  const ORIGIN = "http://balance.test";
  let bundle = "";

  test.beforeAll(async () => {
    const { build } = await import("esbuild");
    const entry = `import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { CustomerBalance } from "~/components/orders/customer-balance";
const q = new URLSearchParams(location.search);
// What Order Tracking's loader hands the detail: QuickBooks connected when the order opened, and whether this
// viewer may connect it (the server decides: admins).
const viewer = { isAdmin: q.get("admin") === "1", grants: ["customers:view"], quickBooks: { connected: true, canConnect: q.get("admin") === "1" } };
createRoot(document.getElementById("root")).render(createElement("dl", null, createElement(CustomerBalance, { customerName: q.get("name"), viewer })));`;
    const out = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: "tsx" },
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      jsx: "automatic",
      tsconfig: "tsconfig.json",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    });
    bundle = out.outputFiles[0]!.text;
  });

  type Scripted = { status: number; body: unknown };
  /** Serves the component and answers /api/qb/* from the scripts, in order; returns the calls made. */
  async function mount(page: Page, query: string, script: { customers: Scripted[]; ensureAuth?: Scripted[] }) {
    const calls: string[] = [];
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === "/") return route.fulfill({ contentType: "text/html", body: '<!doctype html><link rel="icon" href="data:,"><div id="root"></div><script type="module" src="/bundle.js"></script>' });
      if (url.pathname === "/bundle.js") return route.fulfill({ contentType: "text/javascript", body: bundle });
      calls.push(`${route.request().method()} ${url.pathname}${url.search}`);
      const next = url.pathname === "/api/qb/ensure-auth" ? script.ensureAuth?.shift() : script.customers.shift();
      if (!next) return route.fulfill({ status: 500, json: { success: false, error: "unscripted call" } });
      return route.fulfill({ status: next.status, json: next.body });
    });
    await page.goto(`${ORIGIN}/?${query}`);
    return calls;
  }

  const sakura = { status: 200, body: { success: true, data: [{ displayName: "Sakura Sushi Bar", balance: 1234.5 }] } };
  const refused = { status: 502, body: { success: false, code: "qbo_auth", error: "QuickBooks refused the access token (401). Try again; if it keeps failing, an admin must reconnect QuickBooks." } };
  const revoked = { status: 409, body: { success: false, code: "qbo_reconnect", error: "QuickBooks refused the saved connection (the refresh token was revoked or has expired). An admin must reconnect QuickBooks." } };

  test("an expired token: ensure-auth, one retry, then the balance", async ({ page }) => {
    expectConsoleErrors(/status of 502 .*\/api\/qb\/customers/);
    const calls = await mount(page, "name=Sakura%20Sushi%20Bar", { customers: [refused, sakura], ensureAuth: [{ status: 200, body: { success: true, data: { connected: true } } }] });
    await expect(page.getByTestId("customer-balance")).toContainText("$1,234.50");
    await expect(page.getByText("QuickBooks · Sakura Sushi Bar")).toBeVisible();
    expect(calls).toEqual(["GET /api/qb/customers?name=Sakura+Sushi+Bar&limit=5", "POST /api/qb/ensure-auth", "GET /api/qb/customers?name=Sakura+Sushi+Bar&limit=5"]);
  });

  test("a revoked connection: 'Failed to load QuickBooks balance', 'Connect QuickBooks' for an admin, and 'Retry'", async ({ page }) => {
    expectConsoleErrors(/status of 409 .*\/api\/qb\/(customers|ensure-auth)/);
    const calls = await mount(page, "name=Sakura%20Sushi%20Bar&admin=1", { customers: [revoked, sakura], ensureAuth: [revoked] });
    const box = page.getByTestId("customer-balance");
    await expect(box.getByText("Failed to load QuickBooks balance")).toBeVisible();
    await expect(box.getByRole("link", { name: "Connect QuickBooks" })).toHaveAttribute("href", "/api/qb/oauth/start");
    await expect(box.getByRole("link", { name: "Connect QuickBooks" })).toHaveAttribute("target", "_blank");
    expect(calls).toEqual(["GET /api/qb/customers?name=Sakura+Sushi+Bar&limit=5", "POST /api/qb/ensure-auth"]);
    await box.getByRole("button", { name: "Retry" }).click();
    await expect(box).toContainText("$1,234.50");
  });

  test("a sales rep is asked to find an admin instead of a Connect button", async ({ page }) => {
    expectConsoleErrors(/status of 409 .*\/api\/qb\/(customers|ensure-auth)/);
    await mount(page, "name=Sakura", { customers: [revoked], ensureAuth: [revoked] });
    const box = page.getByTestId("customer-balance");
    await expect(box.getByText("Failed to load QuickBooks balance")).toBeVisible();
    await expect(box.getByText("Ask an admin to connect QuickBooks.")).toBeVisible();
    await expect(box.getByRole("link", { name: "Connect QuickBooks" })).toHaveCount(0);
    await expect(box.getByRole("button", { name: "Retry" })).toBeVisible();
  });

  test("a timeout is not an authorization problem: no ensure-auth, Retry", async ({ page }) => {
    expectConsoleErrors(/status of 504 .*\/api\/qb\/customers/);
    const calls = await mount(page, "name=Sakura&admin=1", { customers: [{ status: 504, body: { success: false, code: "qbo_timeout", error: "QuickBooks did not answer within 10 seconds. Try again." } }, sakura] });
    const box = page.getByTestId("customer-balance");
    await expect(box.getByText("Failed to load QuickBooks balance")).toBeVisible();
    await expect(box.getByRole("link", { name: "Connect QuickBooks" })).toHaveCount(0);
    expect(calls).toHaveLength(1);
    await box.getByRole("button", { name: "Retry" }).click();
    await expect(box).toContainText("$1,234.50");
  });

  test("'Not found' when nothing matches, 'No customer name on this order' without asking", async ({ page }) => {
    await mount(page, "name=Nobody%20Here", { customers: [{ status: 200, body: { success: true, data: [] } }] });
    await expect(page.getByTestId("customer-balance")).toContainText("Not found");
    const calls = await mount(page, "name=%20%20", { customers: [] });
    await expect(page.getByTestId("customer-balance")).toContainText("No customer name on this order");
    expect(calls).toEqual([]);
  });
});
