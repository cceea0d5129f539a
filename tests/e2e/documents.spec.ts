// Order documents as office staff (spec 001 §2, §4, §5, §8): a logistics manager generates, views and emails a
// Freight order's pick list, re-enables the email, creates its BOL from the prompt after the trucking step,
// and generates a Will Call. Every document opens in the in-app viewer and its text is checked.
import { expect, isPhone, signIn, test } from "./fixtures";
import { listOrders, mineOf, openRow, shot, sign, viewerText } from "./documents-helpers";


test("a logistics manager generates, emails and views a pick list and creates a BOL for a Freight order", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "logistics-manager", "/order-tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();

  // A Freight order of NY-MAIN (which has email routing) with no BOL yet.
  const freight = mineOf(page, (await listOrders(page, "&searchBy=orderType&search=Freight")).filter((o) => o.warehouseLocation === "NY-MAIN"));
  let order: (typeof freight)[number] | undefined;
  for (const o of freight) {
    const bol = await (await page.request.get(`/api/order-trackers/${o._id}/bol`)).json();
    if (!bol.exists) {
      order = o;
      break;
    }
  }
  expect(order, "a Freight order at NY-MAIN without a BOL").toBeTruthy();
  const { orderNumber } = order!;

  await openRow(page, orderNumber);
  const detail = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(detail).toBeVisible();
  const documents = detail.getByRole("region", { name: "Pick list" }).or(detail.locator("section[aria-label='Pick list']"));
  await expect(documents).toBeVisible();

  // Generate (or view) the pick list: it opens in the viewer; its text names the order.
  await detail.getByRole("button", { name: /Generate Pick List|View Pick List/ }).click();
  const pick = await viewerText(page, `Pick List — ${orderNumber}`);
  expect(pick.text).toContain("RELEASE ORDER / PICK LIST");
  expect(pick.text).toContain(orderNumber);
  await shot(page, "documents", "pick-list-viewer");
  await pick.viewer.getByRole("button", { name: "Close" }).click();
  await expect(detail.getByTestId("pick-list-state")).toHaveText(/Generated|Emailed/);

  // Email it (a rerun finds it emailed: re-enable first), then it cannot be sent twice until re-enabled.
  if (await detail.getByRole("button", { name: "Re-enable Email" }).isVisible()) await detail.getByRole("button", { name: "Re-enable Email" }).click();
  await detail.getByRole("button", { name: "Email Pick List" }).click();
  await expect(detail.getByText("Release Order emailed successfully.")).toBeVisible();
  await expect(detail.getByTestId("pick-list-state")).toHaveText(/^Emailed /);
  await expect(detail.getByRole("button", { name: "Emailed" })).toBeDisabled();
  await detail.getByRole("button", { name: "Re-enable Email" }).click();
  await expect(detail.getByText(/Email re-enabled/)).toBeVisible();
  await expect(detail.getByRole("button", { name: "Email Pick List" })).toBeEnabled();

  // Regenerate makes a new PDF.
  await detail.getByRole("button", { name: "Regenerate" }).click();
  await viewerText(page, `Pick List — ${orderNumber}`);
  await page.getByRole("dialog", { name: `Pick List — ${orderNumber}` }).getByRole("button", { name: "Close" }).click();

  // The edit stepper: after the trucking step of a Freight order without a BOL, the BOL prompt.
  await detail.getByRole("button", { name: "Edit", exact: true }).click();
  await detail.getByRole("radio", { name: "Net 30" }).click();
  await detail.getByRole("button", { name: "Next" }).click();
  await detail.getByLabel("Order type").selectOption("Freight");
  await detail.getByRole("button", { name: "Next" }).click();
  const group = detail.getByRole("group", { name: "Warehouse assignment" });
  await expect(group.getByRole("checkbox").first()).toBeVisible();
  if ((await group.getByRole("checkbox", { checked: true }).count()) === 0) await group.getByRole("checkbox").first().check();
  await detail.getByRole("button", { name: "Next" }).click();
  await detail.getByLabel("Trucking company", { exact: true }).selectOption("Estes");
  await detail.getByRole("button", { name: "Next" }).click();

  const prompt = page.getByRole("dialog", { name: `Create BOL — ${orderNumber}` });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText("You can skip and add BOL later if details not ready")).toBeVisible();
  await expect(prompt.getByLabel("Place of discharge")).toHaveValue("Hicksville, NY");
  await expect(prompt.getByLabel("Freight carrier")).toHaveValue("Estes");
  await expect(prompt.getByRole("radio", { name: "Prepaid" })).toHaveAttribute("aria-checked", "true");
  await expect(prompt.getByRole("button", { name: "Save BOL" })).toBeDisabled();
  await prompt.getByLabel("Net weight (lbs)").fill("2400");
  await expect(prompt.getByRole("button", { name: "Save BOL" })).toBeEnabled();
  await prompt.getByLabel("Total packages").fill("12");
  await prompt.getByRole("radio", { name: "Collect" }).click();
  await prompt.getByLabel("Comments").fill("Stack no more than two high");
  await shot(page, "documents", "bol-prompt");
  await prompt.getByRole("button", { name: "Save BOL" }).click();

  const bol = await viewerText(page, `BOL — ${orderNumber}`);
  for (const s of [`BILL OF LADING - ${orderNumber}`, "Hicksville, NY", "Collect", "Estes", "2,400 lbs", "Stack no more than two high"]) expect(bol.text).toContain(s);
  await shot(page, "documents", "bol-viewer");
  await bol.viewer.getByRole("button", { name: "Close" }).click();

  // The stepper goes on to Notes; the detail's Documents card now offers the BOL.
  await expect(detail.getByText(/Step 5 of 5: Notes/)).toBeVisible();
  // Leaving the edit with its changes asks first (issue 14), in the app's own dialog: discard them.
  await detail.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog", { name: "Discard your changes to this order?" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(detail.getByTestId("bol-state")).toHaveText(/^Created/);
  await detail.getByRole("button", { name: "Open BOL" }).click();
  await viewerText(page, `BOL — ${orderNumber}`);
});

test("a logistics manager generates a WILL CALL from the dialog and it opens in the viewer", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "logistics-manager", "/order-tracking");
  await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  const [order] = mineOf(page, await listOrders(page, "&searchBy=orderType&search=Will%20Call"));
  expect(order).toBeTruthy();
  await openRow(page, order!.orderNumber);
  const detail = page.getByRole("dialog", { name: `Order ${order!.orderNumber}` });
  await detail.getByRole("button", { name: "Generate WILL CALL" }).click();

  const dialog = page.getByRole("dialog", { name: "Generate WILL CALL" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Order ${order!.orderNumber}`)).toBeVisible();
  await expect(dialog.getByText("The current date is added automatically.")).toBeVisible();
  await dialog.getByRole("button", { name: "Generate PDF" }).click();
  await expect(dialog.getByText("Please enter the customer name.")).toBeVisible();
  await dialog.getByLabel("Customer name (printed)").fill("Pat Pickup");
  await dialog.getByRole("button", { name: "Generate PDF" }).click();
  await expect(dialog.getByText("Please capture a signature.")).toBeVisible();
  const pad = dialog.getByTestId("signature-pad");
  await expect(pad).toHaveCSS("height", isPhone(page) ? "200px" : "240px");
  await sign(page, pad);
  await shot(page, "documents", "will-call-dialog");
  await dialog.getByRole("button", { name: "Generate PDF" }).click();

  const { text } = await viewerText(page, `WILL CALL - ${order!.orderNumber}`);
  expect(text).toContain(`WILL CALL - ${order!.orderNumber}`);
  expect(text).toContain("Pat Pickup");
  await shot(page, "documents", "will-call-viewer");
});
