// GET /api/admin/rbac/debug/effective-grants?email=e: roleId, allowedLocs, grants and each grant's row
// scope, as the member's next request will load them.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { effectiveGrants } from "~/services/admin.server";

export const policy = policies.admin;

const querySchema = z.object({ email: z.string().trim().min(3).max(254) });

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => effectiveGrants(ctx, parseSearchParams(request, querySchema).email),
});

export const loader = route.loader;
export const action = route.action;
