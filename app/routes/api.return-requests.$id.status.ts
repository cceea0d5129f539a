// PATCH /api/return-requests/{id}/status {status, remarks, version?}: the request's decision (DESIGN §8
// transitions); answers the updated request, or 409 with the current one.
import { policies } from "~/domain/access/policy";
import type { ReturnRequestView } from "~/domain/returns/contract";
import { idParamsSchema, returnStatusBodySchema } from "~/domain/returns/schemas";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateReturnStatus } from "~/services/returns.server";

export const policy = policies.grant("returns:update");

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, idParamsSchema);
    return (await updateReturnStatus(ctx, viewer, id, await parseJsonBody(request, returnStatusBodySchema))) satisfies ReturnRequestView;
  },
});

export const loader = route.loader;
export const action = route.action;
