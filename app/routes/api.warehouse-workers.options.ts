// GET /api/warehouse-workers/options: the assignment labels (active workers' names, then 'ALL').
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { ok } from "~/lib/http.server";
import { workerOptions } from "~/services/workers.server";

export const policy = policies.grant("orders:view");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  return ok(await workerOptions(context.app));
}
