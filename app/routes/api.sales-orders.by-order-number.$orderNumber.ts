// GET /api/sales-orders/by-order-number/{orderNumber}?include=lines: the order with its lines.
import { z } from "zod";
import type * as zm from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { SalesOrderLinesSchema } from "~/domain/orders/contract";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { SALES_ORDER_GRANTS } from "~/domain/pick-list/grants";
import { getSalesOrder } from "~/services/sales-orders.server";

export const policy = policies.grant(...SALES_ORDER_GRANTS);

/** `include` is a comma list of extras; only `lines` exists. */
const query = z.object({ include: z.string().max(100).optional() });

const route = apiRoute(policy, {
  async GET({ request, params, viewer, ctx }) {
    const include = (parseSearchParams(request, query).include ?? "")
      .split(",")
      .map((s) => s.trim());
    const order = await getSalesOrder(ctx, viewer, params.orderNumber ?? "", {
      includeLines: include.includes("lines"),
    });
    // The old API spreads the order at the top level next to `success` (spec 001 §7).
    return {
      success: true,
      ...order,
      data: order satisfies zm.output<typeof SalesOrderLinesSchema>,
    };
  },
});

export const loader = route.loader;
export const action = route.action;
