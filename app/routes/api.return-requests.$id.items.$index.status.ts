// PATCH /api/return-requests/{id}/items/{index}/status {status, decisionDate, remarks, version?}: one item's
// decision; answers the updated request, or 409 with the current one when someone decided it first.
import { policies } from "~/domain/access/policy";
import type { ReturnRequestView } from "~/domain/returns/contract";
import { itemParamsSchema, itemStatusBodySchema } from "~/domain/returns/schemas";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateItemStatus } from "~/services/returns.server";

export const policy = policies.grant("returns:update");

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id, index } = parseParams(params, itemParamsSchema);
    return (await updateItemStatus(ctx, viewer, id, index, await parseJsonBody(request, itemStatusBodySchema))) satisfies ReturnRequestView;
  },
});

export const loader = route.loader;
export const action = route.action;
