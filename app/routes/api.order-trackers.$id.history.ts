// GET /api/order-trackers/{orderNumber}/history: the order's change history (the param is named `id` because
// Remix needs one param name per level; it holds the order number here).
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { orderHistory } from "~/services/order-history.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  GET: async ({ params, viewer, ctx }) => ok(await orderHistory(ctx, viewer, params.id ?? "")),
});

export const loader = route.loader;
export const action = route.action;
