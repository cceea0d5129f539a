// GET / PUT /api/order-trackers/{id}: one order (numeric id or order number) and the edit stepper's save.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/lib/http.server";
import { getOrderForViewer, parseOrderUpdate, updateOrder } from "~/services/orders.server";

export const policy = policies.grant("orders:view");
export const updatePolicy = policies.grant("orders:update");

function orderRef(params: LoaderFunctionArgs["params"]): string {
  const ref = (params.id ?? "").trim();
  if (!ref || ref.length > 64) fail(404, "Order not found");
  return ref;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  return ok(await getOrderForViewer(context.app, viewer, orderRef(params)));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, updatePolicy);
  if (request.method !== "PUT" && request.method !== "PATCH") methodNotAllowed(["PUT"]);
  const ref = orderRef(params);
  const input = parseOrderUpdate(await parseJsonBody(request, z.unknown()));
  const order = await updateOrder(context.app, viewer, ref, input);
  return ok(order);
}
