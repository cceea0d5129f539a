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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
    navigationTimeout: 45_000,
  },
  projects: [
    // Tests tagged for one width (a touch gesture, the desktop checkbox column) run only in that project.
    { name: "phone", grepInvert: /@desktop-only/, use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium", launchOptions: chromium } },
    { name: "desktop", grepInvert: /@phone-only/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
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
