// GET /api/order-trackers/{id}/release-order/status: generated and emailed state of the pick list.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { findPickOrder } from "~/services/picklists.server";
import { RELEASE_ORDER_READ_GRANTS } from "~/domain/picklists/grants";
import { getReleaseOrderStatus } from "~/services/release-orders.server";

export const policy = policies.grant(...RELEASE_ORDER_READ_GRANTS);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const order = await findPickOrder(context.app, viewer, params.id ?? "", RELEASE_ORDER_READ_GRANTS);
  const s = await getReleaseOrderStatus(context.app, order.id);
  return Response.json({
    success: true,
    hasReleaseOrder: s.hasReleaseOrder,
    generatedAt: s.generatedAt,
    emailedAt: s.emailedAt,
    emailEnabled: s.emailEnabled,
    completedAt: s.completedAt,
  });
}
