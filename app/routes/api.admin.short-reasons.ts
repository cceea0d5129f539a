// GET /api/admin/short-reasons: every short-pick reason (active or not) in order; POST {label, action} adds
// one (409 for a label already there, any case). Admins only, audited (issue 13).
import type { ShortReason } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { createReasonSchema, createShortReason, listShortReasons } from "~/services/pick-short-reasons.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await listShortReasons(ctx, { activeOnly: false })) satisfies ShortReason[]),
  POST: async ({ request, ctx, viewer }) => ok((await createShortReason(ctx, viewer, await parseJsonBody(request, createReasonSchema))) satisfies ShortReason, { status: 201 }),
});

export const loader = route.loader;
export const action = route.action;
