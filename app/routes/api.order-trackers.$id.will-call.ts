// POST /api/order-trackers/{id}/will-call: generates the Will Call PDF ('WILL CALL - {orderNumber}') from a printed
// name and a signature (signatureImageDataUrl drawn in the dialog, or the order's capture signature);
// answers {success, presignedUrl}. GET answers the latest one's link (exists:false before the first).
import { policies } from "~/domain/access/policy";
import type { WillCallLatest } from "~/domain/documents/contract";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import {
  generateWillCall,
  latestWillCall,
  willCallBodySchema,
} from "~/services/will-call.server";

export const policy = policies.grant("willcall:create");

const route = apiRoute(policy, {
  GET: async ({ params, viewer, ctx }) =>
    (await latestWillCall(
      ctx,
      viewer,
      params.id ?? ""
    )) satisfies WillCallLatest,
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const body = await parseJsonBody(request, willCallBodySchema);
    return generateWillCall(ctx, viewer, params.id ?? "", body, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
