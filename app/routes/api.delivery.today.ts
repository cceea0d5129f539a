// GET /api/delivery/today: the driver's deliveries for today (the home's stops: the planned route first, then
// the open deliveries on no route), for Need Help's order choice.
import { policies } from "~/domain/access/policy";
import type { TodayDelivery } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import { todaysDeliveries } from "~/services/home.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async GET({ viewer, ctx }) {
    const work = await todaysDeliveries(ctx, viewer, 50);
    // Today's planned stops not yet delivered come first, in route order (issue 24), then the rest.
    const open = [...(work.route ?? []).filter((s) => !s.done), ...work.items];
    const data: TodayDelivery[] = open.map((s) => ({
      orderId: s.orderId,
      orderNumber: s.orderNumber,
      customerName: s.customerName,
    }));
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
