// GET /api/warehouse-workers/options: the assignment labels (active workers' names, then 'ALL'), for the
// people who assign orders (the edit stepper's Assignment step).
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { workerOptions } from "~/services/workers.server";

export const policy = policies.grant("orders:update");

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok(await workerOptions(ctx)),
});

export const loader = route.loader;
export const action = route.action;
