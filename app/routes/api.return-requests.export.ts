// GET /api/return-requests/export?search&searchBy&status&sort&dir: the Return Forms list as searched, filtered and
// sorted, as a streamed CSV download (same grant and query schema as GET /api/return-requests).
import { policies } from "~/domain/access/policy";
import { returnListQuerySchema } from "~/domain/returns/schemas";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportReturnRequests } from "~/services/returns-export.server";

export const policy = policies.grant("returns:view");

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => exportReturnRequests(ctx, parseSearchParams(request, returnListQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
