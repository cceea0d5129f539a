// GET /api/applications/export?search&searchBy&status&sort&dir: the Customer Applications list as searched,
// filtered and sorted, as a streamed CSV download (same grant and query schema as GET /api/applications).
import { policies } from "~/domain/access/policy";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportApplications } from "~/services/applications-export.server";

export const policy = policies.grant("applications:view");

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => exportApplications(ctx, parseSearchParams(request, applicationListQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
