// POST /api/picklists/{orderNumber or orderId}/complete: marks the pick completed (order → 'Picked'); Idempotency-Key aware.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { PICK_GRANTS } from "~/domain/picklists/grants";
import { completePick, findPickOrder } from "~/services/picklists.server";

export const policy = policies.grant(...PICK_GRANTS);

// No body (spec); a JSON body is accepted and ignored.
const bodySchema = z.unknown();

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const key = idempotencyKeyOf(request);
  const order = await findPickOrder(context.app, viewer, params.orderNumber ?? "", PICK_GRANTS);
  await parseJsonBody(request, bodySchema);
  return completePick(context.app, viewer, order, key);
}
