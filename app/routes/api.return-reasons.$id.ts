// PATCH /api/return-reasons/{id} {label?, active?, position?, version}: an admin renames, hides or moves a reason.
import { policies } from "~/domain/access/policy";
import type { ReturnReason } from "~/domain/returns/contract";
import { idParamsSchema, reasonUpdateSchema } from "~/domain/returns/schemas";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateReturnReason } from "~/services/returns.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, idParamsSchema);
    return ok((await updateReturnReason(ctx, viewer, id, await parseJsonBody(request, reasonUpdateSchema))) satisfies ReturnReason);
  },
});

export const loader = route.loader;
export const action = route.action;
