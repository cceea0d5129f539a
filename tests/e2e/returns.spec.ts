// Returns and applications journeys: a customer on a 390 px phone asks for a return with photos and applies
// for an account with documents, without signing in; an admin at 1280 px reviews a return, decides its items
// and the request, receives the goods, and sees a rival reviewer's 409; an admin approves an application and
// the customer appears in the QuickBooks sandbox; a sales rep sees no Approve/Decline/Edit and the server
// refuses the calls; a phone's detail opens as #app-{id} and Back closes it.
import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";
import { ensureConnected } from "./quickbooks-helpers";

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/.screens/returns-${name}-${isPhone(page) ? "phone" : "desktop"}.png`, fullPage: true });

// A real 1×1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF");

test("a customer asks for a return with photos and applies with documents on a phone, without signing in @phone-only", async ({ page }) => {
  await page.goto("/request-return");
  await expect(page.getByRole("heading", { level: 1, name: "Request a return" })).toBeVisible();
  await page.getByLabel("Company name").fill("Harbor Noodle Bar");
  await page.getByLabel("Order number (optional)").fill("SO-100004");
  await page.getByLabel("Email").fill("owner@harbor.example");
  await page.getByLabel("Phone").fill("(212) 555-0199");
  await page.getByLabel("Street", { exact: true }).fill("12 Pier Rd");
  await page.getByLabel("City").fill("Brooklyn");
  await page.getByLabel("State").fill("NY");
  await page.getByLabel("ZIP").fill("11201");
  await page.getByLabel("SKU or product code").fill("JAS-25");
  await page.getByLabel("Quantity").fill("3");
  await page.getByLabel("Reason", { exact: true }).selectOption("Other");
  await page.getByLabel("Describe the reason").fill("Bags arrived wet");
  await page.getByLabel("Photos").setInputFiles([
    { name: "wet-bag-1.png", mimeType: "image/png", buffer: PNG },
    { name: "wet-bag-2.png", mimeType: "image/png", buffer: PNG },
  ]);
  await shot(page, "request-form");
  await page.getByRole("button", { name: "Submit return request" }).click();
  const returnRef = page.getByTestId("reference");
  await expect(returnRef).toHaveText(/^RET-\d{6}-[A-Z2-9]{5}$/);
  await shot(page, "request-done");

  await page.goto("/apply");
  await expect(page.getByRole("heading", { level: 1, name: "Apply for a customer account" })).toBeVisible();
  await page.getByLabel("Company name").fill("Lotus Leaf Dim Sum");
  await page.getByLabel("Email").fill("grace@lotusleaf.example");
  await page.getByLabel("Business phone").fill("(718) 555-0142");
  await page.getByLabel("Owner name").fill("Grace Ho");
  await page.getByLabel("Street", { exact: true }).fill("88 Canal St");
  await page.getByLabel("City").fill("New York");
  await page.getByLabel("State").fill("NY");
  await page.getByLabel("Postal code").fill("10002");
  await page.getByLabel(/Resale certificate/).setInputFiles([
    { name: "licence.png", mimeType: "image/png", buffer: PNG },
    { name: "resale.pdf", mimeType: "application/pdf", buffer: PDF },
  ]);
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByTestId("reference")).toHaveText(/^APP-\d{6}-[A-Z2-9]{5}$/);
  await shot(page, "apply-done");
});

test("a bad photo is refused with the server's reason and nothing is sent on @phone-only", async ({ page }) => {
  expectConsoleErrors(/status of 415 .*\/api\/public\/return-requests/);
  await page.goto("/request-return");
  await page.getByLabel("Company name").fill("Fake Photo Deli");
  await page.getByLabel("Email").fill("a@fake.example");
  await page.getByLabel("Phone").fill("2125550100");
  await page.getByLabel("Street", { exact: true }).fill("1 A St");
  await page.getByLabel("City").fill("Queens");
  await page.getByLabel("State").fill("NY");
  await page.getByLabel("ZIP").fill("11101");
  await page.getByLabel("SKU or product code").fill("JAS-25");
  await page.getByLabel("Reason", { exact: true }).selectOption("Damaged packaging");
  await page.getByLabel("Photos").setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<html>not a picture</html>") }]);
  await page.getByRole("button", { name: "Submit return request" }).click();
  await expect(page.getByRole("alert")).toContainText("photo.png is not an accepted type");
});

test.describe("the office", () => {
  test("an admin reviews a return, decides an item and the request, meets a rival's 409, and receives the goods @desktop-only", async ({ page }) => {
    expectConsoleErrors(/status of 409 \(Conflict\) .*\/api\/return-requests\/\d+\/items\/0\/status/);
    await signIn(page, "admin", "/return-forms");
    await expect(page.getByRole("heading", { level: 1, name: "Return Forms" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Return figures" })).toContainText("Requests Today");
    await page.getByLabel("Search by").selectOption("returnID");
    await page.getByLabel("Search return requests").fill("RET-1003");
    const row = page.getByRole("table").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText("RET-1003");
    await shot(page, "list");
    await row.first().click();
    const dialog = page.getByRole("dialog", { name: "Return RET-1003" });
    await expect(dialog.getByText("Pending", { exact: true }).first()).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0); // pending → under review first
    await dialog.getByLabel("Remarks", { exact: true }).fill("Checking the photos");
    await dialog.getByRole("button", { name: "Start Review" }).click();
    await expect(dialog.getByText("Request under review.")).toBeVisible();

    // Item images load on demand.
    const item = dialog.getByRole("article").first();
    await item.getByRole("button", { name: "Show images" }).click();
    await expect(item.getByText("No images for this item.")).toBeVisible();

    // A rival reviewer decides the first item first (through the API, as a second admin would): our click gets 409.
    const id = await page.evaluate(async () => {
      const list = (await (await fetch("/api/return-requests?searchBy=returnID&search=RET-1003")).json()) as { _id: number }[];
      return list[0]!._id;
    });
    const rival = await page.request.patch(`/api/return-requests/${id}/items/0/status`, { data: { status: "declined", remarks: "Rival: no damage" } });
    expect(rival.status()).toBe(200);
    await item.getByRole("button", { name: /^Approve item/ }).click();
    await expect(dialog.getByText(/Someone else changed this request first/)).toBeVisible();
    await expect(item.getByText("Declined", { exact: true })).toBeVisible();
    await shot(page, "conflict");
    // With the current state in front of us, the decision goes through.
    await item.getByLabel(/Remarks for/).fill("Restock after inspection");
    await item.getByRole("button", { name: /^Approve item/ }).click();
    await expect(dialog.getByText(/ approved\.$/)).toBeVisible();
    await expect(item.getByText("Approved", { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(dialog.getByText("Request approved.")).toBeVisible();

    // Receiving: one more than requested arrives, one is damaged; only the rest is restocked and the request is flagged.
    const receiving = dialog.getByRole("region", { name: "Receiving" });
    const requested = Number((await receiving.getByText(/requested \d+/).first().textContent())!.match(/\d+/)![0]);
    await receiving.getByLabel(/^Received /).first().fill(String(requested + 1));
    await receiving.getByLabel(/^Damaged /).first().fill("1");
    await expect(receiving.getByText(`Restock ${requested} · mismatch`)).toBeVisible();
    await receiving.getByRole("button", { name: "Record receipt" }).click();
    await expect(dialog.getByText("Receipt recorded.")).toBeVisible();
    await expect(dialog.getByText(/Flagged for review/)).toBeVisible();
    const history = dialog.getByRole("region", { name: "History" });
    await expect(history).toContainText(`received ${requested + 1}, damaged 1, restock ${requested} (mismatch)`);
    await expect(history).toContainText("Alice Admin");
    await shot(page, "received");
  });

  test("an admin approves an application and the customer appears in the QuickBooks sandbox @desktop-only", async ({ page, browser }) => {
    await ensureConnected(browser);
    // QuickBooks keeps its customers between runs (and refuses a display name twice): a new applicant each run.
    const company = `Sunrise Poke ${Date.now().toString(36).toUpperCase()}`;
    const form = new FormData();
    form.set("payload", JSON.stringify({ companyName: company, ownerName: "Keoni Akana", email: "keoni@sunrise.example", phoneNumber: "(212) 555-0177", addresses: [{ street: "412 Bleecker St", city: "New York", state: "NY", postalCode: "10014" }] }));
    const applied = await fetch(`${test.info().project.use.baseURL}/api/public/applications`, { method: "POST", body: form });
    expect(applied.status).toBe(201);
    await signIn(page, "admin", "/customer-applications");
    await expect(page.getByRole("heading", { level: 1, name: "Customer Applications" })).toBeVisible();
    await page.getByLabel("Search applications").fill(company);
    const row = page.getByRole("table").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText(company);
    await row.first().click();
    const dialog = page.getByRole("dialog", { name: company });
    await expect(dialog.getByRole("button", { name: "Edit" })).toBeVisible();
    // A document, by drag-and-drop's companion picker.
    await dialog.getByLabel("Choose images to upload").setInputFiles([{ name: "storefront.png", mimeType: "image/png", buffer: PNG }]);
    await expect(dialog.getByRole("button", { name: "storefront.png" })).toBeVisible();
    await dialog.getByRole("button", { name: "storefront.png" }).click();
    await expect(page.getByRole("img", { name: "storefront.png" })).toBeVisible();
    await shot(page, "application-preview");
    await page.getByRole("dialog", { name: "storefront.png" }).getByRole("button", { name: "Close" }).click();
    await shot(page, "application-detail");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog.getByText(/Application approved successfully! The customer was created in QuickBooks \(customer \d+\)/)).toBeVisible();
    await expect(dialog.getByText("Approved", { exact: true }).first()).toBeVisible();
    await shot(page, "application-approved");

    await page.goto(`/quickbooks-customers?name=${encodeURIComponent(company)}`);
    await expect(page.getByText(company, { exact: true }).first()).toBeVisible();
  });
});

test("a sales rep sees no Approve, Decline or Edit, and the server refuses the calls", async ({ page }) => {
  expectConsoleErrors(/status of 403 .*\/api\/applications\/\d+/);
  await signIn(page, "sales-rep", "/customer-applications");
  await page.getByLabel("Search applications").fill("Himalayan");
  // The search is debounced: wait for the list to hold only the one application before opening it.
  if (isPhone(page)) {
    await expect(page.getByRole("button", { name: "View Details" })).toHaveCount(1);
    await page.getByRole("listitem").filter({ hasText: "Himalayan Kitchen" }).getByRole("button", { name: "View Details" }).click();
    await expect(page).toHaveURL(/#app-\d+$/);
  } else {
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Himalayan Kitchen");
    await rows.first().click();
  }
  const detail = page.getByRole("dialog", { name: "Himalayan Kitchen" });
  await expect(detail.getByRole("heading", { name: "Documents" })).toBeVisible();
  await expect(detail.getByRole("button", { name: /^(Approve|Decline|Edit)$/ })).toHaveCount(0);
  await shot(page, "sales-detail");
  const id = Number(/#app-(\d+)/.exec(page.url())?.[1] ?? (await page.evaluate(async () => ((await (await fetch("/api/applications?searchBy=companyName&search=Himalayan")).json()) as { data: { _id: number }[] }).data[0]!._id)));
  const decision = await page.evaluate(async (appId) => (await fetch(`/api/applications/${appId}/decision`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "Approved" }) })).status, id);
  expect(decision).toBe(403);
  const edit = await page.evaluate(async (appId) => (await fetch(`/api/applications/${appId}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ companyName: "Hijacked", status: "Approved" }) })).status, id);
  expect(edit).toBe(403);
  if (isPhone(page)) {
    await page.goBack();
    await expect(detail).toHaveCount(0);
    await expect(page).not.toHaveURL(/#app-/);
  }
});
