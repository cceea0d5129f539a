// Orders for the picking journeys: each journey and width takes its own (they run at once on one database).
import { expect, type Page } from "@playwright/test";

export type ApiLine = { lineItemId: string; sku: string; quantity: number; bin: string | null; barcodes: { key: string; kind: string; quantity: number }[] };

/** NY-MAIN orders with at least eight lines, beyond the first (the live picking journey's). */
export async function roomyOrders(page: Page): Promise<{ orderNumber: string; lines: ApiLine[] }[]> {
  const found = await ordersWhere(page, (o) => o.warehouseLocation === "NY-MAIN" && o.lines.length >= 8, 8);
  if (found.length < 8) throw new Error("the e2e seed needs eight NY-MAIN orders with eight lines");
  return found;
}

/** The viewer's orders from SO-100003 on that `accept` takes, in number order, at most `wanted` of them. */
export async function ordersWhere(
  page: Page,
  accept: (order: { warehouseLocation?: string; lines: ApiLine[] }) => boolean,
  wanted: number,
): Promise<{ orderNumber: string; lines: ApiLine[] }[]> {
  const found: { orderNumber: string; lines: ApiLine[] }[] = [];
  for (let n = 100003; n < 100200 && found.length < wanted; n++) {
    const res = await page.request.get(`/api/sales-orders/by-order-number/SO-${n}?include=lines`);
    if (!res.ok()) continue;
    const body = (await res.json()) as { warehouseLocation?: string; lines?: ApiLine[] };
    const order = { warehouseLocation: body.warehouseLocation, lines: body.lines ?? [] };
    if (accept(order)) found.push({ orderNumber: `SO-${n}`, lines: order.lines });
  }
  return found;
}

/**
 * Puts every line of the open order back to unset (partykit dev keeps rooms across runs, and a saved pick log
 * may set lines). A compact line drops its Unselect once unset, so the list is re-read after each click.
 */
export async function resetLines(page: Page) {
  const unselect = page.getByTestId("pick-line").getByRole("button", { name: "Unselect" });
  for (let guard = 0; guard < 200 && (await unselect.count()) > 0; guard++) await unselect.first().click();
  await expect(unselect).toHaveCount(0);
}

/** Opens the picking gate with the seeded floor passcode (RICE-2468), on the page's current /pick-list. */
export async function enterPasscode(page: Page) {
  const gate = page.getByRole("dialog", { name: "Pick List Access" });
  await gate.getByPlaceholder("Enter pick list code").fill("RICE-2468");
  await gate.getByRole("button", { name: "Access Pick List" }).click();
  await expect(gate).toBeHidden();
}
