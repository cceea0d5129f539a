// POST /api/order-trackers/{id}/release-order/email-enable: lets an emailed pick list be emailed again
// (spec 001: 'Email can be re-enabled by admin or logistics-manager').
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed } from "~/lib/http.server";
import { findPickOrder } from "~/services/picklists.server";
import { enableReleaseOrderEmail } from "~/services/release-orders.server";

export const policy = policies.grant("picklists:email-enable");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const order = await findPickOrder(context.app, viewer, params.id ?? "", ["picklists:email-enable", "picklists:print"]);
  return Response.json({ success: true, ...(await enableReleaseOrderEmail(context.app, viewer, order)) });
}
