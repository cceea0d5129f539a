// GET /api/order-trackers/{id}/release-order/exists: whether the order's pick list PDF has been generated.
// Reading the state is not printing: anyone who may see the order may ask (docs/decisions/005-pick-lists.md).
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder } from "~/services/pick-list.server";
import { RELEASE_ORDER_READ_GRANTS } from "~/domain/pick-list/grants";
import { getPickListStatus } from "~/services/pick-list-documents.server";

export const policy = policies.grant(...RELEASE_ORDER_READ_GRANTS);

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findPickOrder(ctx, viewer, params.id ?? "", RELEASE_ORDER_READ_GRANTS);
    const { hasReleaseOrder } = await getPickListStatus(ctx, order.id);
    return { success: true, exists: hasReleaseOrder, hasReleaseOrder };
  },
});

export const loader = route.loader;
export const action = route.action;
