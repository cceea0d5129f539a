// GET /api/warehouse-workers/options: the assignment labels (active workers' names, then 'ALL'), for the
// people who assign orders (the edit stepper's Assignment step).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { WorkerOptionsSchema } from "~/domain/orders/contract";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { workerOptions } from "~/services/workers.server";

export const policy = policies.grant("orders:update");

const route = apiRoute(policy, {
  GET: async ({ ctx }) =>
    ok(
      (await workerOptions(ctx)) satisfies z.output<typeof WorkerOptionsSchema>
    ),
});

export const loader = route.loader;
export const action = route.action;
