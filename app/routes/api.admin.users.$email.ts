// DELETE /api/admin/users/{email} (URL-encoded): removes the member and ends their sessions. Never
// yourself, never the last admin.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { parseIgnoredBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { removeUser } from "~/services/admin.server";

export const policy = policies.admin;

const paramsSchema = z.object({ email: z.string().trim().min(3).max(254) });

const route = apiRoute(policy, {
  DELETE: async ({ request, params, ctx, viewer }) => {
    await parseIgnoredBody(request); // takes no body: another site's text/plain form must not remove a member
    return removeUser(ctx, viewer, parseParams(params, paramsSchema).email);
  },
});

export const loader = route.loader;
export const action = route.action;
