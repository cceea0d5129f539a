// POST /api/return-requests/{id}/receiving {items: [{index, received, damaged}], notes?, version?}: what
// arrived; only the sellable rest is marked for restock and a mismatch flags the request. DELETE clears the flag.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { ReturnRequestView } from "~/domain/returns/contract";
import { idParamsSchema, receivingBodySchema } from "~/domain/returns/schemas";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { clearReviewFlag, receiveReturn } from "~/services/returns.server";

export const policy = policies.grant("returns:update");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, idParamsSchema);
    return { success: true, data: (await receiveReturn(ctx, viewer, id, await parseJsonBody(request, receivingBodySchema))) satisfies ReturnRequestView };
  },
  async DELETE({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, idParamsSchema);
    const body = await parseJsonBody(request, z.object({ version: z.number().int().min(1).optional() }));
    return { success: true, data: (await clearReviewFlag(ctx, viewer, id, body.version)) satisfies ReturnRequestView };
  },
});

export const loader = route.loader;
export const action = route.action;
