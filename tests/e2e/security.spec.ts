// The Content-Security-Policy in a real browser: signed-in journeys (Home, Order Tracking, the live picking
// screen, the print frame) run without a single violation or hydration warning; every document has its own
// nonce; a dead link keeps the signed-in navigation; the no-JavaScript sign-in may leave for the identity provider.
import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, isPhone, openNav, signIn, test } from "./fixtures";

type Problems = { violations: string[]; console: string[] };

/**
 * Records every `securitypolicyviolation` event (through a binding, so it survives page loads), console
 * messages about the policy, and every console warning (React's hydration warnings among them). Console
 * errors of any kind already fail the journey (fixtures.ts).
 */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { violations: [], console: [] };
  await page.exposeBinding("__reportCspViolation", (_source, text: string) => {
    problems.violations.push(text);
  });
  await page.addInitScript(() => {
    // The print frame's PDF would open headless Chromium's print dialog, which can crash the page.
    if (window !== window.top) window.print = () => {};
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "warning" || /Content Security Policy|Refused to|nonce|hydrat/i.test(text)) problems.console.push(`${message.type()}: ${text}`);
  });
  return problems;
}

function expectClean(problems: Problems) {
  expect(problems.violations, "CSP violations").toEqual([]);
  expect(problems.console, "console warnings, CSP and hydration messages").toEqual([]);
}

/** The nonce of the response's policy and the nonces of the document's scripts, as the browser sees them. */
async function nonces(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = response!.headers()["content-security-policy"] ?? "";
  const header = /'nonce-([^']+)'/.exec(policy)?.[1];
  // The nonce *property* keeps the value; the attribute is hidden once the policy applied.
  const scripts = await page.evaluate(() => Array.from(document.scripts, (s) => ({ nonce: s.nonce, inline: !s.src })));
  return { policy, header, scripts };
}

async function expectNavigation(page: Page) {
  await openNav(page);
  const nav = isPhone(page) ? page.getByRole("dialog", { name: "Menu" }) : page.getByRole("navigation", { name: /main/i });
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Order Tracking", exact: true })).toBeVisible();
  if (isPhone(page)) await page.keyboard.press("Escape");
}

test("signed-in pages run under the policy without a violation or hydration warning", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = await watch(page);
  await signIn(page, "logistics-manager");
  await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();

  const home = await nonces(page, "/");
  expect(home.policy).toContain("script-src 'nonce-");
  expect(home.policy).toContain("'strict-dynamic'");
  expect(home.policy).not.toContain("'unsafe-inline' 'strict-dynamic'");
  expect(home.scripts.filter((s) => s.inline).length).toBeGreaterThan(0);
  for (const script of home.scripts) expect(script.nonce).toBe(home.header);
  const again = await nonces(page, "/");
  expect(again.header).not.toBe(home.header);

  await page.goto("/order-tracking");
  await expect(page.getByRole("heading", { name: "Order Tracking" }).first()).toBeVisible();
  await expect(page.getByText("SO-1", { exact: false }).first()).toBeVisible();

  // The picking screen's live room: a websocket to the PartyKit host, allowed by connect-src.
  await page.goto("/pick-list?order=SO-100003");
  await expect(page.getByTestId("room-status")).toHaveText("Live");

  // The print flow: a hidden frame of a same-origin signed PDF link (frame-src).
  await page.goto("/pick-list-check?order=SO-100003");
  await expect(page.getByTestId("order-number")).toHaveText("SO-100003");
  const generated = page.waitForResponse((r) => r.url().includes("/release-order") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Print" }).click();
  expect((await generated).status()).toBe(200);
  const frame = page.locator('iframe[title="Pick list print frame"]');
  await expect(frame).toHaveCount(1);
  // frame-src is checked when the frame navigates; its load means the verdict (and any report) is in.
  await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentWindow?.location.href ?? "")).toContain("/files/");
  // The frame's document has loaded (a PDF viewer may keep fetching ranges, so not 'network idle'). Then one
  // round trip to the page: the violation events and console lines it sent before that answer have reached the watcher.
  await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentDocument?.readyState ?? "complete")).toBe("complete");
  await page.evaluate(() => new Promise((done) => setTimeout(done, 250)));

  expectClean(problems);
});

test("a dead link while signed in shows the 404 inside the shell, navigation kept", async ({ page }) => {
  // The documents themselves answer 404, which Chromium logs as failed resources.
  expectConsoleErrors(/status of 404 .*\/no-such-page\]/, /status of 404 .*\/gone\/for\/good\.data\]/);
  const problems = await watch(page);
  await signIn(page, "warehouse-employee", "/pick-list-check");

  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toHaveCount(0);
  await expectNavigation(page);

  // The same for a client-side navigation (a link inside the app to a page that is gone).
  await page.goto("/pick-list-check");
  await expect(page.getByRole("heading", { name: "Pick List Check" })).toBeVisible();
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => void } }).__remixRouter.navigate("/gone/for/good"));
  await expect(page).toHaveURL(/\/gone\/for\/good$/);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expectNavigation(page);
  await page.screenshot({ path: `tests/e2e/.screens/404-in-shell-${isPhone(page) ? "phone" : "desktop"}.png` });

  expectClean(problems);
});

test("a dead link without a session shows the public 404 with Log In", async ({ page }) => {
  expectConsoleErrors(/status of 404 .*\/no-such-page\]/);
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: /main/i })).toHaveCount(0);
});

test("without JavaScript the sign-in form may still post its way to the identity provider", { tag: "@desktop-only" }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
  await page.goto("/login");
  await page.getByRole("button", { name: /sign in with google/i }).click();
  // form-action is checked on the redirect after the post: the identity provider's origin is listed.
  await page.waitForURL(/\/google\/authorize/);
  expect(refused).toEqual([]);
  await context.close();
});
