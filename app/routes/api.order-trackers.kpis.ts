// GET /api/order-trackers/kpis: the three KPI tiles, counted over the orders the viewer may see.
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { orderKpis } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  GET: async ({ viewer, ctx }) => ok(await orderKpis(ctx, viewer)),
});

export const loader = route.loader;
export const action = route.action;
