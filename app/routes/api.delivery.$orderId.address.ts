// GET /api/delivery/{order}/address (spec 001 §7): the delivery address as one line, with the map link.
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { DeliveryAddressSchema } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import {
  deliveryAddress,
  findDeliveryOrder,
  LOOKUP,
} from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform", "delivery:view-order");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findDeliveryOrder(ctx, viewer, params.orderId, LOOKUP);
    const data: z.output<typeof DeliveryAddressSchema> = await deliveryAddress(
      order
    );
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
