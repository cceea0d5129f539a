// Playwright: real journeys in Debian's Chromium against the whole local product (fresh seeded database),
// each at a phone width (390 px) and a desktop width (1280 px).
import { defineConfig, devices } from "@playwright/test";

export const E2E = {
  appPort: process.env.E2E_APP_PORT ?? "5180",
  standinsPort: process.env.E2E_STANDINS_PORT ?? "4020",
  partyPort: process.env.E2E_PARTY_PORT ?? "2020",
  databaseUrl: process.env.E2E_DATABASE_URL ?? "file:.data/e2e.db",
  standinsDir: process.env.E2E_STANDINS_DIR ?? ".data/e2e-standins",
};
const baseURL = `http://127.0.0.1:${E2E.appPort}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" as const, launchOptions: chromium };
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium };
const FIRST = /order-balance-quiet\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/warm-up.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    // Recording a trace of every test costs about a sixth of the run on 2 cores: CI records the retry of a
    // failed test (and keeps it), an engineer's run keeps the trace of every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
    navigationTimeout: 45_000,
  },
  projects: [
    // Journeys that need a state no other journey has changed yet (QuickBooks never connected) run first, at
    // both widths; everything else waits for them and then runs in parallel.
    { name: "phone-first", testMatch: FIRST, grepInvert: /@desktop-only/, use: phone },
    { name: "desktop-first", testMatch: FIRST, grepInvert: /@phone-only/, use: desktop },
    // Tests tagged for one width (a touch gesture, the desktop checkbox column) run only in that project.
    { name: "phone", testIgnore: FIRST, grepInvert: /@desktop-only/, use: phone, dependencies: ["phone-first", "desktop-first"] },
    { name: "desktop", testIgnore: FIRST, grepInvert: /@phone-only/, use: desktop, dependencies: ["phone-first", "desktop-first"] },
  ],
  webServer: {
    command: "node scripts/dev.mjs --fresh",
    url: `${baseURL}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM first, so the supervisor stops everything it started (workerd included) before the group is killed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      APP_PORT: E2E.appPort,
      STANDINS_PORT: E2E.standinsPort,
      PARTYKIT_PORT: E2E.partyPort,
      DATABASE_URL: E2E.databaseUrl,
      ENVIRONMENT: "test",
      SEED_ORDERS: "400",
      STANDINS_DATA_DIR: E2E.standinsDir,
      VITE_CACHE_DIR: process.env.VITE_CACHE_DIR ?? "node_modules/.vite",
    },
  },
});
