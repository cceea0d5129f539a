// POST /api/order-trackers/{id}/release-order/email: emails the pick list PDF to the warehouse's routing.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { findPickOrder } from "~/services/picklists.server";
import { asPrintDenied, EMAILED_OK, emailReleaseOrder } from "~/services/release-orders.server";

export const policy = policies.grant("picklists:print");

// The spec does not show a body; the names some clients send are accepted and ignored.
const bodySchema = z.object({}).loose();

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy).catch(asPrintDenied);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  await parseJsonBody(request, bodySchema);
  const order = await findPickOrder(context.app, viewer, params.id ?? "", ["picklists:print"]);
  const sent = await emailReleaseOrder(context.app, viewer, order);
  return Response.json({ success: true, message: EMAILED_OK, emailedAt: sent.emailedAt, emailEnabled: false });
}
