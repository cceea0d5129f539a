// POST /api/picklists/{orderNumber or orderId}/complete: marks the pick completed (order → 'Picked'); Idempotency-Key aware.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { completePick, findPickOrder } from "~/services/pick-list.server";

export const policy = policies.grant(...PICK_GRANTS);

// No body (spec); a JSON body is accepted and ignored.
const bodySchema = z.unknown();

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const order = await findPickOrder(ctx, viewer, params.orderNumber ?? "", PICK_GRANTS);
    await parseJsonBody(request, bodySchema);
    return completePick(ctx, viewer, order, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
