// GET /api/order-trackers/kpis: the three KPI tiles, counted over the orders the viewer may see.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { ok } from "~/lib/http.server";
import { orderKpis } from "~/services/orders.server";

export const policy = policies.grant("orders:view");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  return ok(await orderKpis(context.app, viewer));
}
