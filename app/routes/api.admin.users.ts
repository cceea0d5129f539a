// GET /api/admin/users?limit=25&page=n&q=text: members with role, locations, order types, linked worker
// records and version (spec 002 §7). Admins only.
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listAdminUsers, usersQuerySchema } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => listAdminUsers(ctx, parseSearchParams(request, usersQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
