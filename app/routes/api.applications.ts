// GET /api/applications?page&limit&search&searchBy&status&sort&dir: {success, data: [...], pagination}
// (spec 000 §7 lets the list be bare or under `data`; ours carries the totals beside it).
import { policies } from "~/domain/access/policy";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listApplications } from "~/services/applications.server";

export const policy = policies.grant("applications:view");

const route = apiRoute(policy, {
  async GET({ request, ctx }) {
    const list = await listApplications(ctx, parseSearchParams(request, applicationListQuerySchema));
    return { success: true, data: list.rows, pagination: { page: list.page, limit: list.limit, total: list.total } };
  },
});

export const loader = route.loader;
export const action = route.action;
