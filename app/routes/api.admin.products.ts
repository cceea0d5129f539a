// GET /api/admin/products?q=&page=: SKUs with their bins and barcodes, 25 a page (issue 13). Admins only.
import type { ProductPage } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listProducts, productQuerySchema } from "~/services/products.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ request, ctx }) => ({ success: true, ...((await listProducts(ctx, parseSearchParams(request, productQuerySchema))) satisfies ProductPage) }),
});

export const loader = route.loader;
export const action = route.action;
