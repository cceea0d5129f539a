// PUT /api/admin/users/bulk: [{email, roleId?, locationIds?, orderTypes?, workerIds?, version?}]. Validated
// as a whole before any write; a stale version is 409 with the current values; the last admin stays.
import type { AdminUser } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { bulkUsersSchema, saveUsers } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  PUT: async ({ request, ctx, viewer }) => (await saveUsers(ctx, viewer, await parseJsonBody(request, bulkUsersSchema))) satisfies { success: true; data: AdminUser[] },
});

export const loader = route.loader;
export const action = route.action;
