// A sales order with its lines (GET /api/sales-orders/by-order-number/{orderNumber}?include=lines), for the
// order detail's items table, the pick list and the picking screen. Staff are scoped like Order Tracking;
// a picklist passcode is limited to its warehouses.
import { asc, eq, inArray } from "drizzle-orm";
import { inventoryItems, orderLines, productBarcodes, type ImageSet } from "../../db/schema";
import type { LineBarcode } from "~/domain/picking/barcodes";
import { orderVisibility } from "~/domain/access/visibility";
import { SALES_ORDER_GRANTS } from "~/domain/pick-list/grants";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { findPickOrder } from "./pick-list.server";

export type SalesOrderImage = { thumbUrl: string; smallUrl: string; mediumUrl: string; largeUrl: string; originalUrl: string };

export type SalesOrderLine = {
  lineItemId: string;
  productId: string;
  sku: string;
  code: string;
  description: string;
  quantity: number;
  /** Dollars, as the old client shows them; unitPriceCents is exact. Absent for viewers who may not see prices. */
  unitPrice?: number;
  unitPriceCents?: number;
  images: SalesOrderImage[];
  /** The SKU's bin location ('A-03-2'), null when it has none (issue 13). */
  bin: string | null;
  /** The SKU's product barcodes, by match key (the SKU itself is matched by the client, not listed). */
  barcodes: LineBarcode[];
};

export type SalesOrder = {
  _id: string;
  id: number;
  orderNumber: string;
  customerName: string;
  orderDate: string;
  warehouseLocation: string;
  locationId: string;
  orderType: string;
  /** Absent for viewers who may not see prices (docs/decisions/010-field-visibility.md). */
  totalCents?: number;
  total?: number;
  lines?: SalesOrderLine[];
};

function imageOf(set: ImageSet): SalesOrderImage {
  const original = set.originalUrl ?? set.largeUrl ?? set.mediumUrl ?? set.smallUrl ?? set.thumbUrl ?? "";
  return {
    thumbUrl: set.thumbUrl ?? set.smallUrl ?? original,
    smallUrl: set.smallUrl ?? set.mediumUrl ?? original,
    mediumUrl: set.mediumUrl ?? set.largeUrl ?? original,
    largeUrl: set.largeUrl ?? original,
    originalUrl: original,
  };
}

export { SALES_ORDER_GRANTS };

/**
 * The order and (optionally) its lines, through the one order scope (findPickOrder): a staff viewer outside
 * the order's scope gets 404; a passcode session for other warehouses gets 403 'Passcode not authorized
 * for warehouse {location}'. Prices and totals are left out for viewers who may not see them.
 */
export async function getSalesOrder(
  ctx: AppContext,
  viewer: Viewer,
  orderNumber: string,
  opts: { includeLines?: boolean } = {},
): Promise<SalesOrder> {
  const order = await findPickOrder(ctx, viewer, orderNumber, SALES_ORDER_GRANTS, { passcodeStatus: 403 });
  const prices = orderVisibility(viewer).prices;
  const result: SalesOrder = {
    _id: String(order.id),
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    orderDate: order.orderDate,
    warehouseLocation: order.warehouseLocation,
    locationId: order.warehouseLocation,
    orderType: order.orderType,
    ...(prices && order.totalCents !== undefined ? { totalCents: order.totalCents, total: order.totalCents / 100 } : {}),
  };
  if (opts.includeLines !== false) {
    // Lines with their bins, and the barcodes of the order's SKUs: two reads side by side, one round trip.
    const [lines, codes] = await Promise.all([
      ctx.db
        .select({ line: orderLines, bin: inventoryItems.bin })
        .from(orderLines)
        .leftJoin(inventoryItems, eq(inventoryItems.sku, orderLines.sku))
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.position), asc(orderLines.id)),
      ctx.db
        .select({ sku: productBarcodes.sku, key: productBarcodes.codeKey, kind: productBarcodes.kind, quantity: productBarcodes.quantity })
        .from(productBarcodes)
        .where(inArray(productBarcodes.sku, ctx.db.selectDistinct({ sku: orderLines.sku }).from(orderLines).where(eq(orderLines.orderId, order.id))))
        .orderBy(asc(productBarcodes.sku), asc(productBarcodes.id)),
    ]);
    const bySku = new Map<string, LineBarcode[]>();
    for (const c of codes) bySku.set(c.sku, [...(bySku.get(c.sku) ?? []), { key: c.key, kind: c.kind, quantity: c.quantity }]);
    result.lines = lines.map(({ line: l, bin }) => ({
      lineItemId: l.lineItemId,
      productId: l.productId,
      sku: l.sku,
      code: l.sku,
      description: l.description,
      quantity: l.quantity,
      ...(prices ? { unitPrice: l.unitPriceCents / 100, unitPriceCents: l.unitPriceCents } : {}),
      images: (l.images ?? []).map(imageOf),
      bin: bin ?? null,
      barcodes: bySku.get(l.sku) ?? [],
    }));
  }
  return result;
}
