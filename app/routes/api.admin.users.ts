// GET /api/admin/users?limit=25&page=n&q=text: members with role, locations, order types, linked worker
// records and version (spec 002 §7). Admins only.
import type { AdminUsersPage } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listAdminUsers, usersQuerySchema } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ request, ctx }) => (await listAdminUsers(ctx, parseSearchParams(request, usersQuerySchema))) satisfies AdminUsersPage,
});

export const loader = route.loader;
export const action = route.action;
