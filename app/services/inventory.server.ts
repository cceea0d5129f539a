// On-hand figures for an order's lines (spec 002 §3 'Inventory summary'): data by product id, plus the
// SKU and line-item maps the pick screens use to find an entry.
import { asc, eq } from "drizzle-orm";
import { inventoryItems, orderLines } from "../../db/schema";
import type { AppContext } from "~/lib/context.server";

export type InventorySummary = {
  data: Record<string, { quantityOnHand: number }>;
  skuMap: Record<string, string>;
  lineMap: Record<string, string>;
};

/**
 * Joined by SKU (the inventory key); a line whose SKU has no stock record is absent from `data` and the
 * maps, which the screens show as 'unknown'.
 */
export async function inventorySummaryForOrder(ctx: AppContext, orderId: number): Promise<InventorySummary> {
  const rows = await ctx.db
    .select({ lineItemId: orderLines.lineItemId, sku: inventoryItems.sku, productId: inventoryItems.productId, quantityOnHand: inventoryItems.quantityOnHand })
    .from(orderLines)
    .innerJoin(inventoryItems, eq(inventoryItems.sku, orderLines.sku))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const summary: InventorySummary = { data: {}, skuMap: {}, lineMap: {} };
  for (const r of rows) {
    summary.data[r.productId] = { quantityOnHand: r.quantityOnHand };
    summary.skuMap[r.sku] = r.productId;
    summary.lineMap[r.lineItemId] = r.productId;
  }
  return summary;
}
