// The driver's delivery wizard (spec 001 §4, §5, §8; issue 8) on a 390 px phone: a normal order completed
// with geolocation granted, Help reverting it, completed again with geolocation denied; a cash-on-delivery
// order done entirely offline (out for delivery, COD photo, signature, completion) and synced once when the
// signal returns; the delivery order PDF read as text. On desktop: the pills and the modal.
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { sign as signPad } from "./documents-helpers";
import { expect, expectConsoleErrors, signIn, test } from "./fixtures";

// Long journeys (a whole delivery, twice) on machines shared with other runs.
test.describe.configure({ timeout: 180_000 });

type Row = { _id: number; orderNumber: string; paymentStatus?: string; orderStatus: string; hasDeliveryOrder?: boolean; deliveryCompletedAt?: string | null; address?: { lines: string[] } };

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Orders of the driver's scope that are not delivered yet, one COD and one not, not used by another test. */
async function pickOrders(request: APIRequestContext): Promise<{ normal: Row; cod: Row; spare: Row }> {
  const res = await request.get("/api/order-trackers?limit=500&page=1");
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()) as { data: Row[] }).data.filter((r) => !r.hasDeliveryOrder && !r.deliveryCompletedAt && !/cancel/i.test(r.orderStatus ?? "") && (r.address?.lines.length ?? 0) > 0);
  const isCod = (r: Row) => (r.paymentStatus ?? "").toLowerCase() === "cash on delivery";
  const project = test.info().project.name;
  // Each project takes its own orders (the two may run at once against one database).
  const pick = <T,>(list: T[]) => list[project === "phone" ? 0 : list.length - 1]!;
  const normals = rows.filter((r) => !isCod(r));
  const cods = rows.filter(isCod);
  expect(normals.length).toBeGreaterThan(2);
  expect(cods.length).toBeGreaterThan(1);
  return { normal: pick(normals), cod: pick(cods), spare: normals[project === "phone" ? 1 : normals.length - 2]! };
}

/** The driver's row opens the wizard: Order Tracking searched by the order number, then a tap on its row. */
async function openWizard(page: Page, orderNumber: string) {
  await page.goto(`/order-tracking?searchBy=orderNumber&search=${orderNumber}`);
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  const opener = phone ? page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber},`) }) : page.getByRole("button", { name: orderNumber, exact: true });
  await opener.first().click();
  const dialog = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The wizard's signature, drawn until the pad says it is signed. */
const sign = (page: Page) => signPad(page, page.getByTestId("signature-pad"));

async function meta(request: APIRequestContext, orderNumber: string) {
  const res = await request.get(`/api/delivery/${orderNumber}/meta`);
  return ((await res.json()) as { data: { hasDeliveryOrder: boolean; deliveryCompletedAt: string | null; deliveryCompleteGeo: { lat: number; lng: number } | null; signedByName: string | null; codCollectedCents: number | null } }).data;
}

async function completions(request: APIRequestContext, orderNumber: string): Promise<number> {
  const res = await request.get(`/api/order-trackers/${orderNumber}/history`);
  const body = (await res.json()) as { data: { timeline: { changes: { field: string; after: unknown }[] }[] } };
  return body.data.timeline.filter((e) => e.changes.some((c) => c.field === "deliveryCompletedAt" && c.after)).length;
}

function pdfText(bytes: Buffer): string {
  return execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
}

test("@phone-only a driver completes a delivery with geolocation, reverts it with Help, and completes again with geolocation denied", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 40.7683, longitude: -73.5252, accuracy: 9 });
  await signIn(page, "delivery-driver", "/order-tracking");
  const { normal } = await pickOrders(page.request);
  const dialog = await openWizard(page, normal.orderNumber);

  await expect(dialog.getByText("Step 1 of 4")).toBeVisible();
  await expect(dialog.getByRole("progressbar", { name: "Delivery progress" })).toHaveAttribute("aria-valuenow", "25");
  await expect(dialog.getByTestId("delivery-address")).not.toBeEmpty();
  await expect(dialog.getByRole("link", { name: "Map" })).toHaveAttribute("href", /google\.com\/maps/);
  await expect(dialog.getByText("Manager will assist.")).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/delivery-step1-phone.png" });

  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(page.getByText("Order marked out for delivery")).toBeVisible();
  await expect(dialog.getByText("Step 2 of 4")).toBeVisible();
  await expect(dialog.locator("input#issue-photo")).toHaveAttribute("capture", "environment");
  await expect(dialog.locator("input#issue-photo")).toHaveAttribute("accept", "image/*");
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog.getByText("Step 3 of 4")).toBeVisible();

  // The step is remembered per order: closing and reopening lands on the signature step again.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  const again = await openWizard(page, normal.orderNumber);
  await expect(again.getByText("Step 3 of 4")).toBeVisible();

  await again.getByLabel(/Receiver name/).fill("  Ann Receiver ");
  await sign(page);
  await page.screenshot({ path: "tests/e2e/.screens/delivery-signature-phone.png" });
  await again.getByRole("button", { name: "Complete Delivery" }).click();
  await expect(page.getByText("Delivery completed. Opening Delivery Order…")).toBeVisible();
  await expect(page.getByRole("dialog", { name: `Delivery Order - ${normal.orderNumber}` })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/delivery-do-phone.png" });
  await page.getByRole("dialog", { name: `Delivery Order - ${normal.orderNumber}` }).getByRole("button", { name: "Close" }).first().click();
  await expect(again.getByText("Step 4 of 4")).toBeVisible();

  const done = await meta(page.request, normal.orderNumber);
  expect(done).toMatchObject({ hasDeliveryOrder: true, signedByName: "Ann Receiver", deliveryCompleteGeo: { lat: 40.7683, lng: -73.5252 } });

  // Help reverts completion and returns to the signature step.
  await again.getByRole("button", { name: "Help" }).click();
  await expect(page.getByText("Delivery completion reverted. You can make corrections and complete again.")).toBeVisible();
  await expect(again.getByText("Step 3 of 4")).toBeVisible();
  expect((await meta(page.request, normal.orderNumber)).hasDeliveryOrder).toBe(false);

  // Geolocation now refused: completion goes through without a point.
  await context.clearPermissions();
  await again.getByLabel(/Receiver name/).fill("Ann Second");
  await again.getByRole("button", { name: "Complete Delivery" }).click();
  await expect(page.getByText("Delivery completed. Opening Delivery Order…")).toBeVisible();
  await page.getByRole("dialog", { name: `Delivery Order - ${normal.orderNumber}` }).getByRole("button", { name: "Close" }).first().click();
  const second = await meta(page.request, normal.orderNumber);
  expect(second).toMatchObject({ hasDeliveryOrder: true, signedByName: "Ann Second", deliveryCompleteGeo: null });

  // Reopened after delivery, the wizard jumps to the last step.
  await again.getByRole("button", { name: "Close" }).click();
  const last = await openWizard(page, normal.orderNumber);
  await expect(last.getByText("Step 4 of 4")).toBeVisible();
  await expect(last.getByRole("button", { name: "Open Delivery Order" })).toBeEnabled();
});

test("@phone-only a cash-on-delivery order done offline waits on the phone and is sent once when the signal returns", async ({ page, context }) => {
  // Requests made while offline fail in the browser before they are kept in the outbox.
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch|WebSocket|\[vite\]/);
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 40.7, longitude: -73.9, accuracy: 20 });
  await signIn(page, "delivery-driver", "/order-tracking");
  const { cod } = await pickOrders(page.request);
  const dialog = await openWizard(page, cod.orderNumber);
  await expect(dialog.getByText("Step 1 of 5")).toBeVisible();
  // The wizard has its meta (due amount, lines) before the signal goes.
  await expect(dialog.getByText(/due/).first()).toBeVisible({ timeout: 10_000 }).catch(() => undefined);

  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(page.getByText("Saved on this phone")).toBeVisible();
  await expect(dialog.getByText("Step 2 of 5")).toBeVisible();

  // COD photo: the warning without a photo, then a camera photo.
  await dialog.getByRole("button", { name: "Upload COD Photo" }).click();
  await expect(page.getByText("Please select an image first")).toBeVisible();
  await dialog.locator("input#cod-photo").setInputFiles({ name: "cash.png", mimeType: "image/png", buffer: PNG_1PX });
  await dialog.getByRole("button", { name: "Upload COD Photo" }).click();
  await expect(page.getByText("Photo saved on this phone")).toBeVisible();
  await expect(dialog.getByText("Step 3 of 5")).toBeVisible();
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog.getByText("Step 4 of 5")).toBeVisible();

  await dialog.getByLabel(/Receiver name/).fill("Carl Cash");
  await sign(page);
  // Cash that is not an amount: the wizard says so under the field, in plain words, and keeps the rest typed.
  await dialog.getByLabel(/Cash collected/).fill("lots");
  await dialog.getByRole("button", { name: "Complete Delivery" }).click();
  await expect(dialog.locator("#cash-collected-error")).toHaveText("Enter an amount, e.g. 120.50");
  await expect(dialog.getByLabel(/Cash collected/)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel(/Receiver name/)).toHaveValue("Carl Cash");
  await page.screenshot({ path: "tests/e2e/.screens/delivery-field-error-phone.png" });
  await dialog.getByLabel(/Cash collected/).fill("100.00");
  await expect(dialog.locator("#cash-collected-error")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Complete Delivery" }).click();
  await expect(page.getByText("Delivery saved on this phone")).toBeVisible();
  await expect(dialog.getByText("Step 5 of 5")).toBeVisible();
  await expect(dialog.getByText("3 waiting to send")).toBeVisible();
  await page.screenshot({ path: "tests/e2e/.screens/delivery-offline-phone.png" });

  await context.setOffline(false);
  await expect(dialog.getByText(/waiting to send/)).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText("Delivery completed. Opening Delivery Order…")).toBeVisible();
  await expect.poll(async () => (await meta(page.request, cod.orderNumber)).hasDeliveryOrder).toBe(true);
  const m = await meta(page.request, cod.orderNumber);
  expect(m).toMatchObject({ signedByName: "Carl Cash", codCollectedCents: 10_000 });
  expect(await completions(page.request, cod.orderNumber)).toBe(1);

  // The delivery order, read as text.
  const link = await page.request.get(`/api/delivery/${cod.orderNumber}/do`);
  const url = ((await link.json()) as { presignedUrl: string }).presignedUrl;
  const pdf = await page.request.get(url);
  const text = pdfText(await pdf.body());
  expect(text).toContain("DELIVERY ORDER");
  expect(text).toContain(cod.orderNumber);
  expect(text).toContain("Carl Cash");
  expect(text).toContain("Cash on delivery");
  expect(text).toMatch(/Collected \$100\.00/);
  expect(text).toContain("COD photo");
  expect(text).toContain("40.700000, -73.900000");
});

test("@phone-only Need Help from the header names the chosen delivery in the manager's alert", async ({ page }) => {
  await signIn(page, "delivery-driver", "/");
  const res = await page.request.get("/api/delivery/today");
  const today = ((await res.json()) as { data: { orderId: number; orderNumber: string }[] }).data;
  // The seed gives the driver deliveries today; an empty list is a failure, not a reason to skip.
  expect(today.length, "deliveries today in the e2e seed").toBeGreaterThan(0);
  await page.getByRole("button", { name: "Help" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Need Help?" });
  await expect(dialog.getByLabel(/Which delivery/)).toBeVisible();
  await expect(dialog.getByRole("option", { name: new RegExp(today[0]!.orderNumber) })).toBeAttached();
  await dialog.getByLabel(/Which delivery/).selectOption(String(today[0]!.orderId));
  await dialog.getByLabel(/What's wrong/).fill("Truck will not start");
  await dialog.getByRole("button", { name: "Request Help" }).click();
  await expect(page.getByText("A manager has been alerted.")).toBeVisible();
});

test("@desktop-only the wizard is a modal with step pills on a desktop", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "delivery-driver", "/order-tracking");
  const { spare } = await pickOrders(page.request);
  const dialog = await openWizard(page, spare.orderNumber);
  const pills = dialog.getByRole("list", { name: "Delivery steps" });
  await expect(pills.getByText("1. Out for Delivery")).toHaveAttribute("aria-current", "step");
  await expect(pills.getByRole("listitem")).toHaveCount((spare.paymentStatus ?? "").toLowerCase() === "cash on delivery" ? 5 : 4);
  await expect(dialog.getByText(/Step \d of \d/)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(pills.getByText(/^2\. /)).toHaveAttribute("aria-current", "step");
  await page.screenshot({ path: "tests/e2e/.screens/delivery-wizard-desktop.png" });
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied address to clipboard")).toBeVisible();
});

test("@phone-only a photo taken without signal survives closing the app and is sent once on the next start", async ({ page, context }) => {
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch|WebSocket|\[vite\]/);
  await signIn(page, "delivery-driver", "/order-tracking");
  const { spare } = await pickOrders(page.request);
  const dialog = await openWizard(page, spare.orderNumber);
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog.getByTestId("delivery-step-issue")).toBeVisible();

  await context.setOffline(true);
  await dialog.locator("input#issue-photo").setInputFiles({ name: "dock.png", mimeType: "image/png", buffer: PNG_1PX });
  await dialog.getByLabel("Note").fill("Dock door jammed");
  await dialog.getByRole("button", { name: "Upload Issue Photo" }).click();
  await expect(page.getByText("Photo saved on this phone")).toBeVisible();
  await expect(dialog.getByText("1 waiting to send")).toBeVisible();

  // The app is closed with the photo still on the phone; the signal comes back; the app starts again.
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto("/");
  await expect.poll(async () => (await meta(next.request, spare.orderNumber)) && ((await (await next.request.get(`/api/delivery/${spare.orderNumber}/meta`)).json()) as { data: { photos: { issue: number } } }).data.photos.issue, { timeout: 30_000 }).toBe(1);
  // The header's outbox state has nothing waiting (it may say "All sent" for a few seconds).
  await expect(next.getByTestId("outbox-indicator").filter({ hasText: /waiting to send|needs you/ })).toHaveCount(0);
  // Sent once: starting again sends nothing more.
  await next.reload();
  // Quiet network after the restart: the outbox's start-up flush (if it sent anything) has been answered.
  await next.waitForLoadState("networkidle");
  await expect(next.getByTestId("outbox-indicator").filter({ hasText: /waiting to send|needs you/ })).toHaveCount(0);
  const after = (await (await next.request.get(`/api/delivery/${spare.orderNumber}/meta`)).json()) as { data: { photos: { issue: number } } };
  expect(after.data.photos.issue).toBe(1);
});
