// GET /api/picklist/passcode: success and data (never a code). POST {label, code, hoursValid?, locations}
// creates one (201); a short code or one in use is refused. Admins only.
import type { Passcode } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { createPasscode, createPasscodeSchema, listPasscodes } from "~/services/admin-passcodes.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await listPasscodes(ctx)) satisfies Passcode[]),
  POST: async ({ request, ctx, viewer }) => ok((await createPasscode(ctx, viewer, await parseJsonBody(request, createPasscodeSchema))) satisfies Passcode, { status: 201 }),
});

export const loader = route.loader;
export const action = route.action;
