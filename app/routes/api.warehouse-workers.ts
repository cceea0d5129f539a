// GET /api/warehouse-workers?active=true&q=: warehouse workers (name, e-mail, ...) for the edit stepper's
// Assignment step and the admin Workers screen: people who assign orders, not every viewer of orders
// (workers' contacts are personal data). POST creates a worker: admins only (spec 002 §7).
import type { Worker } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { requireAdmin } from "~/services/admin.server";
import { createWorker, listWorkers, workerBodySchema, workersQuerySchema } from "~/services/workers.server";

export const policy = policies.grant("orders:update");

const route = apiRoute(policy, {
  GET: async ({ request, ctx }) => ok((await listWorkers(ctx, parseSearchParams(request, workersQuerySchema))) satisfies Worker[]),
  POST: async ({ request, ctx, viewer }) => {
    requireAdmin(viewer);
    return ok((await createWorker(ctx, viewer, await parseJsonBody(request, workerBodySchema))) satisfies Worker, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
