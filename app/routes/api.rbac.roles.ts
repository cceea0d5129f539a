// GET /api/rbac/roles: every role with its grants (key and scope). Admins only.
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listRoles } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok(await listRoles(ctx)),
});

export const loader = route.loader;
export const action = route.action;
