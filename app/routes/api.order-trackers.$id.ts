// PUT /api/order-trackers/{id}: the edit stepper's save (id = the numeric order id; an order number also works).
import { z } from "zod";
import type * as zm from "zod/mini";
import { policies } from "~/domain/access/policy";
import { NotFoundError } from "~/domain/errors";
import type { OrderSavedSchema } from "~/domain/orders/contract";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute, type RouteArgs } from "~/lib/route.server";
import type { Viewer } from "~/lib/session.server";
import { parseOrderUpdate, updateOrder } from "~/services/orders.server";

export const policy = policies.grant("orders:update");

async function save({ request, params, viewer, ctx }: RouteArgs<Viewer>) {
  const ref = (params.id ?? "").trim();
  if (!ref || ref.length > 64) throw new NotFoundError("Order not found");
  const input = parseOrderUpdate(await parseJsonBody(request, z.unknown()));
  return ok(
    (await updateOrder(ctx, viewer, ref, input)) satisfies zm.output<
      typeof OrderSavedSchema
    >
  );
}

const route = apiRoute(policy, { PUT: save, PATCH: save });

export const loader = route.loader;
export const action = route.action;
