// GET /api/return-requests?page&limit&search&searchBy&status&sort&dir: a bare list of return requests with
// their items (spec 000 §7); the page's totals travel in X-Total-Count, X-Page and X-Limit.
import { policies } from "~/domain/access/policy";
import { returnListQuerySchema } from "~/domain/returns/schemas";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { returnRequestsPage } from "~/services/returns.server";

export const policy = policies.grant("returns:view");

const route = apiRoute(policy, {
  async GET({ request, ctx }) {
    const page = await returnRequestsPage(ctx, parseSearchParams(request, returnListQuerySchema));
    return new Response(page.json, {
      headers: { "Content-Type": "application/json", "X-Total-Count": String(page.total), "X-Page": String(page.page), "X-Limit": String(page.limit) },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
