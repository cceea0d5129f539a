// GET /api/me: the signed-in profile (grants, isAdmin, roleId and session fields).
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { profileOf } from "~/services/auth.server";

export const policy = policies.viewer;

const route = apiRoute(policy, {
  GET: ({ viewer }) => ok(profileOf(viewer)),
});

export const loader = route.loader;
export const action = route.action;
