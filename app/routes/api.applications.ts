// GET /api/applications?page&limit&search&searchBy&status&sort&dir: {success, data: [...], pagination}
// (spec 000 §7 lets the list be bare or under `data`; ours carries the totals beside it).
import { policies } from "~/domain/access/policy";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { applicationsPage } from "~/services/applications.server";

export const policy = policies.grant("applications:view");

const route = apiRoute(policy, {
  async GET({ request, ctx }) {
    const page = await applicationsPage(ctx, parseSearchParams(request, applicationListQuerySchema));
    const pagination = JSON.stringify({ page: page.page, limit: page.limit, total: page.total });
    return new Response(`{"success":true,"data":${page.json},"pagination":${pagination}}`, { headers: { "Content-Type": "application/json" } });
  },
});

export const loader = route.loader;
export const action = route.action;
