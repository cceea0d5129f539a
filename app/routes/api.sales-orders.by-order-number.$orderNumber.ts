// GET /api/sales-orders/by-order-number/{orderNumber}?include=lines: the order with its lines.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { z } from "zod";
import { authorize } from "~/lib/guard.server";
import { parseSearchParams } from "~/lib/http.server";
import { getSalesOrder } from "~/services/sales-orders.server";

export const policy = policies.grant("orders:view", "picklists:pick");

/** `include` is a comma list of extras; only `lines` exists. */
const query = z.object({ include: z.string().max(100).optional() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const include = (parseSearchParams(request, query).include ?? "").split(",").map((s) => s.trim());
  const order = await getSalesOrder(context.app, viewer, params.orderNumber ?? "", { includeLines: include.includes("lines") });
  // The old API spreads the order at the top level next to `success` (spec 001 §7).
  return Response.json({ success: true, ...order, data: order });
}
