// GET /api/qb/oauth/callback: QuickBooks sends the admin back here with code, state and realmId. A GET that
// writes, as OAuth 2 requires; the session-bound state makes it safe (docs/decisions/011-quickbooks.md). Once
// connected, the customers owed by applications approved meanwhile are created (decision 028).
import { redirect } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { createOwedCustomers } from "~/services/applications.server";
import { completeConnect } from "~/services/quickbooks.server";

export const policy = policies.grant("admin:manage");

const route = apiRoute(policy, {
  GET: async ({ request, viewer, ctx }) => {
    const outcome = await completeConnect(ctx, viewer, new URL(request.url).searchParams);
    // The connection is stored whatever happens here; a customer QuickBooks refuses stays owed with its reason.
    if (outcome === "connected") await createOwedCustomers(ctx, viewer).catch((error: unknown) => console.warn("creating owed QuickBooks customers failed", error));
    // The code and state leave the address bar (and the history) with this redirect.
    return redirect(`/quickbooks-customers?qbo=${outcome}`, { headers: { "Referrer-Policy": "no-referrer" } });
  },
});

export const loader = route.loader;
export const action = route.action;
