// GET /api/order-trackers?page&limit&light&search&searchBy&sort&dir&filters: the Order Tracking list.
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { OrderListBodySchema } from "~/domain/orders/contract";
import { orderListQuerySchema } from "~/domain/orders/query";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listOrdersJson } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    const list = await listOrdersJson(ctx, viewer, parseSearchParams(request, orderListQuerySchema));
    // Shaped by the contract the screen and the integration test read it with. The rows are SQLite's JSON text
    // (decision 044): spliced in as they are, not parsed and serialized again.
    const rest = { pagination: list.pagination, meta: list.meta } satisfies Omit<z.output<typeof OrderListBodySchema>, "data">;
    return new Response(`{"success":true,"data":${list.json},"pagination":${JSON.stringify(rest.pagination)},"meta":${JSON.stringify(rest.meta)}}`, {
      headers: { "Content-Type": "application/json" },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
