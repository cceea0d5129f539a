// GET /api/qb/oauth/start (opened in a new tab): sends an admin to QuickBooks' consent page with a state
// bound to her session. Writes nothing; the callback checks the state.
import { redirect } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { connectStartUrl } from "~/services/quickbooks.server";

export const policy = policies.grant("admin:manage");

const route = apiRoute(policy, {
  GET: async ({ viewer, ctx }) => redirect(await connectStartUrl(ctx, viewer), { headers: { "Referrer-Policy": "no-referrer" } }),
});

export const loader = route.loader;
export const action = route.action;
