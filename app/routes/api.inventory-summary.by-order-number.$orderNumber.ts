// GET /api/inventory-summary/by-order-number/{orderNumber}: on-hand quantities for the order's lines.
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { inventorySummaryForOrder } from "~/services/inventory.server";
import { findPickOrder } from "~/services/pick-list.server";
import { SALES_ORDER_GRANTS } from "~/domain/pick-list/grants";

export const policy = policies.grant(...SALES_ORDER_GRANTS);

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findPickOrder(ctx, viewer, params.orderNumber ?? "", SALES_ORDER_GRANTS);
    return { success: true, ...(await inventorySummaryForOrder(ctx, order.id)) };
  },
});

export const loader = route.loader;
export const action = route.action;
