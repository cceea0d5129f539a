// POST /api/picklist/passcode/update {id, locations}: the passcode's warehouses (live sessions follow).
import type { Passcode } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updatePasscodeLocations, updatePasscodeSchema } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, ctx, viewer }) => ok((await updatePasscodeLocations(ctx, viewer, await parseJsonBody(request, updatePasscodeSchema))) satisfies Passcode),
});

export const loader = route.loader;
export const action = route.action;
