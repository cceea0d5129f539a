// GET /api/warehouses/locations: {data: [{id, name, groups}]} for the users' location picker. Admins only.
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listLocations } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await listLocations(ctx)).map(({ id, name, groups }) => ({ id, name, groups }))),
});

export const loader = route.loader;
export const action = route.action;
