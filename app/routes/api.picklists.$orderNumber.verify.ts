// POST /api/picklists/{orderNumber}/verify: saves picked quantities (a 'pick-verified' log); Idempotency-Key aware.
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { verifyBodySchema } from "~/domain/pick-list/verify";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { orderLinesForViewer } from "~/services/orders.server";
import { readShortContext } from "~/services/pick-shorts.server";
import { findPickOrder, lookUpVerify, verifyPick } from "~/services/pick-list.server";

export const policy = policies.grant(...PICK_GRANTS);

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const ref = params.orderNumber ?? "";
    // The order and its lines are read together (both scoped to the viewer): one round trip, not two.
    const lines = orderLinesForViewer(ctx, viewer, ref, PICK_GRANTS);
    lines.catch(() => undefined); // used only once the order is found
    const lookedUp = lookUpVerify(ctx, viewer, ref, key);
    // The active short reasons and who a short notifies, in the same round trip.
    const shortContext = readShortContext(ctx);
    shortContext.catch(() => undefined);
    const order = await findPickOrder(ctx, viewer, ref, PICK_GRANTS);
    const body = await parseJsonBody(request, verifyBodySchema);
    return verifyPick(ctx, viewer, order, body, key, { lines: lines.then((rows) => rows.filter((l) => l.orderId === order.id)), lookedUp, shortContext, actedAt });
  },
});

export const loader = route.loader;
export const action = route.action;
