// GET /api/warehouse-workers?active=true&q=: warehouse workers (name, e-mail, ...) for Order Tracking.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { ok, parseSearchParams } from "~/lib/http.server";
import { listWorkers } from "~/services/workers.server";

export const policy = policies.grant("orders:view");

const querySchema = z.object({
  active: z.enum(["true", "false", ""]).optional().transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  q: z.string().trim().max(100).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  const query = parseSearchParams(request, querySchema);
  return ok(await listWorkers(context.app, query));
}
