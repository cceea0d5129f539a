// Screens fit (issue 14): every main screen at 390 px and 1280 px has no horizontal scrolling of the page,
// Order Tracking at 1280 px shows every column without scrolling and keeps its header in view, and on a
// phone every interactive target is at least 44 × 44 px. Screenshots of each go to tests/e2e/.screens/.
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, isPhone, signIn, signInAs, test, type RoleName } from "./fixtures";

type Screen = { name: string; role: RoleName; path: string; ready: (page: Page) => Promise<void> };

const SCREENS: Screen[] = [
  { name: "home", role: "logistics-manager", path: "/", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "home-warehouse", role: "warehouse-employee", path: "/", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "home-driver", role: "delivery-driver", path: "/", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "order-tracking", role: "admin", path: "/order-tracking", ready: (p) => expect(orders(p).first()).toBeVisible() },
  { name: "order-tracking-warehouse", role: "warehouse-employee", path: "/order-tracking", ready: (p) => expect(orders(p).first()).toBeVisible() },
  { name: "order-tracking-driver", role: "delivery-driver", path: "/order-tracking", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible() },
  { name: "pick-list-check", role: "logistics-manager", path: "/pick-list-check?order=SO-100003", ready: (p) => expect(p.getByTestId("order-number")).toHaveText("SO-100003") },
  { name: "picking", role: "logistics-manager", path: "/pick-list?order=SO-100003", ready: (p) => expect(p.getByTestId("pick-line").first()).toBeVisible() },
  { name: "quickbooks-customers", role: "admin", path: "/quickbooks-customers", ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
];

function orders(page: Page) {
  return isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
}

async function open(page: Page, screen: Screen) {
  if (screen.path.startsWith("/pick-list?")) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(screen.path)}`);
    await signInAs(page, ACCOUNTS[screen.role]);
  } else {
    await signIn(page, screen.role, screen.path);
  }
  await screen.ready(page);
  await page.waitForLoadState("networkidle");
}

/** Visible interactive elements smaller than 44 × 44 px (inline links inside running text excepted). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], summary';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // not drawn, or visually hidden until focused (skip link)
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[aria-hidden='true'], [inert]")) continue;
      if (el.tagName === "A" && style.display === "inline" && el.parentElement && /^(P|LI|SPAN|SMALL)$/.test(el.parentElement.tagName)) continue;
      // A target may be small when its padding-box hit area (via an ancestor label) is big enough.
      const label = el.closest("label");
      const box = label ? label.getBoundingClientRect() : r;
      if (box.width < 44 - 0.5 || box.height < 44 - 0.5) {
        const name = el.getAttribute("aria-label") || el.textContent?.trim().slice(0, 30) || el.getAttribute("name") || el.tagName.toLowerCase();
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  });
}

for (const screen of SCREENS) {
  test(`${screen.name} fits`, async ({ page }) => {
    await open(page, screen);
    await page.screenshot({ path: `tests/e2e/.screens/fit-${screen.name}-${isPhone(page) ? "390" : "1280"}.png`, fullPage: !isPhone(page) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(1);
    if (isPhone(page)) expect(await smallTargets(page)).toEqual([]);
  });
}

test("Order Tracking shows every column at 1280 px and keeps its header in view", { tag: "@desktop-only" }, async ({ page }) => {
  await open(page, SCREENS.find((s) => s.name === "order-tracking")!);
  const table = page.getByRole("table", { name: "Orders" });
  const scroller = await table.evaluate((t) => {
    const box = t.parentElement!;
    return { scroll: box.scrollWidth, client: box.clientWidth };
  });
  expect(scroller.scroll, "the table scrolls sideways").toBeLessThanOrEqual(scroller.client + 1);
  await expect(table.getByRole("columnheader", { name: /Order Date/i })).toBeInViewport();
  await expect(table.getByRole("columnheader", { name: /Actions/i })).toBeInViewport();
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  await expect(table.getByRole("columnheader", { name: /Order #/i })).toBeInViewport();
});
