// GET /api/return-requests/kpis: Requests Today, Pending, Under Review, Approved (and flagged for review).
import { policies } from "~/domain/access/policy";
import type { ReturnKpis } from "~/domain/returns/contract";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { returnKpis } from "~/services/returns.server";

export const policy = policies.grant("returns:view");

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await returnKpis(ctx)) satisfies ReturnKpis),
});

export const loader = route.loader;
export const action = route.action;
