// POST /api/picklists/{orderNumber}/verify: saves picked quantities (a 'pick-verified' log); Idempotency-Key aware.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { verifyBodySchema } from "~/domain/picklists/verify";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { PICK_GRANTS } from "~/domain/picklists/grants";
import { findPickOrder, verifyPick } from "~/services/picklists.server";

export const policy = policies.grant(...PICK_GRANTS);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const key = idempotencyKeyOf(request);
  const order = await findPickOrder(context.app, viewer, params.orderNumber ?? "", PICK_GRANTS);
  const body = await parseJsonBody(request, verifyBodySchema);
  return verifyPick(context.app, viewer, order, body, key);
}
