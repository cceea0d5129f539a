// POST /api/delivery/{orderId}/need-help: a driver asks for help with an order (empty JSON body, or a note).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, methodNotAllowed } from "~/lib/http.server";
import { findHelpOrder, parseNeedHelpBody, requestHelp } from "~/services/help.server";

export const policy = policies.grant("delivery:perform");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const ref = (params.orderId ?? "").trim();
  if (!ref || ref.length > 64) fail(404, "Order not found");
  const order = await findHelpOrder(context.app, viewer, ref);
  const input = await parseNeedHelpBody(request);
  // Later (spec 001): asking for help also reverts a completed delivery; the delivery service adds that here.
  await requestHelp(context.app, viewer, { ...input, order });
  return Response.json({ success: true });
}
