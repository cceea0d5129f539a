// Pick list documents: a logistics manager generates the release order PDF and emails it to the
// warehouse's routing (seen in the local mail catcher); a driver is refused with the spec's message.
import { E2E } from "../../playwright.config";
import { expect, isPhone, signIn, test } from "./fixtures";

const CATCHER = `http://127.0.0.1:${E2E.standinsPort}/resend/emails`;

/** An NY-MAIN order, different per project so the two widths never email the same order. */
async function nyMainOrder(page: import("@playwright/test").Page): Promise<string> {
  const start = isPhone(page) ? 100_020 : 100_060;
  for (let n = start; n < start + 40; n++) {
    const orderNumber = `SO-${n}`;
    await page.goto(`/pick-list-check?order=${orderNumber}`);
    const warehouse = page.locator("dt", { hasText: "Warehouse" }).locator("xpath=following-sibling::dd");
    if ((await warehouse.count()) && (await warehouse.textContent()) === "NY-MAIN") return orderNumber;
  }
  throw new Error("no NY-MAIN order found");
}

test("a logistics manager prints and emails the release order", async ({ page }) => {
  await signIn(page, "logistics-manager", "/pick-list-check");
  const orderNumber = await nyMainOrder(page);

  const generated = await page.request.post(`/api/order-trackers/${orderNumber}/release-order`, {
    data: { userFirstName: "Lena", userName: "Lena Logistics", userEmail: "logistics@goldengrain.test" },
    headers: { "user-name": "Lena Logistics" },
  });
  expect(generated.status()).toBe(200);
  const { success, presignedUrl } = await generated.json();
  expect(success).toBe(true);
  const pdf = await page.request.get(presignedUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A rerun against a reused server finds the order already emailed: re-enable first (logistics may).
  expect((await page.request.post(`/api/order-trackers/${orderNumber}/release-order/email-enable`, { data: {} })).status()).toBe(200);
  const emailed = await page.request.post(`/api/order-trackers/${orderNumber}/release-order/email`, { data: {} });
  expect(await emailed.json()).toEqual(expect.objectContaining({ success: true, message: "Release Order emailed successfully." }));
  const again = await page.request.post(`/api/order-trackers/${orderNumber}/release-order/email`, { data: {} });
  expect(again.status()).toBe(409);

  const inbox = await (await page.request.get(CATCHER)).json();
  const mail = inbox.data.find((m: { subject: string }) => m.subject.startsWith(`Release Order ${orderNumber} `));
  expect(mail).toBeTruthy();
  expect(mail.to).toEqual(["warehouse-ny@goldengrain.test"]);
  expect(mail.cc).toEqual(expect.arrayContaining(["logistics@goldengrain.test", "ops-archive@goldengrain.test"]));
  expect(mail.attachments[0]).toMatchObject({ filename: `release-order-${orderNumber}.pdf`, contentType: "application/pdf" });

  const status = await (await page.request.get(`/api/order-trackers/${orderNumber}/release-order/status`)).json();
  expect(status).toMatchObject({ success: true, hasReleaseOrder: true, emailEnabled: false });
});

test("the Print button opens the pick list for printing", async ({ page }) => {
  await signIn(page, "logistics-manager", "/pick-list-check?order=SO-100003");
  await expect(page.getByTestId("order-number")).toHaveText("SO-100003");
  const generated = page.waitForResponse((r) => r.url().includes("/release-order") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Print" }).click();
  expect((await generated).status()).toBe(200);
  await expect(page.locator('iframe[title="Pick list print frame"]')).toHaveCount(1);
});

test("a driver may not print pick lists", async ({ page }) => {
  await signIn(page, "delivery-driver", "/");
  const res = await page.request.post(`/api/order-trackers/SO-100001/release-order`, { data: {} });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ success: false, error: "You do not have permission to print pick lists." });
});
