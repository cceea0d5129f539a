// GET /api/picklists/{orderNumber}/logs: the order's pick log (pick-verified, pick-completed), newest first.
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder, listPickLogs } from "~/services/pick-list.server";

export const policy = policies.grant(...PICK_GRANTS);

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findPickOrder(
      ctx,
      viewer,
      params.orderNumber ?? "",
      PICK_GRANTS
    );
    // Read by PickLogsAnswer (app/domain/picking/contract.ts); `payload` is stored JSON, so the contract reads it loosely.
    return { success: true, data: await listPickLogs(ctx, order) };
  },
});

export const loader = route.loader;
export const action = route.action;
