// Take-over and conflict on the picking screen (issue 23): a phone holds a line and loses its signal; after the
// quiet time the manager's desk sees "not seen for", takes the line over after the app's prompt and shorts it;
// the phone comes back, is told who took its line and when, and is asked which count to keep (both shown)
// instead of its stale pick overwriting the desk's. Runs once (desktop project): it drives both widths itself.
import type { BrowserContext, Page } from "@playwright/test";
import { ACCOUNTS, expect, signInAs, test } from "./fixtures";
import { enterPasscode, resetLines, roomyOrders } from "./picking-helpers";

const SCREENS = "tests/e2e/.screens";
const lineEl = (page: Page, id: string) => page.locator(`[data-testid=pick-line][data-line-id="${id}"]`);

test.describe("a line held by a phone gone quiet", () => {
  // 20 s of quiet, an offline phone and two devices on a shared, busy machine.
  test.setTimeout(180_000);
  let phoneContext: BrowserContext;
  let deskContext: BrowserContext;
  test.afterEach(async () => {
    await phoneContext?.close();
    await deskContext?.close();
  });

  test("is taken over after a prompt; the phone is told when back and asked which count to keep", { tag: "@desktop-only" }, async ({ browser }) => {
    phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    deskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await phoneContext.newPage();
    const desk = await deskContext.newPage();

    await desk.goto("/login?redirectTo=%2F");
    await signInAs(desk, ACCOUNTS["logistics-manager"]);
    const { orderNumber, lines } = (await roomyOrders(desk))[7]!;
    await desk.goto(`/pick-list?order=${orderNumber}`);
    await phone.goto(`/pick-list?order=${orderNumber}`);
    await enterPasscode(phone);
    await expect(phone.getByTestId("room-status")).toHaveText("Live");
    await expect(desk.getByTestId("room-status")).toHaveText("Live");
    await resetLines(desk);
    const target = lines.find((l) => l.quantity >= 2)!;
    const id = target.lineItemId;

    // The phone holds the line, then loses its signal and picks it in full there (kept on the phone).
    await lineEl(phone, id).getByTestId("line-hold").click();
    await expect(lineEl(desk, id).getByTestId("line-claim")).toHaveText("Main floor phones is picking", { timeout: 2_000 });
    await phoneContext.setOffline(true);
    await expect(phone.getByTestId("room-status")).toContainText("Offline");
    await lineEl(phone, id).getByRole("button", { name: /^In Full/ }).click();
    await expect(lineEl(phone, id)).toHaveAttribute("data-status", "Picked");

    // After the quiet time the desk sees it, and may take the line over after the app's question.
    await expect(lineEl(desk, id).getByTestId("line-claim")).toContainText(/^Main floor phones — not seen for \d+ s$/, { timeout: 45_000 });
    await desk.screenshot({ path: `${SCREENS}/picking-quiet-desktop.png` });
    await lineEl(desk, id).getByRole("button", { name: "Take over" }).click();
    const prompt = desk.getByRole("dialog", { name: "Take over this line?" });
    await expect(prompt).toContainText(/Main floor phones was picking it and has not been seen for \d+ s\. Their unsent picks on this line will be shown to them when they return\./);
    await desk.screenshot({ path: `${SCREENS}/picking-take-over-prompt-desktop.png` });
    await prompt.getByRole("button", { name: "Take over" }).click();
    await expect(lineEl(desk, id).getByTestId("line-claim")).toHaveText("You");

    // The desk shorts it with a reason: done, on the server's copy.
    await lineEl(desk, id).getByRole("button", { name: "Short" }).click();
    await lineEl(desk, id).getByRole("button", { name: "50%" }).click();
    await lineEl(desk, id).getByLabel("Reason").selectOption("Wrong bin");
    await lineEl(desk, id).getByRole("button", { name: "Done" }).click();
    await expect(lineEl(desk, id)).toHaveAttribute("data-status", "Issue");

    // The phone is back: told who took its line and when, and asked which count to keep, both shown.
    await phoneContext.setOffline(false);
    await expect(phone.getByTestId("room-status")).toHaveText("Live", { timeout: 15_000 });
    await expect(phone.getByTestId("pick-bar").getByRole("status")).toHaveText(new RegExp(`^Your line ${target.sku} was taken over by Leo Logistics at \\d{1,2}:\\d{2}\\s?[AP]M\\.$`), { timeout: 10_000 });
    const ask = phone.getByRole("dialog", { name: `Keep which count for ${target.sku}?` });
    await expect(ask).toContainText(new RegExp(`You: ${target.quantity} picked · Leo Logistics: \\d+ picked, short \\(Wrong bin\\), completed \\d{1,2}:\\d{2}\\s?[AP]M`));
    await phone.screenshot({ path: `${SCREENS}/picking-conflict-phone.png` });
    // Its stale pick did not overwrite the desk's: the line is the desk's on both until the picker chooses.
    await expect(lineEl(phone, id)).toHaveAttribute("data-status", "Issue");
    await expect(lineEl(desk, id)).toHaveAttribute("data-status", "Issue");
    await ask.getByRole("button", { name: /^Keep Leo Logistics's/ }).click();
    await expect(ask).toBeHidden();
    await desk.waitForLoadState("networkidle");
    await expect(lineEl(desk, id)).toHaveAttribute("data-status", "Issue");
    await expect(lineEl(phone, id)).toHaveAttribute("data-status", "Issue");
  });
});
