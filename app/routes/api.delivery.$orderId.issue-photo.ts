// POST /api/delivery/{order}/issue-photo (spec 001 §7): multipart 'image' and optional 'note'; managers are alerted.
// Idempotency-Key: a photo sent again from the phone's queue is stored once.
import { policies } from "~/domain/access/policy";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { findDeliveryOrder, parsePhotoForm, storeDeliveryPhoto } from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const order = await findDeliveryOrder(ctx, viewer, params.orderId);
    const form = await parsePhotoForm(request);
    return storeDeliveryPhoto(ctx, viewer, order, "issue", form, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
