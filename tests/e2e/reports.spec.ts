// Reports journeys (spec 002 §2, §5–§8, issue 10). On a 390 px phone a warehouse employee files both reports
// with photos through every validation path, the devanning draft survives a reload, and a submission made
// without signal goes out once (also when the connection drops after the server saved it). At 1280 px a
// logistics manager approves and rejects devanning reports and changes stock transfer statuses. The warehouse
// employee cannot open the lists it is not shown.
import { deflateSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { expect, expectConsoleErrors, isPhone, signIn, test } from "./fixtures";

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/.screens/reports-${name}-${isPhone(page) ? "phone" : "desktop"}.png`, fullPage: true });

// ---------------------------------------------------------------- real PNG photos, made here

const CRC = (() => {
  const t: number[] = [];
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t.push(c >>> 0);
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(seed: number, w = 96, h = 72): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) row.set([(seed * 40 + x * 2) % 256, (y * 3 + seed * 17) % 256, (x + y + seed * 90) % 256], 1 + x * 3);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
const photo = (name: string, seed: number) => ({ name, mimeType: "image/png", buffer: png(seed) });

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString().slice(-7)}`;
}

async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 18, box.y + 60 + (i % 2 ? 25 : -20), { steps: 2 });
  await page.mouse.up();
}

/** A manager's view of the API in its own browser context (the warehouse employee cannot list). */
async function asManager(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "logistics-manager", "/reports");
  return { page, close: () => context.close() };
}

// ---------------------------------------------------------------- the warehouse employee, on a phone

test.describe("the dock, on a phone @phone-only", () => {
  test("a warehouse employee sees Create but not View, and cannot open a list by its address", async ({ page }) => {
    await signIn(page, "warehouse-employee", "/reports");
    await expect(page.getByRole("heading", { name: "Reports", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create stock transfer report" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create devanning report" })).toBeVisible();
    await expect(page.getByRole("link", { name: /View .* reports/ })).toHaveCount(0);
    await shot(page, "landing-warehouse");
    expectConsoleErrors(/status of 403 .*\/reports\/stock-transfer\]/);
    const res = await page.goto("/reports/stock-transfer");
    expect(res?.status()).toBe(403);
    const api = await page.request.get("/api/devanning-reports");
    expect(api.status()).toBe(403);
  });

  test("a stock transfer report: every validation path, photos, a drawn signature, submitted once", async ({ page, browser }) => {
    await signIn(page, "warehouse-employee", "/reports");
    await page.getByRole("link", { name: "Create stock transfer report" }).click();
    await expect(page).toHaveURL(/\/reports\/stock-transfer\/new$/);
    await expect(page.getByRole("navigation", { name: "Form sections" })).toBeVisible();
    await expect(page.getByTestId("form-progress")).toHaveText("0% complete");
    await expect(page.getByLabel("Receiving location")).toHaveValue("NY Main - Hicksville");
    await expect(page.getByLabel("Received by")).toHaveValue("Wendy Warehouse");
    await shot(page, "stock-transfer-empty");

    // Submitting the empty form: the spec's alert and each field's message.
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please correct the errors before submitting" })).toBeVisible();
    for (const message of ["Transfer reference is required", "Transfer from location is required", "Item SKU is required", "Item description is required", "Valid quantity is required", "Product condition is required", "Signature is required"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await shot(page, "stock-transfer-errors");

    const reference = unique("TR-E2E-");
    await page.getByLabel("Transfer reference").fill(reference);
    await page.getByLabel("Transfer from").fill("NJ Warehouse");
    await page.getByLabel("SKU").fill("JAS-25");
    await page.getByLabel("Description").fill("Jasmine rice 25 lb");
    await page.getByLabel(/^Quantity/).fill("0");
    await expect(page.getByText("Valid quantity is required")).toBeVisible();
    await page.getByLabel(/^Quantity/).fill("40");
    // Damaged yes needs a quantity; 'no' clears and disables it.
    const damagedQty = page.getByLabel("Damaged quantity");
    await expect(damagedQty).toBeDisabled();
    await page.getByRole("radio", { name: "Yes" }).first().check();
    await expect(page.getByText("Damaged quantity is required when item is damaged")).toBeVisible();
    await damagedQty.fill("3");
    await page.getByRole("radio", { name: "No" }).first().check();
    await expect(damagedQty).toBeDisabled();
    await expect(damagedQty).toHaveValue("");
    // A Remove control only with more than one row.
    await expect(page.getByRole("button", { name: /Remove item/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("button", { name: /Remove item/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Remove item 2" }).click();
    await expect(page.getByRole("button", { name: /Remove item/ })).toHaveCount(0);
    // Damaged condition needs notes.
    await page.getByRole("radio", { name: "Damaged" }).check();
    await expect(page.getByText("Notes are required when product condition is damaged")).toBeVisible();
    await page.getByLabel("Notes and comments").fill("Two bags torn on the bottom pallet.");
    await page.getByRole("radio", { name: "Type name" }).check();
    await expect(page.getByText("Typed name is required")).toBeVisible();
    await page.getByRole("radio", { name: "Draw signature" }).check();
    await drawSignature(page);
    await expect(page.getByText("Signature is required")).toHaveCount(0);

    // Photos: ten at most, 5 MB each; an 11th and a 6 MB photo are refused with the spec's messages.
    const input = page.getByTestId("stock-transfer-photos");
    await input.setInputFiles(Array.from({ length: 10 }, (_, i) => photo(`dock-${i + 1}.png`, i)));
    await expect(page.getByText("10 of 10 photos")).toBeVisible();
    await input.setInputFiles([photo("eleventh.png", 11)]);
    await expect(page.getByText("Maximum 10 photos allowed")).toBeVisible();
    for (let i = 10; i > 2; i--) await page.getByRole("button", { name: new RegExp(`^Remove dock-${i}\\.(png|jpg)$`) }).click();
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await input.setInputFiles([{ name: "big.jpg", mimeType: "image/jpeg", buffer: big }]);
    await expect(page.getByText("File big.jpg is too large. Maximum size is 5MB.")).toBeVisible();
    await expect(page.getByText("2 of 10 photos")).toBeVisible();
    await expect(page.getByTestId("form-progress")).toHaveText("100% complete");
    await shot(page, "stock-transfer-filled");

    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByText("Stock Transfer Report submitted successfully!")).toBeVisible();
    await expect(page.getByLabel("Transfer reference")).toHaveValue("");

    // One report, with both photos and the drawn signature.
    const manager = await asManager(browser);
    const list = await (await manager.page.request.get(`/api/stock-transfer-reports?search=${reference}`)).json();
    expect(list.total).toBe(1);
    expect(list.reports[0]).toMatchObject({ transferReference: reference, productCondition: "damaged", signatureType: "draw", status: "submitted" });
    // Resized on the phone: a photo that came out smaller as JPEG is sent as one.
    expect(list.reports[0].photos.map((p: { originalName: string }) => p.originalName.replace(/\.jpg$/, ".png"))).toEqual(["dock-1.png", "dock-2.png"]);
    // The detail's photos resolve through the link call (the key's slashes travel encoded) to the image itself.
    const link = await (await manager.page.request.get(`/api/stock-transfer-reports/photos/${encodeURIComponent(list.reports[0].photos[0].s3Key)}`)).json();
    const image = await manager.page.request.get(link.presignedUrl);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
    const pdf = await manager.page.request.get(`/api/stock-transfer-reports/${list.reports[0].id}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await manager.close();
  });

  test("a devanning report: validation, totals, photos in the background, the draft after a reload, and an offline submission that goes out once", async ({ page, browser, context }) => {
    await signIn(page, "warehouse-employee", "/reports/devanning/new");
    await expect(page.getByRole("heading", { name: "Devanning Report" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Form sections" })).toBeVisible();

    // Nothing filled: the spec's message at the top, with the page scrolled up.
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the issues below." })).toBeVisible();
    for (const message of ["Add at least one product.", "Container number is required", "Receivable signature is required"]) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

    const container = `TGHU${Date.now().toString().slice(-7)}`;
    const number = page.getByLabel("Container number");
    await number.fill("tghu12");
    await number.blur();
    await expect(page.getByText("Format should be AAAA1234567")).toBeVisible();
    await number.fill(container.toLowerCase());
    await expect(number).toHaveValue(container);
    await expect(page.getByText("Format should be AAAA1234567")).toHaveCount(0);

    // Products, auto-summed totals, the calculated total and its non-blocking warning.
    await page.getByLabel("Name", { exact: true }).fill("Jasmine 50 lb");
    await page.getByLabel("SKU", { exact: true }).fill("JAS-50");
    await page.getByLabel("Pallets", { exact: true }).fill("10");
    await page.getByLabel("Bags", { exact: true }).fill("500");
    await page.getByLabel("Bags per pallet").fill("50");
    await page.getByLabel("Bags in last pallet").fill("30");
    await expect(page.getByTestId("calculated-total")).toHaveText("480");
    await expect(page.getByText("Entered total bags (500) differs from calculated total (480). Please double-check.")).toBeVisible();
    await page.getByLabel("Bags", { exact: true }).fill("480");
    await expect(page.getByText(/differs from calculated total/)).toHaveCount(0);
    await page.getByLabel("Receivable signature (full name)").fill("Wendy Warehouse");

    // Conditional requirements.
    await page.getByRole("radio", { name: "Other" }).check();
    await page.getByRole("checkbox", { name: "Other" }).check();
    await page.getByRole("radio", { name: "No" }).check();
    await page.getByLabel("Damaged inventory count").fill("2");
    await page.getByRole("button", { name: "Submit Report" }).click();
    for (const message of ["Please specify the container size", "Please describe the container condition", "Add at least one container photo when seal is not intact", "List SKUs for damaged inventory", "Add at least one damaged item photo"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Container size (describe)").fill("53' domestic");
    await page.getByLabel("Container condition (describe)").fill("Door gasket torn");
    await page.getByLabel("Damaged inventory SKUs").fill("JAS-50");
    await page.getByRole("checkbox", { name: "Dry" }).check();
    await page.getByRole("checkbox", { name: "None" }).check();

    // Photos go up as they are added; a file that is not an image is skipped with the spec's message.
    await page.getByTestId("photos-containerPhotos").setInputFiles([photo("door.png", 1)]);
    await page.getByTestId("photos-damagedItemPhotos").setInputFiles([photo("torn-bag.png", 2), { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") }]);
    await expect(page.getByText("Some files were skipped. Only images under 10MB are allowed.")).toBeVisible();
    await expect(page.getByText(/· sent/)).toHaveCount(2);
    // Each thumbnail shows the photo's own pixels (its link is alive, not revoked under it).
    for (const name of ["door.jpg", "torn-bag.jpg"]) { // shrunk to JPEG before sending
      const thumb = page.getByRole("img", { name, exact: true });
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await expect(page.getByTestId("form-progress")).toHaveText("100% complete");
    await shot(page, "devanning-filled");

    // A reload asks before leaving, then the draft (and the photos already sent) come back.
    const leaving = () => page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(await leaving()).toBe(true);
    page.on("dialog", (d) => void d.accept());
    await page.reload();
    await expect(page.getByText(/Draft restored/)).toBeVisible();
    await expect(page.getByLabel("Container number")).toHaveValue(container);
    await expect(page.getByLabel("Damaged inventory SKUs")).toHaveValue("JAS-50");
    await expect(page.getByRole("button", { name: /^Remove door\.(png|jpg)$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove torn-bag\.(png|jpg)$/ })).toBeVisible();

    // No signal: the form says what is waiting. The first attempt after the signal returns reaches the server
    // but its answer is lost; the resend with the same Idempotency-Key gets the first result.
    expectConsoleErrors(/ERR_CONNECTION_RESET \[http:\/\/[^\]]+\/api\/devanning-reports\]/, /ERR_INTERNET_DISCONNECTED \[http:\/\/[^\]]+\/api\/devanning-reports\]/);
    // The outbox tries the network whatever the browser's offline flag says (issue 23): tries made while offline
    // fail as the phone's would and are not counted; of those made with signal, the first loses its answer.
    let posts = 0;
    let offline = false;
    await page.route("**/api/devanning-reports", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      if (offline) return route.abort("internetdisconnected");
      posts += 1;
      if (posts === 1) {
        await route.fetch();
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    // What the reloaded page fetches once idle (the bell's call, its panel and dialogs) lands before the signal goes,
    // as on a phone that stood on the dock a moment: on the dev server each of those is a module request, which the
    // production build's service worker would answer from the phone with no signal anyway.
    await page.waitForLoadState("networkidle");
    offline = true;
    await context.setOffline(true);
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByTestId("waiting-to-send")).toContainText("No signal");
    await shot(page, "devanning-offline");
    offline = false;
    await context.setOffline(false);
    await expect(page.getByText("Devanning Report submitted successfully!")).toBeVisible({ timeout: 20_000 });
    expect(posts).toBe(2);
    await expect(page.getByLabel("Container number")).toHaveValue("");

    // The draft is gone after the submit.
    expect(await leaving()).toBe(false);
    await page.reload();
    await expect(page.getByText(/Draft restored/)).toHaveCount(0);

    const manager = await asManager(browser);
    const list = await (await manager.page.request.get(`/api/devanning-reports?containerNumber=${container}`)).json();
    expect(list.total).toBe(1);
    expect(list.reports[0]).toMatchObject({ containerNumber: container, status: "pending", submittedBy: "warehouse@goldengrain.test" });
    expect(list.reports[0].photos.containerPhotos).toHaveLength(1);
    expect(list.reports[0].photos.damagedItemPhotos).toHaveLength(1);
    await manager.close();
  });
});

test("a manager reads both lists on a phone: cards, filters and a report's detail @phone-only", async ({ page }) => {
  await signIn(page, "logistics-manager", "/reports");
  await page.getByRole("link", { name: "View stock transfer reports" }).click();
  const st = page.getByRole("dialog", { name: "Stock Transfer Reports" });
  await expect(st.getByRole("button", { name: /^View TR-/ })).toHaveCount(10);
  await shot(page, "stock-transfer-list");
  await st.getByRole("button", { name: /^View TR-/ }).first().click();
  await expect(st.getByRole("combobox", { name: "Status" })).toBeVisible();
  await shot(page, "stock-transfer-detail");
  await st.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole("link", { name: "View devanning reports" }).click();
  const dv = page.getByRole("dialog", { name: "Devanning Reports" });
  await expect(dv.getByRole("button", { name: /^Approve / }).first()).toBeVisible();
  await shot(page, "devanning-list");
});

// ---------------------------------------------------------------- the manager, at a desk

test.describe("management review @desktop-only", () => {
  test("a logistics manager approves and rejects devanning reports", async ({ page }) => {
    await signIn(page, "logistics-manager", "/reports");
    await page.getByRole("link", { name: "View devanning reports" }).click();
    const modal = page.getByRole("dialog", { name: "Devanning Reports" });
    await expect(modal).toBeVisible();
    await modal.locator("summary").click();
    await modal.getByLabel("Status").selectOption("pending");
    await modal.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=pending/);
    await shot(page, "devanning-list");

    const approve = modal.getByRole("button", { name: /^Approve / }).first();
    const container = ((await approve.getAttribute("aria-label")) ?? "").replace("Approve ", "");
    await approve.click();
    const review = page.getByRole("dialog", { name: `Approve report ${container}` });
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(review.getByText("Management signature is required to approve")).toBeVisible();
    await review.getByLabel(/Management signature/).fill("Leo Logistics");
    await review.getByLabel("Notes (optional)").fill("Counts match the packing list.");
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(modal.getByText("Report approved successfully!")).toBeVisible();
    // Approved reports offer no Approve or Reject.
    await modal.getByLabel("Status").selectOption("approved");
    await modal.getByRole("button", { name: "Apply filters" }).click();
    await modal.getByRole("button", { name: `View ${container}` }).first().click();
    await expect(modal.getByTestId("review-state")).toContainText("Approved");
    await expect(modal.getByTestId("review-state")).toContainText("Signed: Leo Logistics");
    await expect(modal.getByTestId("review-state")).toContainText("By Leo Logistics");
    await expect(modal.getByRole("button", { name: `Approve ${container}` })).toHaveCount(0);
    await shot(page, "devanning-approved");
    await modal.getByRole("button", { name: "Back to list" }).click();

    await modal.getByLabel("Status").selectOption("pending");
    await modal.getByRole("button", { name: "Apply filters" }).click();
    const reject = modal.getByRole("button", { name: /^Reject / }).first();
    const rejected = ((await reject.getAttribute("aria-label")) ?? "").replace("Reject ", "");
    await reject.click();
    const rejectDialog = page.getByRole("dialog", { name: `Reject report ${rejected}` });
    await rejectDialog.getByLabel("Notes (optional)").fill("Seal number does not match.");
    await rejectDialog.getByRole("button", { name: "Reject" }).click();
    await expect(modal.getByText("Report rejected successfully!")).toBeVisible();

    // The server refuses a second review of the same report.
    const list = await (await page.request.get(`/api/devanning-reports?status=rejected&containerNumber=${rejected}`)).json();
    const id = list.reports[0].id;
    const again = await page.request.patch(`/api/devanning-reports/${id}/approve`, { data: { action: "approve", managementSignature: "x" } });
    expect(again.status()).toBe(409);
  });

  test("a logistics manager filters and pages stock transfer reports and changes a status", async ({ page }) => {
    await signIn(page, "logistics-manager", "/reports");
    await page.getByRole("link", { name: "View stock transfer reports" }).click();
    const modal = page.getByRole("dialog", { name: "Stock Transfer Reports" });
    await expect(modal.getByRole("navigation", { name: "Pages" })).toContainText("Page 1 of");
    await expect(modal.locator("tbody tr")).toHaveCount(10);
    // The seeded company has about ten reports: pages of five show the paging.
    await page.goto("/reports/stock-transfer?limit=5");
    await expect(modal.locator("tbody tr")).toHaveCount(5);
    await modal.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(modal.getByRole("navigation", { name: "Pages" })).toContainText("Page 2 of");

    await modal.locator("summary").click();
    await modal.getByLabel("Receiving location").selectOption("NJ Warehouse");
    await modal.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/receivingLocation=NJ/);
    for (const cell of await modal.locator("tbody tr td:nth-child(3)").allInnerTexts()) expect(cell).toContain("→ NJ Warehouse");

    await modal.getByRole("button", { name: /^View TR-/ }).first().click();
    const status = modal.getByRole("combobox", { name: "Status" });
    const next = (await status.inputValue()) === "reviewed" ? "approved" : "reviewed";
    await status.selectOption(next);
    await expect(modal.getByText(`Status changed to ${next}.`)).toBeVisible();
    await shot(page, "stock-transfer-detail");
    await modal.getByRole("button", { name: "Back to list" }).click();
    await modal.getByLabel("Status").selectOption(next);
    await modal.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`status=${next}`));
    await expect(modal.locator("tbody tr").first()).toContainText(next[0]!.toUpperCase() + next.slice(1));
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/reports$/);
  });
});
