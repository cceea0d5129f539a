// The Task Center and the drivers' Need Help: a driver asks for help with a photo, a logistics manager sees
// the alert in the bell and reads it; the bell as each role (what each gets, where each task opens, true
// counts, Urgent's order, the spec's order poll and its 'Connection Error').
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";

const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("a driver's help request reaches the managers' Alerts tab", async ({ page, browser }) => {
  await signIn(page, "delivery-driver");
  await page.getByRole("button", { name: "Help", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Need Help?" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `tests/e2e/.screens/need-help-${page.viewportSize()!.width < 768 ? "phone" : "desktop"}.png` });
  const note = `Gate locked at the back dock ${Date.now()}`;
  await dialog.getByLabel(/What's wrong/).fill(note);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "gate.png", mimeType: "image/png", buffer: PNG_1x1 });
  await dialog.getByRole("button", { name: "Request Help" }).click();
  await expect(page.getByText("A manager has been alerted.")).toBeVisible();

  const manager = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(manager, "logistics-manager");
  await manager.getByRole("button", { name: /^Task Center/ }).click();
  const panel = manager.getByRole("dialog", { name: "Task Center" });
  await panel.getByRole("tab", { name: /Alerts/ }).click();
  await expect(panel.getByText(note)).toBeVisible();
  await expect(panel.getByRole("link", { name: "View photo" }).first()).toBeVisible();
  const width = manager.viewportSize()!.width < 768 ? "phone" : "desktop";
  await manager.screenshot({ path: `tests/e2e/.screens/task-center-alerts-${width}.png` });
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(manager.getByRole("button", { name: "Task Center", exact: true })).toBeVisible();
  await manager.close();
});

test("closing the Task Center and Need Help gives focus back to the button that opened them", async ({ page, browser }) => {
  await signIn(page, "logistics-manager");
  const bell = page.getByRole("button", { name: /^Task Center/ });
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Task Center" });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  const driver = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(driver, "delivery-driver");
  const help = driver.getByRole("button", { name: "Help", exact: true }).first();
  await help.click();
  const dialog = driver.getByRole("dialog", { name: "Need Help?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();
  await driver.close();
});

test("a task opens Order Tracking searched by its order number", async ({ page }) => {
  await signIn(page, "logistics-manager");
  await page.getByRole("button", { name: /^Task Center/ }).click();
  const panel = page.getByRole("dialog", { name: "Task Center" });
  await panel.getByRole("tab", { name: /All Tasks/ }).click();
  const first = panel.getByRole("listitem").getByRole("link").first();
  await expect(first).toBeVisible();
  const text = await first.innerText();
  const orderNumber = text.match(/SO-\d+/)?.[0];
  expect(orderNumber, `task text: ${text}`).toBeTruthy();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/order-tracking`));
});

test("a warehouse employee is not offered Help and cannot request it through the API", async ({ page }) => {
  await signIn(page, "warehouse-employee");
  await expect(page.getByRole("button", { name: "Help", exact: true })).toHaveCount(0);
  const res = await page.request.post("/api/delivery/unknown/issue-photo", { multipart: { note: "x" } });
  expect(res.status()).toBe(403);
});

// ---------------------------------------------------------------- the bell as each role

const width = (page: import("@playwright/test").Page) => (isPhone(page) ? "phone" : "desktop");

async function openBell(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: /^Task Center/ }).click();
  const panel = page.getByRole("dialog", { name: "Task Center" });
  await expect(panel.getByText(/^Updated /)).toBeVisible();
  return panel;
}

/** The count a tab shows (its accessible label holds the exact figure). */
async function tabCount(panel: import("@playwright/test").Locator, name: RegExp) {
  const label = await panel.getByRole("tab", { name }).getByLabel(/items$/).getAttribute("aria-label");
  return Number((label ?? "").replace(/[^\d]/g, ""));
}

const PRIORITY_ORDER = ["high", "medium", "low"];


test("the bell polls spec 000's order call and shows an office role's tasks, the most urgent first, with true counts", async ({ page }) => {
  const poll = page.waitForRequest((r) => r.url().endsWith("/api/order-trackers?page=1&limit=500") && r.method() === "GET");
  await signIn(page, "logistics-manager");
  await poll;
  const panel = await openBell(page);
  const urgent = panel.getByRole("tabpanel").getByRole("listitem");
  await expect(urgent.first()).toBeVisible();
  // Urgent: priorities never go back up the list.
  const priorities = await panel.getByRole("tabpanel").locator("li span.rounded-full:not([aria-label])").allInnerTexts();
  const ranks = priorities.map((p) => PRIORITY_ORDER.indexOf(p.trim())).filter((r) => r >= 0);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await page.screenshot({ path: `tests/e2e/.screens/bell-logistics-manager-${width(page)}.png` });

  // The tab counts are the whole lists, not the page: 'Show more' brings the next page.
  await panel.getByRole("tab", { name: /All Tasks/ }).click();
  const all = await tabCount(panel, /All Tasks/);
  const shown = await panel.getByRole("tabpanel").getByRole("listitem").count();
  expect(all).toBeGreaterThan(shown);
  await expect(panel.getByText(`Showing ${shown} of ${all.toLocaleString("en-US")}`)).toBeVisible();
  await panel.getByRole("button", { name: "Show more" }).click();
  await expect(panel.getByRole("tabpanel").getByRole("listitem")).toHaveCount(Math.min(all, shown * 2));
});

for (const role of ["admin", "sales-rep"] as const) {
  test(`${role}: the bell lists the spec's order tasks, and a task opens Order Tracking searched by its number`, async ({ page }) => {
    await signIn(page, role);
    const panel = await openBell(page);
    await expect(panel.getByRole("tab", { name: /Urgent/ })).toHaveAttribute("aria-selected", "true");
    const first = panel.getByRole("tabpanel").getByRole("link").first();
    await expect(first).toContainText("Open in Order Tracking");
    await page.screenshot({ path: `tests/e2e/.screens/bell-${role}-${width(page)}.png` });
    const orderNumber = (await first.innerText()).match(/SO-\d+/)?.[0];
    await expect(first).toHaveAttribute("href", `/order-tracking?searchBy=orderNumber&search=${orderNumber}`);
    await first.click();
    // Order Tracking applies the search, then takes it out of the URL (spec 001 §2): the order is what is listed.
    await expect(page).toHaveURL(/\/order-tracking(\?|$)/);
    await expect(page.getByText(orderNumber!).first()).toBeVisible();
  });
}

test("a warehouse employee's bell holds her picks and checks only, and a pick opens the picking screen", async ({ page }) => {
  await signIn(page, "warehouse-employee");
  const panel = await openBell(page);
  const items = panel.getByRole("tabpanel").getByRole("link");
  await expect(items.first()).toBeVisible();
  await expect(panel.getByText(/Payment Issue|Ready to Process|paymentStatus/)).toHaveCount(0);
  for (const text of await items.allInnerTexts()) {
    // Only the floor's kinds; a task whose order another journey moved on since the list was built says Done.
    expect(text).toMatch(/Pick Order|Overdue Pick|Check and Capture/);
    expect(text).toMatch(/Begin Picking|Open Pick List Check|\bDone\b/);
  }
  await page.screenshot({ path: `tests/e2e/.screens/bell-warehouse-employee-${width(page)}.png` });
  const pick = items.filter({ hasText: "Begin Picking" }).first();
  const orderNumber = (await pick.innerText()).match(/SO-\d+/)?.[0];
  await pick.click();
  await expect(page).toHaveURL(new RegExp(`/pick-list\\?order=${orderNumber}$`));
  await expect(page.getByText(orderNumber!).first()).toBeVisible();
});

test("a driver's bell holds today's deliveries and his own alerts, never a task he cannot act on", async ({ page }) => {
  await signIn(page, "delivery-driver");
  const panel = await openBell(page);
  const items = panel.getByRole("tabpanel").getByRole("link");
  await expect(items.first()).toBeVisible();
  for (const text of await items.allInnerTexts()) {
    expect(text).toMatch(/Complete Delivery|Ready for Delivery/);
    expect(text).not.toMatch(/Payment Issue|Ready to Process/);
  }
  await page.screenshot({ path: `tests/e2e/.screens/bell-delivery-driver-${width(page)}.png` });
  await panel.getByRole("tab", { name: /Alerts/ }).click();
  await expect(panel.getByText("No notifications")).toBeVisible();
  await panel.getByRole("tab", { name: /Urgent/ }).click();
  const first = items.first();
  const orderNumber = (await first.innerText()).match(/SO-\d+/)?.[0];
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/order-tracking#order-${orderNumber}$`));
});

test("a failed order poll becomes the 'Connection Error' alert, and Mark all read reads everything", async ({ page }) => {
  expectConsoleErrors(/status of 503 .*\/api\/order-trackers\?page=1&limit=500/);
  await page.route("**/api/order-trackers?page=1&limit=500", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"success":false,"error":"down"}' }));
  await signIn(page, "admin");
  await expect(page.getByRole("button", { name: /^Task Center, \d+ unread/ })).toBeVisible();
  const panel = await openBell(page);
  await panel.getByRole("tab", { name: /Alerts/ }).click();
  await expect(panel.getByText("Connection Error")).toBeVisible();
  await expect(panel.getByText("Failed to load order data. Please check your connection.")).toBeVisible();
  await page.unroute("**/api/order-trackers?page=1&limit=500");
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(panel.getByText(/^Unread: /)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Task Center", exact: true })).toBeVisible();
});

test("the bell's count is in the page's first HTML, and its lists are asked for once the page has settled", async ({ page }) => {
  const asked: number[] = [];
  const start = Date.now();
  page.on("request", (r) => r.url().includes("/api/tasks") && asked.push(Date.now() - start));
  await signIn(page, "admin");
  const answer = await page.request.get("/api/tasks");
  const { unread } = ((await answer.json()) as { data: { unread: number } }).data;
  // The admin's unread count is whatever the run has left it: the other project's 'Mark all read' (the journey
  // above, on the same server) may have read everything by now. The HTML's label is the API's figure either way.
  const label = unread > 0 ? `Task Center, ${unread} unread` : "Task Center";
  const html = await (await page.request.get("/")).text();
  expect(html).toContain(`aria-label="${label}"`);
  await expect(page.getByRole("button", { name: label, exact: true })).toBeVisible();
  // Nothing asked while the page settles; then the lists come, and opening the bell shows them.
  await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(asked[0]).toBeGreaterThan(2_500);
  const panel = await openBell(page);
  await expect(panel.getByRole("tabpanel").getByRole("link").first()).toBeVisible();
});
