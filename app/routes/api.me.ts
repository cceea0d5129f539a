// GET /api/me: the signed-in profile (grants, isAdmin, roleId and session fields).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { ok } from "~/lib/http.server";
import { profileOf } from "~/services/auth.server";

export const policy = policies.viewer;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  return ok(profileOf(viewer));
}
