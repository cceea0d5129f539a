// Picking a warehouse would choose (issue 13): scanning with a keyboard-wedge scanner and by typing, codes
// refused with the reason and nothing changed, lines in pick-path order and six of them on a phone, 'Mark
// all picked' that asks and can be undone, a short line that needs its reason, and two pickers who cannot
// pick the same line at once.
import type { BrowserContext, Page } from "@playwright/test";
import { compareBins } from "~/domain/picking/pick-path";
import { ACCOUNTS, expect, isPhone, signIn, signInAs, test } from "./fixtures";
import { enterPasscode, resetLines, roomyOrders } from "./picking-helpers";

const SCREENS = "tests/e2e/.screens";

const lineEl = (page: Page, id: string) => page.locator(`[data-testid=pick-line][data-line-id="${id}"]`);


/** Into the picking screen: a picker's phone with the warehouse passcode, a manager's desk with Google. */
async function enter(page: Page) {
  if (!isPhone(page)) return signIn(page, "logistics-manager");
  await page.goto("/pick-list");
  await enterPasscode(page);
}

test("a picker scans, types and is refused with the reason; lines follow the pick path, four whole rows fit a phone; Mark all picked asks and undoes", async ({ page }) => {
  await enter(page);
  const orders = await roomyOrders(page);
  const { orderNumber, lines } = orders[isPhone(page) ? 0 : 1]!;
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByTestId("room-status")).toHaveText("Live");
  await expect(page.getByTestId("pick-line")).toHaveCount(lines.length);
  await resetLines(page);

  // Pick path: the bins on screen are in walking order.
  const bins = await page.getByTestId("line-bin").allInnerTexts();
  const clean = bins.map((b) => b.replace(/^Bin\s*/, "").trim());
  expect(clean.length).toBe(lines.length);
  expect([...clean].sort(compareBins)).toEqual(clean);
  // 'Order' puts them back in the order's sequence.
  await page.getByLabel("Sort lines").selectOption("order");
  expect(await page.getByTestId("pick-line").evaluateAll((els) => els.map((e) => e.getAttribute("data-line-id")))).toEqual(lines.map((l) => l.lineItemId));
  await page.getByLabel("Sort lines").selectOption("path");

  if (isPhone(page)) {
    // Compact rows: at least four whole lines between the header and the bottom bar on 390 × 844. (Six, before
    // issue 24 made each row show its whole name, whole figures and the spec's button texts on 44 px targets.)
    const bar = await page.getByTestId("pick-bar").boundingBox();
    const boxes = await page.getByTestId("pick-line").evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
    const whole = boxes.filter((b) => b.top >= 0 && b.bottom <= bar!.y);
    expect(whole.length).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: `${SCREENS}/picking-compact-phone.png` });
  }

  // A keyboard-wedge scanner: a fast burst of keys and Enter confirms one unit of the line with that code.
  const target = lines.find((l) => l.quantity >= 3 && l.barcodes.some((b) => b.kind === "unit"))!;
  const unit = target.barcodes.find((b) => b.kind === "unit")!;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(`${unit.key.replace(/^0+(?=\d{12}$)/, "")}\n`);
  await expect(lineEl(page, target.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 1/${target.quantity}`);
  await expect(page.getByTestId("pick-bar").getByRole("status")).toHaveText(`${target.sku} +1 (1/${target.quantity}).`);

  // Typed into the scan field (a damaged label): the SKU itself counts too.
  const scanField = page.getByLabel("Scan or type a barcode");
  await scanField.fill(target.sku.toLowerCase());
  await scanField.press("Enter");
  await expect(lineEl(page, target.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 2/${target.quantity}`);

  // Refused, with the reason, and nothing changes: a code not on the order, and one unit more than needed.
  await scanField.fill("NOPE-404");
  await scanField.press("Enter");
  await expect(page.getByTestId("pick-bar").getByRole("status")).toHaveText(`NOPE-404 is not on order ${orderNumber}. Nothing changed.`);
  const tooMany = `(01)${unit.key}(30)${target.quantity}`;
  await scanField.fill(tooMany);
  await scanField.press("Enter");
  await expect(page.getByTestId("pick-bar").getByRole("status")).toHaveText(`${target.sku} needs ${target.quantity}; this scan would make ${target.quantity + 2}. Nothing changed.`);
  await expect(lineEl(page, target.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 2/${target.quantity}`);
  // The rest of the need in one GS1 code picks the line in full.
  await scanField.fill(`(01)${unit.key}(30)${target.quantity - 2}`);
  await scanField.press("Enter");
  await expect(lineEl(page, target.lineItemId)).toHaveAttribute("data-status", "Picked");
  await page.screenshot({ path: `${SCREENS}/picking-scanned-${isPhone(page) ? "phone" : "desktop"}.png` });

  // A short line needs its reason before Done.
  const shortLine = lines.find((l) => l.lineItemId !== target.lineItemId && l.quantity >= 2)!;
  await lineEl(page, shortLine.lineItemId).getByRole("button", { name: "Short" }).click();
  await lineEl(page, shortLine.lineItemId).getByRole("button", { name: "0", exact: true }).click();
  await expect(lineEl(page, shortLine.lineItemId).getByRole("button", { name: "Done" })).toBeDisabled();
  await lineEl(page, shortLine.lineItemId).getByLabel("Reason").selectOption("Damaged");
  await lineEl(page, shortLine.lineItemId).getByRole("button", { name: "Done" }).click();
  await expect(lineEl(page, shortLine.lineItemId)).toHaveAttribute("data-status", "Issue");
  await expect(lineEl(page, shortLine.lineItemId)).toContainText("Damaged");

  // 'Mark all picked' asks first; Cancel changes nothing.
  const markAll = page.getByRole("checkbox", { name: "Mark all picked" });
  await markAll.click();
  const confirm = page.getByRole("dialog", { name: "Mark all picked?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator('[data-testid=pick-line][data-status="Picked"]')).toHaveCount(1);
  // Confirmed, every line is picked; Undo puts each back as it was.
  await markAll.click();
  await confirm.getByRole("button", { name: "Mark all picked" }).click();
  await expect(page.locator('[data-testid=pick-line][data-status="Picked"]')).toHaveCount(lines.length);
  await expect(page.getByTestId("undo-bar")).toContainText(`Marked ${lines.length} lines picked.`);
  await page.getByTestId("undo-bar").getByRole("button", { name: "Undo" }).click();
  await expect(page.locator('[data-testid=pick-line][data-status="Picked"]')).toHaveCount(1);
  await expect(lineEl(page, shortLine.lineItemId)).toHaveAttribute("data-status", "Issue");
  await expect(lineEl(page, shortLine.lineItemId)).toContainText("Damaged");
  await expect(page.getByTestId("undo-bar")).toHaveCount(0);
});

test("a Stockout short, once saved, raises a follow-up in the office's Task Center", async ({ page }) => {
  await signIn(page, "logistics-manager");
  const { orderNumber, lines } = (await roomyOrders(page))[isPhone(page) ? 3 : 4]!;
  await page.goto(`/pick-list?order=${orderNumber}`);
  await expect(page.getByTestId("room-status")).toHaveText("Live");
  await resetLines(page);
  const line = lines.find((l) => l.quantity >= 4)!;
  const row = lineEl(page, line.lineItemId);
  await row.getByRole("button", { name: "Short" }).click();
  await row.getByRole("button", { name: "50%" }).click();
  await row.getByLabel("Reason").selectOption("Stockout");
  await row.getByRole("button", { name: "Done" }).click();
  await expect(row).toContainText("Stockout");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("pick-bar").getByRole("status")).toHaveText(/^Saved\. Lines picked: 0\/\d+ • Issues: 1$/);

  const missing = line.quantity - Math.floor(line.quantity / 2);
  await page.goto("/");
  await page.getByRole("button", { name: /^Task Center/ }).click();
  const panel = page.getByRole("dialog", { name: "Task Center" });
  await panel.getByRole("tab", { name: /Alerts/ }).click();
  await expect(panel.getByText(`Follow up: ${orderNumber} short ${missing} × ${line.sku}`)).toBeVisible();
  await expect(panel.getByText(`Stockout: ${missing} × ${line.sku} short on ${orderNumber}`, { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/picking-stockout-follow-up-${isPhone(page) ? "phone" : "desktop"}.png` });
});

test.describe("two pickers on one order", () => {
  // Two browsers and a whole claim-and-offline story on a machine shared with the other journeys.
  test.setTimeout(150_000);
  let phoneContext: BrowserContext;
  let deskContext: BrowserContext;
  test.afterEach(async () => {
    await phoneContext?.close();
    await deskContext?.close();
  });

  test("a tapped line is held for its picker, live on the other device; the same line claimed at once has one winner", { tag: "@desktop-only" }, async ({ browser }) => {
    phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    deskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await phoneContext.newPage();
    const desk = await deskContext.newPage();

    await desk.goto("/login?redirectTo=%2F");
    await signInAs(desk, ACCOUNTS["logistics-manager"]);
    const { orderNumber, lines } = (await roomyOrders(desk))[2]!;
    await desk.goto(`/pick-list?order=${orderNumber}`);
    // The phone: a passcode picker.
    await phone.goto(`/pick-list?order=${orderNumber}`);
    await enterPasscode(phone);
    await expect(phone.getByTestId("room-status")).toHaveText("Live");
    await expect(desk.getByTestId("room-status")).toHaveText("Live");
    await resetLines(desk);

    // The desk taps a line: it is the desk's ('You'), and the phone sees who holds it within a second.
    const first = lines[0]!;
    const second = lines.find((l) => l !== first && l.quantity >= 2)!;
    const third = lines.find((l) => l !== first && l !== second)!;
    await lineEl(desk, first.lineItemId).getByTestId("line-hold").click();
    await expect(lineEl(desk, first.lineItemId).getByTestId("line-claim")).toHaveText("You");
    await expect(lineEl(phone, first.lineItemId).getByTestId("line-claim")).toHaveText("Leo Logistics is picking", { timeout: 1_000 });
    await expect(lineEl(phone, first.lineItemId).getByRole("button", { name: /^In Full/ })).toBeDisabled();
    await phone.screenshot({ path: `${SCREENS}/picking-claims-phone.png` });

    // The phone scans that line's code: refused, naming the holder, and nothing changes.
    await phone.getByLabel("Scan or type a barcode").fill(first.sku);
    await phone.getByLabel("Scan or type a barcode").press("Enter");
    await expect(phone.getByTestId("pick-bar").getByRole("status")).toHaveText(`Leo Logistics is picking ${first.sku}. Nothing changed.`);
    await expect(lineEl(phone, first.lineItemId)).toHaveAttribute("data-status", "Pending");

    // Done ends the claim: the desk picks it in full, and the phone may work on it again.
    await lineEl(desk, first.lineItemId).getByRole("button", { name: /^In Full/ }).click();
    await expect(lineEl(phone, first.lineItemId)).toHaveAttribute("data-status", "Picked", { timeout: 1_000 });
    await expect(lineEl(phone, first.lineItemId).getByTestId("line-claim")).toHaveCount(0);

    // The phone's scan claims the line it confirms; the desk's change on it is sent back.
    await phone.getByLabel("Scan or type a barcode").fill(second.sku);
    await phone.getByLabel("Scan or type a barcode").press("Enter");
    await expect(lineEl(desk, second.lineItemId).getByTestId("line-claim")).toHaveText("Main floor phones is picking", { timeout: 1_000 });

    // Both tap the third line in the same moment: exactly one holds it, and the other sees who.
    await Promise.all([
      lineEl(desk, third.lineItemId).getByTestId("line-hold").click(),
      lineEl(phone, third.lineItemId).getByTestId("line-hold").click(),
    ]);
    await expect
      .poll(async () => [await lineEl(desk, third.lineItemId).getByTestId("line-claim").innerText(), await lineEl(phone, third.lineItemId).getByTestId("line-claim").innerText()].sort().join(" | "))
      .toMatch(/^(Leo Logistics is picking \| You|Main floor phones is picking \| You)$/);
    await desk.screenshot({ path: `${SCREENS}/picking-claims-desktop.png` });

    // A scan while offline waits on the phone, then is applied once when the phone is back.
    const fourth = lines.find((l) => ![first, second, third].includes(l) && l.quantity >= 2)!;
    await phoneContext.setOffline(true);
    await expect(phone.getByTestId("room-status")).toContainText("Offline");
    await phone.getByLabel("Scan or type a barcode").fill(fourth.sku);
    await phone.getByLabel("Scan or type a barcode").press("Enter");
    await expect(lineEl(phone, fourth.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 1/${fourth.quantity}`);
    await expect(phone.getByTestId("room-status")).toContainText("change");
    await expect(lineEl(desk, fourth.lineItemId).getByTestId("scanned")).toHaveCount(0);
    await phoneContext.setOffline(false);
    await expect(phone.getByTestId("room-status")).toHaveText("Live", { timeout: 10_000 });
    // On the desk the line is the phone's now: its row names the holder and shows the count.
    await expect(lineEl(desk, fourth.lineItemId).getByTestId("line-claim")).toHaveText("Main floor phones is picking", { timeout: 5_000 });
    await expect(lineEl(desk, fourth.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 1/${fourth.quantity}`, { timeout: 5_000 });
    // Replayed once: when the phone's outbox is empty and the room is quiet, the desk still counts one.
    await expect.poll(() => phone.evaluate((n) => localStorage.getItem(`picklist-outbox:${n}`), orderNumber)).toBeNull();
    await desk.waitForLoadState("networkidle");
    await expect(lineEl(desk, fourth.lineItemId).getByTestId("scanned")).toHaveText(`Scanned 1/${fourth.quantity}`);
  });
});
