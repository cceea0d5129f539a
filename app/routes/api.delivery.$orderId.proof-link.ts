// POST /api/delivery/{order}/proof-link: e-mails the customer an expiring link to the delivery proof (issue 8).
// Body {email?}: one of the customer's own addresses; only an admin may type another. Rate limited (decision 026).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { ProofLinkAnswer } from "~/domain/delivery/contract";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import {
  findDeliveryOrder,
  LOOKUP,
  proofLinkBodySchema,
  sendProofLink,
} from "~/services/delivery.server";

export const policy = policies.grant("delivery:perform", "delivery:view-order");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx }) {
    const order = await findDeliveryOrder(ctx, viewer, params.orderId, LOOKUP);
    const body = await parseJsonBody(request, proofLinkBodySchema);
    return {
      success: true,
      ...(await sendProofLink(ctx, viewer, order, body)),
    } satisfies z.output<typeof ProofLinkAnswer>;
  },
});

export const loader = route.loader;
export const action = route.action;
