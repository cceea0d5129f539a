// GET /api/delivery/routes?date=YYYY-MM-DD (issue 24): the day's route plan. Planners (delivery:plan) get every
// driver's stops in their scope and the open deliveries on no route; a driver gets only their own day.
import { policies } from "~/domain/access/policy";
import type { DayPlan } from "~/domain/delivery/route-contract";
import { apiRoute } from "~/lib/route.server";
import { dayPlan, planDateOf } from "~/services/delivery-routes.server";

export const policy = policies.grant("delivery:plan", "delivery:perform");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    const date = planDateOf(ctx, new URL(request.url).searchParams.get("date"));
    const data: DayPlan = await dayPlan(ctx, viewer, date);
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
