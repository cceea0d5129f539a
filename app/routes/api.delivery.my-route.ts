// GET /api/delivery/my-route?date=YYYY-MM-DD (issue 24): the signed-in driver's planned stops for the day
// (today, Eastern time, by default), in order, within their delivery scope.
import { policies } from "~/domain/access/policy";
import type { MyRoute } from "~/domain/delivery/route-contract";
import { apiRoute } from "~/lib/route.server";
import { myRoute, planDateOf } from "~/services/delivery-routes.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    const date = planDateOf(ctx, new URL(request.url).searchParams.get("date"));
    const data: MyRoute = await myRoute(ctx, viewer, date);
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
