// Playwright fixtures: sign a role in (directly, or through the real OAuth code flow against the local Google
// stand-in), and fail any journey whose pages throw an uncaught error or log a console error.
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page, type TestInfo } from "@playwright/test";
import { E2E } from "../../playwright.config";

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

/**
 * Opens a session for `email` without the sign-in pages: the Google stand-in mints an ID token for the
 * account and the product's own `POST /api/session/login {idToken}` (the API clients' door, which verifies
 * it against the stand-in's keys like any Google token) answers with the `__session` cookie, which lands in
 * the page's context. No test-only door in the app: the token is real, only the chooser is skipped.
 * The real round trip through the chooser stays covered by the journeys that call signInAs (shell.spec.ts).
 */
export async function openSession(page: Page, email: string) {
  const minted = await page.request.post(`http://127.0.0.1:${E2E.standinsPort}/google/test/id-token`, { data: { email } });
  expect(minted.status(), `the Google stand-in minted an ID token for ${email}`).toBe(200);
  const { idToken } = (await minted.json()) as { idToken: string };
  const login = await page.request.post("/api/session/login", { data: { idToken } });
  expect(login.status(), `POST /api/session/login for ${email}: ${await login.text()}`).toBe(200);
}

/** Signs `role` in directly (openSession) and opens `path`, where the journey starts. */
export async function signIn(page: Page, role: RoleName, path = "/") {
  await openSession(page, ACCOUNTS[role]);
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The page has hydrated: no box still waits for the script under its clear layer (lib/use-hydrated.ts, untilHydrated). */
export async function hydratedBoxes(page: Page) {
  await expect(page.locator('[class~="after:inset-0"]')).toHaveCount(0);
}

/** The page's scripts arrive late, as on a slow phone: what is typed first lands in the server's HTML. */
export async function slowScripts(page: Page, delayMs = 400) {
  await page.route(/\.(m?js|tsx?)(\?|$)/, async (route) => {
    if (route.request().resourceType() === "script") await new Promise((done) => setTimeout(done, delayMs));
    await route.continue();
  });
}

/** The page's scripts wait until `release` is called: whatever the journey does before that meets only the server's HTML. */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\.(m?js|tsx?)(\?|$)/, async (route) => {
    if (route.request().resourceType() === "script") await released;
    await route.continue();
  });
  return { release };
}

export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Opens the mobile drawer when on a phone, so nav links are visible either way. */
export async function openNav(page: Page) {
  if (isPhone(page)) await page.getByRole("button", { name: /open menu|menu/i }).first().click();
}

/**
 * Collects uncaught page errors and console errors from every page of every context a test opens: the
 * default context, contexts from `browser.newContext()` / `browser.newPage()`, and popups. One line each,
 * e.g. `console.error: Failed to load resource: the server responded with a status of 404 (Not Found)
 * [http://127.0.0.1:5180/api/x] on http://127.0.0.1:5180/orders`.
 */
class ConsoleWatch {
  readonly problems: string[] = [];
  private readonly watched = new WeakSet<BrowserContext | Page>();

  context(context: BrowserContext) {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    for (const page of context.pages()) this.page(page);
    context.on("page", (page) => this.page(page));
  }

  page(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    keepScreenshotsOffTheDom(page);
    page.on("pageerror", (error) => {
      this.problems.push(`pageerror: ${error.stack ?? String(error)} on ${page.url()}`);
    });
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() !== "error") return;
      const source = message.location().url;
      this.problems.push(`console.error: ${message.text()}${source ? ` [${source}]` : ""} on ${page.url()}`);
    });
  }
}

/**
 * Screenshots leave the page's DOM alone. Playwright's default `caret: "hide"` writes
 * `style="caret-color: transparent !important"` on the inputs and then leaves `style=""` behind; a screenshot
 * taken before React hydrated (a loaded machine) then makes React report "Extra attributes from the server:
 * style", which failed a11y and fit journeys at random in CI. A caret in a photo is harmless.
 */
function keepScreenshotsOffTheDom(page: Page) {
  const screenshot = page.screenshot.bind(page);
  page.screenshot = (options) => (photosWanted(options?.path) ? screenshot({ caret: "initial", ...options }) : Promise.resolve(Buffer.alloc(0)));
}

/**
 * The photos of screens for people to look at (tests/e2e/.screens) are taken on an engineer's machine; in CI
 * nobody opens them, and a full-page PNG of every screen at two widths costs minutes of the 2 cores
 * (E2E_SCREENS=1 takes them there too). Screenshots a test reads, and Playwright's own on failure, are always taken.
 */
function photosWanted(path: string | undefined): boolean {
  if (!path || !/(^|\/)tests\/e2e\/\.screens\//.test(path)) return true;
  return !process.env.CI || process.env.E2E_SCREENS === "1";
}

const expectedByTest = new WeakMap<TestInfo, RegExp[]>();

/**
 * Declares, for the running test only, console errors it provokes on purpose (a 409 it forces, a 404 it
 * asks for). Each pattern is matched against the whole collected line, so make it narrow: the message
 * and the resource, e.g. `/status of 404 .*\/api\/picklists\/NOPE/`. Shown as an annotation in the report.
 * For a whole describe block, `test.use({ expectedConsoleErrors: [...] })` does the same.
 */
export function expectConsoleErrors(...patterns: RegExp[]) {
  const info = test.info();
  expectedByTest.set(info, [...(expectedByTest.get(info) ?? []), ...patterns]);
  for (const pattern of patterns) info.annotations.push({ type: "expected console error", description: String(pattern) });
}

export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleWatch: ConsoleWatch }>({
  /** Console errors the tests in scope provoke on purpose; empty unless a describe block opts in. */
  expectedConsoleErrors: [[], { option: true }],

  consoleWatch: [
    async ({ browser, expectedConsoleErrors }, use, testInfo) => {
      const watch = new ConsoleWatch();
      // Contexts a test opens itself (a second user, a second device) are watched too. `browser` is one per
      // worker and a worker runs one test at a time, so the wrapper is restored before the next test.
      // They are closed at the end too, so a test that fails half-way does not leave them open.
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser["newContext"]>) {
        const context = await newContext.apply(this, args);
        opened.push(context);
        watch.context(context);
        return context;
      };
      try {
        await use(watch);
      } finally {
        browser.newContext = newContext;
        await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
      }
      const expected = [...expectedConsoleErrors, ...(expectedByTest.get(testInfo) ?? [])];
      const unexpected = watch.problems.filter((line) => !expected.some((pattern) => new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "")).test(line)));
      if (unexpected.length > 0) {
        throw new Error(`${unexpected.length} uncaught page error(s) or console error(s) during the test:\n${unexpected.map((line) => `  - ${line}`).join("\n")}`);
      }
    },
    { auto: true },
  ],

  // The default context is watched whichever way it was created.
  context: async ({ context, consoleWatch }, use) => {
    consoleWatch.context(context);
    await use(context);
  },
});
export { expect };
