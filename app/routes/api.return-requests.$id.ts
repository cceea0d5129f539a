// GET /api/return-requests/{id}: one request with its items, history (who and when) and request images.
import { policies } from "~/domain/access/policy";
import type { ReturnDetailView } from "~/domain/returns/contract";
import { idParamsSchema } from "~/domain/returns/schemas";
import { ok, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { returnDetail } from "~/services/returns.server";

export const policy = policies.grant("returns:view");

const route = apiRoute(policy, {
  GET: async ({ params, ctx }) => ok((await returnDetail(ctx, parseParams(params, idParamsSchema).id)) satisfies ReturnDetailView),
});

export const loader = route.loader;
export const action = route.action;
