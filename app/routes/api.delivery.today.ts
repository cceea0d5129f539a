// GET /api/delivery/today: the driver's deliveries for today (the home's stops), for Need Help's order choice.
import { policies } from "~/domain/access/policy";
import type { TodayDelivery } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import { todaysDeliveries } from "~/services/home.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async GET({ viewer, ctx }) {
    const work = await todaysDeliveries(ctx, viewer, 50);
    const data: TodayDelivery[] = work.items.map((s) => ({
      orderId: s.orderId,
      orderNumber: s.orderNumber,
      customerName: s.customerName,
    }));
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
