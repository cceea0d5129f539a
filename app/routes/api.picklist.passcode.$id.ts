// DELETE /api/picklist/passcode/{id}: removes the passcode and ends its sessions.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { parseIgnoredBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { deletePasscode } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const paramsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, "Invalid passcode id").transform(Number) });

const route = apiRoute(policy, {
  DELETE: async ({ request, params, ctx, viewer }) => {
    await parseIgnoredBody(request); // takes no body: a text/plain post of another type is refused
    return deletePasscode(ctx, viewer, parseParams(params, paramsSchema).id);
  },
});

export const loader = route.loader;
export const action = route.action;
