// Every action confirms what happened (issue 24): on a delivered order's last step, 'Email proof to customer' says
// on the step to whom the proof went ("Proof sent to …"), so the driver does not tap again; the button then reads
// 'Email proof again'. Each width takes its own delivered order of the driver's scope.
import { expect, isPhone, signIn, test } from "./fixtures";

type Row = { orderNumber: string; deliveryCompletedAt?: string | null; hasDeliveryOrder?: boolean };

test("the driver e-mails the proof of a delivered order and is told to whom it went", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "delivery-driver", "/return-forms");
  const res = await page.request.get("/api/order-trackers?limit=500&page=1");
  const rows = ((await res.json()) as { data: Row[] }).data.filter((r) => r.deliveryCompletedAt && r.hasDeliveryOrder);
  expect(rows.length).toBeGreaterThan(3);
  const orderNumber = rows[isPhone(page) ? 1 : 2]!.orderNumber;
  await page.goto(`/order-tracking#order-${orderNumber}`);
  const wizard = page.getByRole("dialog", { name: `Order #${orderNumber}` });
  // A delivered order opens on its last step (a phone says 'Step 4 of 4'; a desktop shows the steps as pills).
  await expect(wizard.getByText("Delivered", { exact: true })).toBeVisible();
  await wizard.getByRole("button", { name: "Email proof to customer" }).click();
  const sent = wizard.getByRole("status").filter({ hasText: /Proof sent to \S+@\S+/ });
  await expect(sent).toBeVisible();
  await expect(wizard.getByRole("button", { name: "Email proof again" })).toBeVisible();
  await page.screenshot({ path: `tests/e2e/.screens/delivery-proof-email-${isPhone(page) ? "phone" : "desktop"}.png` });
});
