// GET /api/admin/locations: {data: [{id, locationId, code, name}]} for the passcodes' warehouse chips.
import type { AdminLocation } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { adminLocations } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await adminLocations(ctx)) satisfies AdminLocation[]),
});

export const loader = route.loader;
export const action = route.action;
