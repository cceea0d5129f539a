// A sales order with its lines (GET /api/sales-orders/by-order-number/{orderNumber}?include=lines), for the
// order detail's items table, the pick list and the picking screen. Staff are scoped like Order Tracking;
// a picklist passcode is limited to its warehouses.
import { and, asc, eq } from "drizzle-orm";
import { orderLines, orders, type ImageSet } from "../../db/schema";
import type { AppContext } from "~/lib/context.server";
import { fail } from "~/lib/http.server";
import type { Viewer } from "~/lib/session.server";
import { resolveOrderScope } from "./orders.server";

type Ctx = Pick<AppContext, "db" | "now">;

export type SalesOrderImage = { thumbUrl: string; smallUrl: string; mediumUrl: string; largeUrl: string; originalUrl: string };

export type SalesOrderLine = {
  lineItemId: string;
  productId: string;
  sku: string;
  code: string;
  description: string;
  quantity: number;
  /** Dollars, as the old client shows them; unitPriceCents is exact. */
  unitPrice: number;
  unitPriceCents: number;
  images: SalesOrderImage[];
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
  totalCents: number;
  total: number;
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

/**
 * The order and (optionally) its lines. A staff viewer outside the order's scope gets 404; a passcode
 * session for other warehouses gets 403 'Passcode not authorized for warehouse {location}'.
 */
export async function getSalesOrder(
  ctx: Ctx,
  viewer: Viewer,
  orderNumber: string,
  opts: { includeLines?: boolean } = {},
): Promise<SalesOrder> {
  const number = orderNumber.trim();
  if (!number || number.length > 64) fail(404, "Order not found");
  const passcode = viewer.kind === "passcode";
  const scope = passcode ? undefined : (await resolveOrderScope(ctx, viewer)).where;
  const [order] = await ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      orderDate: orders.orderDate,
      warehouseLocation: orders.warehouseLocation,
      orderType: orders.orderType,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(scope, eq(orders.orderNumber, number)))
    .limit(1);
  if (!order) fail(404, "Order not found");
  if (passcode && viewer.allowedLocations.length && !viewer.allowedLocations.includes(order.warehouseLocation)) {
    fail(403, `Passcode not authorized for warehouse ${order.warehouseLocation}`);
  }
  const result: SalesOrder = {
    _id: String(order.id),
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    orderDate: order.orderDate,
    warehouseLocation: order.warehouseLocation,
    locationId: order.warehouseLocation,
    orderType: order.orderType,
    totalCents: order.totalCents,
    total: order.totalCents / 100,
  };
  if (opts.includeLines !== false) {
    const lines = await ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id));
    result.lines = lines.map((l) => ({
      lineItemId: l.lineItemId,
      productId: l.productId,
      sku: l.sku,
      code: l.sku,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPriceCents / 100,
      unitPriceCents: l.unitPriceCents,
      images: (l.images ?? []).map(imageOf),
    }));
  }
  return result;
}
