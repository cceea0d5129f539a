// The one place a route's access rule is stated and enforced. Every route module exports `policy`
// (data from ~/domain/access/policy, checked for every route by tests/integration/authorization-matrix.test.ts)
// and the first line of its loader and action is `await authorize(request, context, policy)`.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { policies, type Policy } from "~/domain/access/policy";
import { viewerSatisfies } from "~/domain/access/policy-check";
import { isLocal } from "./env.server";
import { gateRequest, wantsJson } from "./request-gate.server";
import { getStaffViewer, getViewer, getPasscodeViewer, type Viewer } from "./session.server";

// The predicate is pure (the navigation and the home page offer links by it); re-exported for route modules.
export { policies, type Policy, viewerSatisfies };

/** Marks refusals made by a route's policy, as opposed to row-level answers (an order out of scope). */
export const POLICY_DENIAL_HEADER = "X-Access-Denied";
const denied = { [POLICY_DENIAL_HEADER]: "policy" };

function unauthenticated(request: Request): never {
  if (wantsJson(request)) {
    throw Response.json({ success: false, error: "Not signed in" }, { status: 401, headers: denied });
  }
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(target)}`, { headers: denied });
}

function forbidden(request: Request, message = "You do not have access to this page."): never {
  if (wantsJson(request)) throw Response.json({ success: false, error: message }, { status: 403, headers: denied });
  throw new Response(message, { status: 403, statusText: "Forbidden", headers: denied });
}

export async function authorize(request: Request, context: AppLoadContext, policy: Policy & { kind: "public" }): Promise<Viewer | null>;
export async function authorize(request: Request, context: AppLoadContext, policy: Policy): Promise<Viewer>;
export async function authorize(request: Request, context: AppLoadContext, policy: Policy): Promise<Viewer | null> {
  // Before any policy, public ones included: a malformed URL or a cross-site write never reaches a route.
  gateRequest(request);
  const ctx = context.app;
  if (policy.kind === "public") return getViewer(request, ctx);
  if (policy.kind === "local-admin" && !isLocal(ctx.env)) throw new Response("Not Found", { status: 404 });
  const viewer = policy.kind === "staff" || policy.kind === "admin" || policy.kind === "local-admin"
    ? await getStaffViewer(request, ctx)
    : await getViewer(request, ctx);
  if (!viewer) unauthenticated(request);
  if (!viewerSatisfies(viewer, policy)) forbidden(request);
  return viewer;
}

/** For routes that accept either identity but must know which: the passcode session alone. */
export { getPasscodeViewer };
