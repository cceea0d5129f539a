// POST /api/admin/rbac/cache/flush: grants are read per request, so there is nothing cached; says so.
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { flushRbacCache } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: ({ ctx }) => flushRbacCache(ctx),
});

export const loader = route.loader;
export const action = route.action;
