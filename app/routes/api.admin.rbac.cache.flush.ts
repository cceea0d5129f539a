// POST /api/admin/rbac/cache/flush: grants are read per request, so there is nothing cached; says so.
import { policies } from "~/domain/access/policy";
import { parseIgnoredBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { flushRbacCache } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  // The spec's client sends no body (user headers only); a body of another type is refused (415).
  POST: async ({ request, ctx }) => {
    await parseIgnoredBody(request);
    return flushRbacCache(ctx);
  },
});

export const loader = route.loader;
export const action = route.action;
