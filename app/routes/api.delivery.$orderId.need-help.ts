// POST /api/delivery/{orderId}/need-help: a driver asks for help with an order (empty JSON body, or a note).
// Spec 001 §4/§7: it also reverts a completed delivery (the wizard returns to the signature step). Like every
// delivery call, an order outside the driver's scope is 403 'Not authorized for this order' (spec 001 §6).
import { policies } from "~/domain/access/policy";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import {
  findDeliveryOrder,
  revertCompletion,
} from "~/services/delivery.server";
import { askForHelp, parseNeedHelpBody } from "~/services/help.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const { id, orderNumber } = await findDeliveryOrder(
      ctx,
      viewer,
      params.orderId
    );
    const order = { id, orderNumber };
    const input = await parseNeedHelpBody(request);
    // The alert first: it checks and stores the optional photo, so a refused file (415/413) reverts nothing.
    // The spec's answer, unchanged: {success}; whether a completion was reverted shows in the meta and history.
    // Sent again with the same Idempotency-Key (the outbox's retry), it raises no second alert.
    return askForHelp(ctx, viewer, { ...input, order, actedAt }, key, () => revertCompletion(ctx, viewer, order));
  },
});

export const loader = route.loader;
export const action = route.action;
