// GET /api/order-trackers/kpis: the three KPI tiles, counted over the orders the viewer may see.
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { KpisSchema } from "~/domain/orders/contract";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { orderKpis } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  GET: async ({ viewer, ctx }) =>
    ok((await orderKpis(ctx, viewer)) satisfies z.output<typeof KpisSchema>),
});

export const loader = route.loader;
export const action = route.action;
