// Warehouse Capture as the warehouse employee (spec 001 §2, §4, §5, §8): her order's row opens the capture; the
// spec's alerts; a save; a second device saving first gives the 409 and 'Already completed' switch; more
// photos; and a Will Call order's capture opens its Will Call PDF.
import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";
import { listOrders, mineOf, openRow, PNG, shot, sign, viewerText, type ListedOrder } from "./documents-helpers";

async function uncaptured(page: Page, orders: ListedOrder[]): Promise<ListedOrder> {
  for (const o of mineOf(page, orders)) {
    const res = await (await page.request.get(`/api/warehouse/${o._id}/capture`)).json();
    if (!res.exists) return o;
  }
  throw new Error("no uncaptured order assigned to the warehouse employee");
}

async function openCapture(page: Page, order: ListedOrder) {
  await openRow(page, order.orderNumber);
  const dialog = page.getByRole("dialog", { name: `Warehouse Capture — ${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Capture" })).toBeVisible();
  return dialog;
}

test("a warehouse employee captures an order, meets the 409 switch and adds photos", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "warehouse-employee", "/order-tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const mine = (await listOrders(page)).filter((o) => o.orderType !== "Will Call");
  const first = await uncaptured(page, mine);

  // The row opens the capture, not the order detail.
  const dialog = await openCapture(page, first);
  await expect(page.getByRole("dialog", { name: `Order ${first.orderNumber}` })).toHaveCount(0);
  const pad = dialog.getByTestId("signature-pad");
  await expect(pad).toHaveCSS("height", isPhone(page) ? "200px" : "240px");

  await dialog.getByRole("button", { name: "Save Capture" }).click();
  await expect(dialog.getByText("Enter the customer name.")).toBeVisible();
  await dialog.getByLabel("Customer name (printed)").fill("Carlos Customer");
  await dialog.getByRole("button", { name: "Save Capture" }).click();
  await expect(dialog.getByText("Please capture a signature.")).toBeVisible();
  await sign(page, pad);
  await dialog.getByLabel("Attachments (images and PDFs)").setInputFiles([
    { name: "pallet.png", mimeType: "image/png", buffer: PNG },
    { name: "second.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(dialog.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Remove second.png" }).click();
  await shot(page, "capture", "form");
  await dialog.getByRole("button", { name: "Save Capture" }).click();

  await expect(dialog.getByText("Warehouse capture completed.")).toBeVisible();
  await expect(dialog.getByText("Carlos Customer")).toBeVisible();
  await expect(dialog.getByText(/Attachments \(1\)/)).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Signature of Carlos Customer" })).toBeVisible();
  await expect(dialog.getByText(/Digital Pick List/)).toBeVisible();

  // More photos: Clear empties the choice; Upload More Photos adds them.
  await dialog.getByLabel("Photos or PDFs").setInputFiles([{ name: "extra-1.png", mimeType: "image/png", buffer: PNG }]);
  await dialog.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Upload More Photos" })).toBeDisabled();
  await dialog.getByLabel("Photos or PDFs").setInputFiles([
    { name: "extra-1.png", mimeType: "image/png", buffer: PNG },
    { name: "extra-2.png", mimeType: "image/png", buffer: PNG },
  ]);
  await dialog.getByRole("button", { name: "Upload More Photos" }).click();
  await expect(dialog.getByText("Added 2 attachment(s).")).toBeVisible();
  await expect(dialog.getByText(/Attachments \(3\)/)).toBeVisible();
  // An image opens in the zoom view.
  await dialog.getByRole("button", { name: "View pallet.png" }).click();
  await expect(page.getByRole("img", { name: "pallet.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await shot(page, "capture", "viewer");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // The 409 path: the form is open here while another device saves first.
  expectConsoleErrors(/status of 409 \(Conflict\) \[http:\/\/[^\]]+\/api\/warehouse\/\d+\/capture\]/);
  const second = await uncaptured(page, mine.filter((o) => o.orderNumber !== first.orderNumber));
  const form = await openCapture(page, second);
  const other = await page.request.post(`/api/warehouse/${second._id}/capture`, {
    multipart: { signedByName: "Other Device", signature: { name: "signature.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(other.status()).toBe(201);
  await form.getByLabel("Customer name (printed)").fill("Late Save");
  await sign(page, form.getByTestId("signature-pad"));
  await form.getByRole("button", { name: "Save Capture" }).click();
  await expect(form.getByText("Already completed: Capture already exists. Switched to upload-more-photos view.")).toBeVisible();
  await expect(form.getByText("Other Device")).toBeVisible();
  await expect(form.getByRole("region", { name: "Add more photos" })).toBeVisible();
});

test("a Will Call order's capture generates and opens its Will Call PDF", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "warehouse-employee", "/order-tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const order = await uncaptured(page, (await listOrders(page)).filter((o) => o.orderType === "Will Call"));
  const dialog = await openCapture(page, order);
  await dialog.getByLabel("Customer name (printed)").fill("Walter Willcall");
  await sign(page, dialog.getByTestId("signature-pad"));
  await dialog.getByRole("button", { name: "Save Capture" }).click();

  const { text } = await viewerText(page, `WILL CALL - ${order.orderNumber}`);
  expect(text).toContain(`WILL CALL - ${order.orderNumber}`);
  expect(text).toContain("Walter Willcall");
  await shot(page, "capture", "will-call");
});
