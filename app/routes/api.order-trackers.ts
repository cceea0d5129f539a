// GET /api/order-trackers?page&limit&light&search&searchBy&sort&dir&filters: the Order Tracking list.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { orderListQuerySchema } from "~/domain/orders/query";
import { authorize } from "~/lib/guard.server";
import { parseSearchParams } from "~/lib/http.server";
import { listOrders } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const query = parseSearchParams(request, orderListQuerySchema);
  const list = await listOrders(context.app, viewer, query);
  return Response.json({ success: true, data: list.rows, pagination: list.pagination, meta: list.meta });
}
