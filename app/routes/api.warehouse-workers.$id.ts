// PUT /api/warehouse-workers/{id} updates a worker (version-checked when the body carries one); DELETE
// removes it. Admins only; both audited.
import { z } from "zod";
import type { Worker } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseIgnoredBody, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { deleteWorker, updateWorker, workerBodySchema } from "~/services/workers.server";

export const policy = policies.admin;

const paramsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, "Invalid worker id").transform(Number) });

const route = apiRoute(policy, {
  PUT: async ({ request, params, ctx, viewer }) =>
    ok((await updateWorker(ctx, viewer, parseParams(params, paramsSchema).id, await parseJsonBody(request, workerBodySchema))) satisfies Worker),
  DELETE: async ({ request, params, ctx, viewer }) => {
    await parseIgnoredBody(request); // takes no body: a text/plain post of another type is refused
    return deleteWorker(ctx, viewer, parseParams(params, paramsSchema).id);
  },
});

export const loader = route.loader;
export const action = route.action;
