// POST /api/picklist/passcode/deactivate {id}: the passcode stops working and its sessions end at once.
import type { Passcode } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { deactivatePasscode, idSchema } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, ctx, viewer }) => ok((await deactivatePasscode(ctx, viewer, (await parseJsonBody(request, idSchema)).id)) satisfies Passcode),
});

export const loader = route.loader;
export const action = route.action;
