// GET /api/admin/users/export?q=text: the admin Users list as searched, as a streamed CSV download. Admins only,
// as the list (GET /api/admin/users) is.
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { usersQuerySchema } from "~/services/admin.server";
import { exportAdminUsers } from "~/services/people-export.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => exportAdminUsers(ctx, parseSearchParams(request, usersQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
