// GET /api/integrations/keys: the integration keys (never a secret). POST {label, sourceSystem?, kinds,
// locations?} creates one (201) and answers its secret once: {key, secret}. Admins only, audited (issue 21).
import type { IntegrationKey, IssuedKey } from "~/domain/integrations/contract";
import { policies } from "~/domain/access/policy";
import { createKeySchema } from "~/domain/integrations/keys";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { createIntegrationKey, listIntegrationKeys } from "~/services/integrations-keys.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await listIntegrationKeys(ctx)) satisfies IntegrationKey[]),
  POST: async ({ request, ctx, viewer }) => ok((await createIntegrationKey(ctx, viewer, await parseJsonBody(request, createKeySchema))) satisfies IssuedKey, { status: 201 }),
});

export const loader = route.loader;
export const action = route.action;
