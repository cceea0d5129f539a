// POST /api/delivery/{order}/complete (spec 001 §7): the completion payload (signedByName, signatureDataUrl,
// deliveryDate, deliveryCompleteGeo, plus deliveredLines and codCollectedCents); answers success,
// presignedUrl, completedAt, deliveryCompleteGeo, error. Idempotency-Key: one delivery order per key.
// X-Acted-At (decision 040): when the driver completed it, used when the body has no completedAt.
import { policies } from "~/domain/access/policy";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { completeDelivery, completionSchema, findDeliveryOrder } from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const order = await findDeliveryOrder(ctx, viewer, params.orderId);
    const body = await parseJsonBody(request, completionSchema);
    return completeDelivery(ctx, viewer, order, body, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
