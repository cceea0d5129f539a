// GET /api/order-trackers/{orderNumber}/history: the order's change history (the param is named `id` because
// Remix needs one param name per level; it holds the order number here).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, ok } from "~/lib/http.server";
import { orderHistory } from "~/services/order-history.server";

export const policy = policies.grant("orders:view");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const orderNumber = (params.id ?? "").trim();
  if (!orderNumber || orderNumber.length > 64) fail(404, "Order not found");
  return ok(await orderHistory(context.app, viewer, orderNumber));
}
