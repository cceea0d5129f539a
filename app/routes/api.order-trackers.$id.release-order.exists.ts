// GET /api/order-trackers/{id}/release-order/exists: whether the order's pick list PDF has been generated.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { findPickOrder } from "~/services/picklists.server";
import { RELEASE_ORDER_READ_GRANTS } from "~/domain/picklists/grants";
import { getReleaseOrderStatus } from "~/services/release-orders.server";

// Reading the state is not printing: anyone who may see the order may ask (docs/decisions/005-pick-lists.md).
export const policy = policies.grant(...RELEASE_ORDER_READ_GRANTS);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const order = await findPickOrder(context.app, viewer, params.id ?? "", RELEASE_ORDER_READ_GRANTS);
  const { hasReleaseOrder } = await getReleaseOrderStatus(context.app, order.id);
  return Response.json({ success: true, exists: hasReleaseOrder, hasReleaseOrder });
}
