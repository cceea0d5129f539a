// GET /api/order-trackers?page&limit&light&search&searchBy&sort&dir&filters: the Order Tracking list.
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { OrderListBodySchema } from "~/domain/orders/contract";
import { orderListQuerySchema } from "~/domain/orders/query";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listOrders } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    const list = await listOrders(
      ctx,
      viewer,
      parseSearchParams(request, orderListQuerySchema)
    );
    // Shaped by the contract the screen and the integration test read it with.
    return {
      success: true,
      data: list.rows,
      pagination: list.pagination,
      meta: list.meta,
    } satisfies z.output<typeof OrderListBodySchema> & { success: true };
  },
});

export const loader = route.loader;
export const action = route.action;
