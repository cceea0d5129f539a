// PUT /api/warehouses/locations/groups: [{id, groups}] (only changed locations); returns success.
import { policies } from "~/domain/access/policy";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { groupsSchema, saveLocationGroups } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  PUT: async ({ request, ctx, viewer }) => saveLocationGroups(ctx, viewer, await parseJsonBody(request, groupsSchema)),
});

export const loader = route.loader;
export const action = route.action;
