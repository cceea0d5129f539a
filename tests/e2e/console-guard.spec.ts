// The fixture that fails a journey on an uncaught page error or a console error, checked on blank pages
// (no app needed): each `test.fail()` below passes only because the guard failed it.
import { expect, expectConsoleErrors, test } from "./fixtures";

test.describe("console guard", { tag: "@desktop-only" }, () => {
  test("a console error on the test's page fails the test", async ({ page }) => {
    test.fail();
    await page.evaluate(() => console.error("boom from the page"));
  });

  test("an uncaught error on the test's page fails the test", async ({ page }) => {
    test.fail();
    const thrown = page.waitForEvent("pageerror");
    await page.setContent("<script>setTimeout(() => { throw new Error('uncaught boom'); })</script>");
    await thrown;
  });

  test("a console error in a context the test opened itself fails the test", async ({ browser }) => {
    test.fail();
    const other = await browser.newPage();
    await other.evaluate(() => console.error("boom from a second user"));
  });

  test("a popup's console error fails the test", async ({ page }) => {
    test.fail();
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.evaluate(() => void window.open("about:blank"))]);
    await popup.evaluate(() => console.error("boom from a popup"));
  });

  test("an error the test declares is allowed, and only that one", async ({ page }) => {
    expectConsoleErrors(/console\.error: expected boom/);
    await page.evaluate(() => console.error("expected boom"));
    await page.evaluate(() => console.warn("a warning is not an error"));
    expect(test.info().annotations).toContainEqual({ type: "expected console error", description: "/console\\.error: expected boom/" });
  });

  test.describe("declared for a block with test.use", () => {
    test.use({ expectedConsoleErrors: [/console\.error: block boom/] });

    test("is allowed", async ({ page }) => {
      await page.evaluate(() => console.error("block boom"));
    });

    test("does not allow another error", async ({ page }) => {
      test.fail();
      await page.evaluate(() => console.error("some other boom"));
    });
  });
});
