// Global setup: the Vite dev server compiles modules on first request, so one signed-in visit warms it
// before parallel journeys start (otherwise the first tests race the compiler on a 2-core machine).
import { chromium, type FullConfig } from "@playwright/test";

export default async function warmUp(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  const page = await browser.newPage({ baseURL: use.baseURL });
  page.setDefaultTimeout(120_000);
  await page.goto("/login");
  await page.getByRole("button", { name: /sign in with google/i }).click();
  await page.getByRole("button", { name: /admin@goldengrain\.test/ }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await browser.close();
}
