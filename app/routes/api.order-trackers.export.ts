// GET /api/order-trackers/export?search&searchBy&sort&dir&filters&quick: the Order Tracking list as filtered, as a
// streamed CSV download (same grant, scope, hidden fields and query schema as GET /api/order-trackers).
import { policies } from "~/domain/access/policy";
import { orderListQuerySchema } from "~/domain/orders/query";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportOrders } from "~/services/orders-export.server";

export const policy = policies.grant("orders:view");

const route = apiRoute(policy, {
  GET: ({ request, viewer, ctx }) => exportOrders(ctx, viewer, parseSearchParams(request, orderListQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
