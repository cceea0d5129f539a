// POST /api/integrations/keys/{id}/rotate {version?}: a new secret for the key, answered once ({key, secret});
// the old secret stops working at once. Admins only, audited (issue 21).
import type { IssuedKey } from "~/domain/integrations/contract";
import { policies } from "~/domain/access/policy";
import { keyParams, rotateKeySchema } from "~/domain/integrations/keys";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { rotateIntegrationKey } from "~/services/integrations-keys.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, params, ctx, viewer }) => {
    const { id } = parseParams(params, keyParams);
    const { version } = await parseJsonBody(request, rotateKeySchema);
    return ok((await rotateIntegrationKey(ctx, viewer, id, version)) satisfies IssuedKey);
  },
});

export const loader = route.loader;
export const action = route.action;
