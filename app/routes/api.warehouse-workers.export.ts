// GET /api/warehouse-workers/export?active=true&q=: the warehouse workers list as filtered, as a streamed CSV
// download, for the same people as the list (GET /api/warehouse-workers: those who assign orders).
import { policies } from "~/domain/access/policy";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportWorkers } from "~/services/people-export.server";
import { workersQuerySchema } from "~/services/workers.server";

export const policy = policies.grant("orders:update");

const route = apiRoute(policy, {
  GET: ({ request, ctx }) => exportWorkers(ctx, parseSearchParams(request, workersQuerySchema)),
});

export const loader = route.loader;
export const action = route.action;
