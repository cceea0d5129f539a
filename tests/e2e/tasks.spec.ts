// The Task Center and the drivers' Need Help: a driver asks for help with a photo, a logistics manager
// sees the alert in the bell, reads it, and opens an order from a task.
import { expect, signIn, test } from "./fixtures";

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

test("a task opens Order Tracking searched by its order number", async ({ page }) => {
  await signIn(page, "logistics-manager");
  await page.getByRole("button", { name: /^Task Center/ }).click();
  const panel = page.getByRole("dialog", { name: "Task Center" });
  await panel.getByRole("tab", { name: /All Tasks/ }).click();
  const first = panel.getByRole("listitem").getByRole("button").first();
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
