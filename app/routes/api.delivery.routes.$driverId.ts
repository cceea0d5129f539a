// PUT /api/delivery/routes/{driverId} (issue 24): a driver's day as the ordered order ids, with `expected`, the
// list the planner started from (a stale one is a 409 with the current day). Logistics and admins only.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { DriverDay } from "~/domain/delivery/route-contract";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { driverDayBodySchema, saveDriverDay } from "~/services/delivery-routes.server";

// Planning only: a driver reads his day through GET /api/delivery/routes and /api/delivery/my-route, never writes it.
export const policy = policies.grant("delivery:plan");

const paramsSchema = z.object({ driverId: z.coerce.number().int().positive() });

const route = apiRoute(policy, {
  async PUT({ request, params, viewer, ctx }) {
    const { driverId } = parseParams(params, paramsSchema);
    const body = await parseJsonBody(request, driverDayBodySchema);
    const data: DriverDay = await saveDriverDay(ctx, viewer, driverId, body);
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
