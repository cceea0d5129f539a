// GET /api/warehouse-workers?active=true&q=: warehouse workers (name, e-mail, ...) for the edit stepper's
// Assignment step: people who assign orders, not every viewer of orders (workers' contacts are personal data).
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { ok, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listWorkers } from "~/services/workers.server";

export const policy = policies.grant("orders:update");

const querySchema = z.object({
  active: z.enum(["true", "false", ""]).optional().transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  q: z.string().trim().max(100).optional(),
});

const route = apiRoute(policy, {
  GET: async ({ request, ctx }) => ok(await listWorkers(ctx, parseSearchParams(request, querySchema))),
});

export const loader = route.loader;
export const action = route.action;
