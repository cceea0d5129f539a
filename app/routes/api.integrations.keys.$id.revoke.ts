// POST /api/integrations/keys/{id}/revoke: the key stops working at once and for good (it stays listed, with
// who revoked it and when). Admins only, audited (issue 21).
import { z } from "zod";
import type { IntegrationKey } from "~/domain/integrations/contract";
import { policies } from "~/domain/access/policy";
import { keyParams } from "~/domain/integrations/keys";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { revokeIntegrationKey } from "~/services/integrations-keys.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, params, ctx, viewer }) => {
    const { id } = parseParams(params, keyParams);
    // No body, or an empty JSON object: another site's text/plain form must not revoke a key.
    await parseJsonBody(request, z.object({}).strict());
    return ok((await revokeIntegrationKey(ctx, viewer, id)) satisfies IntegrationKey);
  },
});

export const loader = route.loader;
export const action = route.action;
