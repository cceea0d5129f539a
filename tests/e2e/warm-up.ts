// Global setup: the Vite dev server compiles modules on first request, so one signed-in visit warms it
// before parallel journeys start (otherwise the first tests race the compiler on a 2-core machine).
import { chromium, type FullConfig, type Page } from "@playwright/test";

async function signInOnce(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: /sign in with google/i }).click({ timeout: 45_000 });
  await page.getByRole("button", { name: /admin@goldengrain\.test/ }).click({ timeout: 45_000 });
  await page.waitForURL((url) => url.pathname === "/", { timeout: 60_000 });
  await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 60_000 });
}

export default async function warmUp(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    // A fresh clone's first requests may still make Vite re-optimize and reload the page: retry.
    for (let attempt = 1; ; attempt++) {
      const page = await browser.newPage({ baseURL: use.baseURL });
      try {
        await signInOnce(page);
        break;
      } catch (error) {
        if (attempt >= 4) throw error;
        console.warn(`warm-up attempt ${attempt} failed, retrying: ${(error as Error).message.split("\n")[0]}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}
