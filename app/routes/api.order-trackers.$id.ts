// PUT /api/order-trackers/{id}: the edit stepper's save (id = the numeric order id; an order number also works).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/lib/http.server";
import { parseOrderUpdate, updateOrder } from "~/services/orders.server";

export const policy = policies.grant("orders:update");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "PUT" && request.method !== "PATCH") methodNotAllowed(["PUT"]);
  const ref = (params.id ?? "").trim();
  if (!ref || ref.length > 64) fail(404, "Order not found");
  const input = parseOrderUpdate(await parseJsonBody(request, z.unknown()));
  return ok(await updateOrder(context.app, viewer, ref, input));
}
