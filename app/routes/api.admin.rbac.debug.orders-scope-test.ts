// GET /api/admin/rbac/debug/orders-scope-test?email=e&limit=200: the product's own order scope for the
// member (resolveOrderScope), what it lets through and any leakedLocations.
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { ordersScopeTest, scopeTestSchema } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => ordersScopeTest(ctx, parseSearchParams(request, scopeTestSchema)),
});

export const loader = route.loader;
export const action = route.action;
