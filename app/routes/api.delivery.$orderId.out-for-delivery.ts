// POST /api/delivery/{order}/out-for-delivery (spec 001 §7): empty JSON body; the order becomes 'Out for Delivery'
// at the driver's X-Acted-At (decision 040); the Idempotency-Key keeps a cancelled order's notice to one.
import { z } from "zod";
import type * as zm from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { OutForDeliverySchema } from "~/domain/delivery/contract";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import {
  findDeliveryOrder,
  markOutForDelivery,
} from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const order = await findDeliveryOrder(ctx, viewer, params.orderId);
    await parseJsonBody(request, z.object({}).strict());
    const data: zm.output<typeof OutForDeliverySchema> =
      await markOutForDelivery(ctx, viewer, order, actedAt, idempotencyKeyOf(request));
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
