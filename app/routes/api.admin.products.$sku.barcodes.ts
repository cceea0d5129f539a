// POST /api/admin/products/{sku}/barcodes {code, kind, quantity}: adds a barcode to a SKU (409 when the code
// is already on a SKU). Admins only, audited.
import { z } from "zod";
import type { Product } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { addBarcode, barcodeBodySchema } from "~/services/products.server";

export const policy = policies.admin;

const paramsSchema = z.object({ sku: z.string().trim().min(1).max(120) });

const route = apiRoute(policy, {
  POST: async ({ request, params, ctx, viewer }) => {
    const { sku } = parseParams(params, paramsSchema);
    return ok((await addBarcode(ctx, viewer, sku, await parseJsonBody(request, barcodeBodySchema))) satisfies Product, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
