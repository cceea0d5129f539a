// PATCH /api/integrations/keys/{id} {label?, kinds?, locations?, version?}: the key's label and scope (what data,
// which warehouses); a stale version is a 409 with the key as it is. Admins only, audited (issue 21).
import type { IntegrationKey } from "~/domain/integrations/contract";
import { policies } from "~/domain/access/policy";
import { keyParams, updateKeySchema } from "~/domain/integrations/keys";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateIntegrationKey } from "~/services/integrations-keys.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  PATCH: async ({ request, params, ctx, viewer }) => {
    const { id } = parseParams(params, keyParams);
    return ok((await updateIntegrationKey(ctx, viewer, id, await parseJsonBody(request, updateKeySchema))) satisfies IntegrationKey);
  },
});

export const loader = route.loader;
export const action = route.action;
