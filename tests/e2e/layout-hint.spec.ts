// The server renders a list in the layout the browser says it needs (decision 047): Chromium's Sec-CH-UA-Mobile
// on a phone gives the cards only, on a desktop the table only, and a browser that does not say gets both. Order
// Tracking too (its first screen: a warehouse employee's 50 rows in one layout, not 25 in each).
import { expect, signIn, test } from "./fixtures";

for (const [path, role] of [["/return-forms", "sales-rep"], ["/customer-applications", "sales-rep"], ["/order-tracking", "warehouse-employee"]] as const) {
  test(`${path} is rendered in the layout the browser asks for @desktop-only`, async ({ page }) => {
    await signIn(page, role, path);
    const html = async (headers: Record<string, string>) => (await page.request.get(path, { headers })).text();
    const has = (text: string) => ({ table: /<table[\s>]/.test(text), cards: /<ul class="space-y-2/.test(text) });
    expect(has(await html({ "sec-ch-ua-mobile": "?1" }))).toEqual({ table: false, cards: true });
    expect(has(await html({ "sec-ch-ua-mobile": "?0" }))).toEqual({ table: true, cards: false });
    expect(has(await html({}))).toEqual({ table: true, cards: true });
  });
}
