// The smoke journey against `npm run preview`: the production build in workerd, the database behind the
// local libSQL HTTP server. Anything that only works in Node or on the dev server fails here.
import { defineConfig, devices } from "@playwright/test";

export const PREVIEW = {
  port: process.env.PREVIEW_E2E_PORT ?? "8797",
  libsqlPort: process.env.PREVIEW_E2E_LIBSQL_PORT ?? "8098",
  standinsPort: process.env.PREVIEW_E2E_STANDINS_PORT ?? "4098",
  partyPort: process.env.PREVIEW_E2E_PARTY_PORT ?? "2098",
  // The Worker reaches its database through a proxy the fault tests pause (tests/preview/faults.spec.ts).
  libsqlProxyPort: process.env.PREVIEW_E2E_LIBSQL_PROXY_PORT ?? "8099",
  libsqlProxyControlPort: process.env.PREVIEW_E2E_LIBSQL_PROXY_CONTROL_PORT ?? "8100",
  // Overridable so two runs (e.g. one engineer's journey beside another's) never share a database or state.
  dbFile: process.env.PREVIEW_E2E_DB_FILE ?? ".data/preview-e2e.db",
  stateDir: process.env.PREVIEW_E2E_STATE_DIR ?? ".wrangler/preview-e2e",
  standinsDir: process.env.PREVIEW_E2E_STANDINS_DIR ?? ".data/preview-e2e-standins",
};
const baseURL = `http://127.0.0.1:${PREVIEW.port}`;
// The shared fixtures (tests/e2e/fixtures.ts) mint sign-in tokens at the e2e stand-ins' port; in this run the
// stand-ins are the preview's. Test workers inherit this environment.
process.env.E2E_STANDINS_PORT = PREVIEW.standinsPort;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
};

export default defineConfig({
  testDir: "tests/preview",
  outputDir: "test-results-preview",
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/preview.json" }]],
  use: { baseURL, trace: "retain-on-failure", screenshot: "only-on-failure", launchOptions: chromium, navigationTimeout: 45_000 },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium } }],
  webServer: {
    // The build is the one `npm test` made for the budgets and workerd stages (or run `npm run build`).
    command: "npx tsx scripts/preview.mjs --fresh --no-build",
    url: `${baseURL}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM first, so the supervisor stops everything it started (workerd included) before the group is killed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PREVIEW_PORT: PREVIEW.port,
      LIBSQL_PORT: PREVIEW.libsqlPort,
      STANDINS_PORT: PREVIEW.standinsPort,
      PARTYKIT_PORT: PREVIEW.partyPort,
      LIBSQL_PROXY_PORT: PREVIEW.libsqlProxyPort,
      LIBSQL_PROXY_CONTROL_PORT: PREVIEW.libsqlProxyControlPort,
      PREVIEW_DB_FILE: PREVIEW.dbFile,
      PREVIEW_STATE_DIR: PREVIEW.stateDir,
      STANDINS_DATA_DIR: PREVIEW.standinsDir,
      SEED_ORDERS: "400",
    },
  },
});
