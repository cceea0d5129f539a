// POST /api/picklist/passcode/reactivate {id}.
import type { Passcode } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { idSchema, reactivatePasscode } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, ctx, viewer }) => ok((await reactivatePasscode(ctx, viewer, (await parseJsonBody(request, idSchema)).id)) satisfies Passcode),
});

export const loader = route.loader;
export const action = route.action;
