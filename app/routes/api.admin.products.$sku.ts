// PUT /api/admin/products/{sku} {bin}: sets (or clears, with null or '') a SKU's bin. Admins only, audited.
import { z } from "zod";
import type { Product } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { binBodySchema, setBin } from "~/services/products.server";

export const policy = policies.admin;

const skuParams = z.object({ sku: z.string().trim().min(1).max(120) });

const route = apiRoute(policy, {
  PUT: async ({ request, params, ctx, viewer }) => {
    const { sku } = parseParams(params, skuParams);
    return ok((await setBin(ctx, viewer, sku, await parseJsonBody(request, binBodySchema))) satisfies Product);
  },
});

export const loader = route.loader;
export const action = route.action;
