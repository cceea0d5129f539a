// GET /api/inventory-summary/by-order-number/{orderNumber}: on-hand quantities for the order's lines.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { inventorySummaryForOrder } from "~/services/inventory.server";
import { findPickOrder } from "~/services/picklists.server";

const GRANTS = ["orders:view", "picklists:pick"] as const;
export const policy = policies.grant(...GRANTS);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const order = await findPickOrder(context.app, viewer, params.orderNumber ?? "", GRANTS);
  return Response.json({ success: true, ...(await inventorySummaryForOrder(context.app, order.id)) });
}
