// PUT /api/admin/short-reasons/{id} {label?, action?, active?, move?: 'up'|'down', version?}: renames, sets
// the action, (de)activates or moves a reason; answers the whole list in its new order. Admins only, audited.
import { z } from "zod";
import type { ShortReason } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateReasonSchema, updateShortReason } from "~/services/pick-short-reasons.server";

export const policy = policies.admin;

const paramsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, "Invalid reason id").transform(Number) });

const route = apiRoute(policy, {
  PUT: async ({ request, params, ctx, viewer }) => {
    const { id } = parseParams(params, paramsSchema);
    return ok((await updateShortReason(ctx, viewer, id, await parseJsonBody(request, updateReasonSchema))) satisfies ShortReason[]);
  },
});

export const loader = route.loader;
export const action = route.action;
