// GET /api/delivery/{order}/meta (spec 001 §7 'Delivery meta'), with the lines, photos so far and the proof
// the order type requires, so the wizard can run its door steps offline once loaded.
import { policies } from "~/domain/access/policy";
import type { DeliveryMeta } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import {
  deliveryMetaView,
  findDeliveryOrder,
  LOOKUP,
} from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform", "delivery:view-order");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findDeliveryOrder(ctx, viewer, params.orderId, LOOKUP);
    const data: DeliveryMeta = await deliveryMetaView(ctx, order);
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
