// GET /api/order-trackers/{id}/release-order/status: generated and emailed state of the pick list.
import { policies } from "~/domain/access/policy";
import type { PickListStatus } from "~/domain/documents/contract";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder } from "~/services/pick-list.server";
import { RELEASE_ORDER_READ_GRANTS } from "~/domain/pick-list/grants";
import { getPickListStatus } from "~/services/pick-list-documents.server";

export const policy = policies.grant(...RELEASE_ORDER_READ_GRANTS);

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findPickOrder(
      ctx,
      viewer,
      params.id ?? "",
      RELEASE_ORDER_READ_GRANTS
    );
    const s = await getPickListStatus(ctx, order.id);
    return {
      success: true,
      hasReleaseOrder: s.hasReleaseOrder,
      generatedAt: s.generatedAt,
      emailedAt: s.emailedAt,
      emailEnabled: s.emailEnabled,
      completedAt: s.completedAt,
    } satisfies PickListStatus;
  },
});

export const loader = route.loader;
export const action = route.action;
