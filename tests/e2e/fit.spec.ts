// Screens fit (issue 14). Every main screen's fit (no horizontal scrolling of the page, nothing cut off or
// sticking out, 44 px targets on a phone: fit-checks.ts) is checked in the one walk over every screen in
// a11y.spec.ts, at 390 px and 1280 px, with axe; here are the layouts that need a journey of their own. Order Tracking at 1280 px shows every column without scrolling and keeps its header in view, and on a
// phone every interactive target is at least 44 × 44 px, toasts included; no box is wider than the screen; Admin Users
// at 1280 px breaks no e-mail inside a word; every delivery wizard step's main button is clear of the footer
// (issue 24). Screenshots of each go to tests/e2e/.screens/.
import type { Locator, Page } from "@playwright/test";
import { expect, isPhone, signIn, test } from "./fixtures";
import { clipped, smallTargets } from "./fit-checks";
import { openScreen, orders, SCREENS } from "./screens";

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

test("Admin Users at 1280 px: no e-mail wraps inside a word, no location or order type cut off", { tag: "@desktop-only" }, async ({ page }) => {
  await openScreen(page, SCREENS.find((s) => s.name === "admin-users")!);
  const rows = page.getByTestId("admin-user-row");
  await expect(rows.first()).toBeVisible();
  const problems = await rows.evaluateAll((items) =>
    items.flatMap((row) => {
      const found: string[] = [];
      for (const p of Array.from(row.querySelectorAll("p"))) {
        const text = p.textContent ?? "";
        if (!/^[^\s@]+@[^\s@]+$/.test(text)) continue;
        // The line each character is drawn on: a new line may start only at the '@' or after a dot.
        const tops: number[] = [];
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(range.getBoundingClientRect().top);
          }
        }
        for (let i = 1; i < text.length; i++) {
          if (tops[i]! > tops[i - 1]! + 2 && text[i] !== "@" && text[i - 1] !== ".") found.push(`${text} breaks as '${text.slice(0, i)}' / '${text.slice(i)}'`);
        }
      }
      for (const button of Array.from(row.querySelectorAll<HTMLElement>('button[aria-label^="Locations of"], button[aria-label^="Order types of"]'))) {
        if (button.scrollWidth > button.clientWidth + 1 || button.scrollHeight > button.clientHeight + 1) found.push(`${button.getAttribute("aria-label")} cut: '${button.textContent}'`);
      }
      return found;
    }),
  );
  expect(problems).toEqual([]);
  expect(await rows.count()).toBeGreaterThan(3);
});

/** The delivery wizard's main button per step, by the step's test id. */
const STEP_ACTIONS: Record<string, string> = {
  "delivery-step-out": "Mark Out for Delivery",
  "delivery-step-cod": "Upload COD Photo",
  "delivery-step-issue": "Upload Issue Photo",
  "delivery-step-signature": "Complete Delivery",
};

test("every step of the delivery wizard shows its main button in view and clear of the footer", async ({ page }) => {
  await openScreen(page, SCREENS.find((s) => s.name === "delivery-wizard")!);
  const dialog = page.getByRole("dialog", { name: /^Order #/ });
  // The footer: the bar that holds Help (and Back, Skip).
  const footer = dialog.getByRole("button", { name: "Help" }).locator("xpath=..");
  // The wizard may reopen on a remembered step: back to the first (Back and Skip move in the wizard only; nothing is sent).
  const back = dialog.getByRole("button", { name: "Back" });
  while (await back.isVisible()) {
    const before = await dialog.locator('[data-testid^="delivery-step-"]').getAttribute("data-testid");
    await back.click();
    await expect(dialog.getByTestId(before!)).toHaveCount(0);
  }
  const seen: string[] = [];
  for (;;) {
    const step = (await dialog.locator('[data-testid^="delivery-step-"]').getAttribute("data-testid"))!;
    seen.push(step);
    const action = dialog.getByRole("button", { name: STEP_ACTIONS[step]! });
    await expect(action).toBeVisible();
    const box = await settledBox(action);
    const bar = await settledBox(footer);
    expect(box.y, `${STEP_ACTIONS[step]} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${STEP_ACTIONS[step]} ends above the footer (at ${bar.y} px)`).toBeLessThanOrEqual(bar.y + 0.5);
    // Nothing drawn over its middle either.
    expect(await action.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!top && el.contains(top);
    })).toBe(true);
    if (step === "delivery-step-signature") break;
    await dialog.getByRole("button", { name: "Skip" }).click();
    await expect(dialog.getByTestId(step)).toHaveCount(0);
  }
  expect(seen).toEqual(expect.arrayContaining(["delivery-step-out", "delivery-step-issue", "delivery-step-signature"]));
  await page.screenshot({ path: `tests/e2e/.screens/fit-delivery-wizard-signature-${isPhone(page) ? "390" : "1280"}.png` });
  if (isPhone(page)) expect(await smallTargets(page)).toEqual([]);
});

test("a toast's close button is a 44 px target on a phone", { tag: "@phone-only" }, async ({ page }) => {
  await openScreen(page, SCREENS.find((s) => s.name === "admin-users")!);
  // Save with nothing changed says so in a toast; nothing is sent.
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  await toast.hover(); // holds the toast while it is measured
  const close = toast.getByRole("button", { name: "Close toast" });
  const box = await settledBox(close);
  await page.screenshot({ path: "tests/e2e/.screens/fit-toast-390.png" });
  expect(box.width).toBeGreaterThanOrEqual(44 - 0.5);
  expect(box.height).toBeGreaterThanOrEqual(44 - 0.5);
  const card = (await toast.boundingBox())!;
  expect(box.x, "inside the toast").toBeGreaterThanOrEqual(card.x - 0.5);
  expect(box.x + box.width, "inside the toast").toBeLessThanOrEqual(card.x + card.width + 0.5);
  expect(await smallTargets(page)).toEqual([]);
});
