// DELETE /api/admin/products/{sku}/barcodes/{id}: removes a barcode. Admins only, audited.
import { z } from "zod";
import type { Product } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseIgnoredBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { removeBarcode } from "~/services/products.server";

export const policy = policies.admin;

const paramsSchema = z.object({
  sku: z.string().trim().min(1).max(120),
  id: z.string().regex(/^[1-9]\d{0,9}$/, "Invalid barcode id").transform(Number),
});

const route = apiRoute(policy, {
  DELETE: async ({ request, params, ctx, viewer }) => {
    await parseIgnoredBody(request); // takes no body: a text/plain post of another type is refused
    const { sku, id } = parseParams(params, paramsSchema);
    return ok((await removeBarcode(ctx, viewer, sku, id)) satisfies Product);
  },
});

export const loader = route.loader;
export const action = route.action;
