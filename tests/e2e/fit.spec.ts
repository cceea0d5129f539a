// Screens fit (issue 14): every main screen (the table in screens.ts, shared with a11y.spec.ts) at 390 px and 1280 px has no horizontal scrolling of the page,
// Order Tracking at 1280 px shows every column without scrolling and keeps its header in view, and on a
// phone every interactive target is at least 44 × 44 px. Screenshots of each go to tests/e2e/.screens/.
import type { Locator, Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";
import { deliveredProofPath } from "./proof-helpers";
import { openScreen, orders, SCREENS } from "./screens";

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

/**
 * Boxes whose content is cut off sideways: a clipping or scrolling element whose content is wider than it,
 * and text cut by `text-overflow: ellipsis` without the whole value in a title. A sideways scroller meant as
 * one (a row of chips) says so with `data-scroll-x`.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest("[aria-hidden='true'], [data-scroll-x], .sr-only")) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "visible" || el.scrollWidth <= el.clientWidth + 1) continue;
      if (style.textOverflow === "ellipsis" && (el.title || el.closest("[title]"))) continue;
      const name = el.getAttribute("aria-label") || el.getAttribute("data-testid") || el.textContent?.trim().slice(0, 30) || el.tagName.toLowerCase();
      out.push(`${el.tagName.toLowerCase()} "${name}" ${el.clientWidth} < ${el.scrollWidth}`);
    }
    return out;
  });
}

for (const screen of SCREENS) {
  test(`${screen.name} fits`, async ({ page }) => {
    await openScreen(page, screen);
    await page.screenshot({ path: `tests/e2e/.screens/fit-${screen.name}-${isPhone(page) ? "390" : "1280"}.png`, fullPage: !isPhone(page) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(1);
    expect(await clipped(page), "content cut off sideways").toEqual([]);
    if (isPhone(page)) expect(await smallTargets(page)).toEqual([]);
  });
}

test("Order Tracking shows every column at 1280 px and keeps its header in view", { tag: "@desktop-only" }, async ({ page }) => {
  await openScreen(page, SCREENS.find((s) => s.name === "order-tracking")!);
  const table = page.getByRole("table", { name: "Orders" });
  const scroller = await table.evaluate((t) => {
    const box = t.parentElement!;
    return { scroll: box.scrollWidth, client: box.clientWidth };
  });
  expect(scroller.scroll, "the table scrolls sideways").toBeLessThanOrEqual(scroller.client + 1);
  await expect(table.getByRole("columnheader", { name: /Order Date/i })).toBeInViewport();
  await expect(table.getByRole("columnheader", { name: /Actions/i })).toBeInViewport();
  const top = (await table.boundingBox())!.y;
  await page.mouse.wheel(0, 1500);
  // Scrolled (the table moved up, whichever box scrolls) before the header is checked.
  await expect.poll(async () => (await table.boundingBox())!.y).toBeLessThan(top - 200);
  await expect(table.getByRole("columnheader", { name: /Order #/i })).toBeInViewport();
});

/** The element's box once layout has settled: the same in two reads a painted frame apart. */
async function settledBox(locator: Locator) {
  let last = "";
  let box = await locator.boundingBox();
  await expect
    .poll(async () => {
      await locator.page().evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
      box = await locator.boundingBox();
      const now = JSON.stringify(box);
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  return box!;
}

/** Opens an order's detail from the list searched by its number. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/order-tracking?searchBy=orderNumber&search=${orderNumber}`);
  await expect(orders(page)).toHaveCount(1);
  // The page takes the search out of the address (a navigation of its own): opening before that interrupts it.
  await expect(page).toHaveURL(/\/order-tracking$/);
  if (isPhone(page)) await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber}`) }).click();
  else await page.getByRole("button", { name: orderNumber, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the order detail's items are cards on a phone: every line total and the order total in view, nothing cut off", { tag: "@phone-only" }, async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  await expect(orders(page).first()).toBeVisible();
  const dialog = await openOrder(page, "SO-100021");
  const cards = dialog.getByRole("list", { name: "Items" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Items" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const width = page.viewportSize()!.width;
  const totals = [...(await dialog.getByTestId("item-line-total").all()), dialog.getByTestId("order-total")];
  for (const total of totals) {
    await total.scrollIntoViewIfNeeded();
    const box = (await total.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await total.innerText()} ends inside the screen`).toBeLessThanOrEqual(width);
    expect(await total.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  await dialog.getByRole("heading", { name: "Items", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/e2e/.screens/fit-order-detail-items-390.png" });
  expect(await clipped(page), "content cut off sideways").toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
});

test("the order detail keeps its size between view, edit and the edit's steps", { tag: "@desktop-only" }, async ({ page }) => {
  await signIn(page, "logistics-manager", "/order-tracking");
  await expect(orders(page).first()).toBeVisible();
  const dialog = await openOrder(page, "SO-100022");
  await expect(dialog.getByRole("heading", { name: "Items", exact: true })).toBeVisible();
  const sizes: { step: string; width: number; height: number; x: number; y: number }[] = [];
  const measure = async (step: string) => {
    const box = await settledBox(dialog);
    sizes.push({ step, width: box.width, height: box.height, x: box.x, y: box.y });
  };
  await measure("view");
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(dialog.getByText(/Step 1 of \d: Payment/)).toBeVisible();
  await measure("payment");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText(/Step 2 of \d/)).toBeVisible();
  await measure("step 2");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText(/Step 3 of \d/)).toBeVisible();
  await measure("step 3");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await measure("view again");
  const first = sizes[0]!;
  for (const s of sizes) {
    for (const key of ["width", "height", "x", "y"] as const) expect(Math.abs(s[key] - first[key]), `${key} at ${s.step}: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(2);
  }
});

test("the customer's delivery proof page fits", async ({ page, browser }) => {
  await page.goto(await deliveredProofPath(browser, isPhone(page) ? 2 : 3));
  await expect(page.getByRole("heading", { level: 1, name: "Proof of delivery" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `tests/e2e/.screens/fit-delivery-proof-${isPhone(page) ? "390" : "1280"}.png`, fullPage: !isPhone(page) });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "the page scrolls sideways").toBeLessThanOrEqual(1);
  expect(await clipped(page), "content cut off sideways").toEqual([]);
  if (isPhone(page)) expect(await smallTargets(page)).toEqual([]);
});
