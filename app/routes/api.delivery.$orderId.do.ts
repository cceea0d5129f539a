// GET /api/delivery/{id}/do (spec 001 §7): a short-lived link to the order's delivery order PDF, or 404
// 'Delivery Order not available'. Drivers and the office (spec 001 §6: delivery order lookup).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { DeliveryOrderAnswer } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import {
  deliveryOrderLink,
  findDeliveryOrder,
  LOOKUP,
} from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform", "delivery:view-order");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const order = await findDeliveryOrder(ctx, viewer, params.orderId, LOOKUP);
    return {
      success: true,
      presignedUrl: await deliveryOrderLink(ctx, order),
    } satisfies z.output<typeof DeliveryOrderAnswer>;
  },
});

export const loader = route.loader;
export const action = route.action;
