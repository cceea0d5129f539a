// GET /api/order-trackers/{orderNumber}/history: the order's change history (the param is named `id` because
// Remix needs one param name per level; it holds the order number here).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { OrderHistorySchema } from "~/domain/orders/contract";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { orderHistory } from "~/services/order-history.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  GET: async ({ params, viewer, ctx }) =>
    ok(
      (await orderHistory(ctx, viewer, params.id ?? "")) satisfies z.output<
        typeof OrderHistorySchema
      >
    ),
});

export const loader = route.loader;
export const action = route.action;
