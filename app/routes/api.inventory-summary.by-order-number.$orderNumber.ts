// GET /api/inventory-summary/by-order-number/{orderNumber}: on-hand quantities for the order's lines.
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { inventorySummaryForOrder } from "~/services/inventory.server";
import { findPickOrder } from "~/services/picklists.server";
import { SALES_ORDER_GRANTS } from "~/services/sales-orders.server";

export const policy = policies.grant(...SALES_ORDER_GRANTS);

export const { loader, action } = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findPickOrder(ctx, viewer, params.orderNumber ?? "", SALES_ORDER_GRANTS);
    return { success: true, ...(await inventorySummaryForOrder(ctx, order.id)) };
  },
});
