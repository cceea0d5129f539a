// POST /api/qb/ensure-auth: makes sure QuickBooks accepts our token (refreshing it if needed) before a screen
// retries a failed call. Takes no fields; answers {success, data: connection status}.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { EnsureAuthResult } from "~/domain/quickbooks/contract";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { ensureAuth } from "~/services/quickbooks.server";

export const policy = policies.grant("customers:view");

const route = apiRoute(policy, {
  POST: async ({ request, viewer, ctx }) => {
    // The body is read (and refused when malformed) before anything is refreshed.
    await parseJsonBody(request, z.object({}));
    return ok((await ensureAuth(ctx, viewer)) satisfies EnsureAuthResult);
  },
});

export const loader = route.loader;
export const action = route.action;
