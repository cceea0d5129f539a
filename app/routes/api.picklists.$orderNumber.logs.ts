// GET /api/picklists/{orderNumber}/logs: the order's pick log (pick-verified, pick-completed), newest first.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { PICK_GRANTS } from "~/domain/picklists/grants";
import { findPickOrder, listPickLogs } from "~/services/picklists.server";

export const policy = policies.grant(...PICK_GRANTS);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const order = await findPickOrder(context.app, viewer, params.orderNumber ?? "", PICK_GRANTS);
  return Response.json({ success: true, data: await listPickLogs(context.app, order) });
}
