// POST /api/delivery/{orderId}/need-help: a driver asks for help with an order (empty JSON body, or a note).
// Spec 001 §4/§7: it also reverts a completed delivery (the wizard returns to the signature step). Like every
// delivery call, an order outside the driver's scope is 403 'Not authorized for this order' (spec 001 §6).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { HelpAnswer } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import {
  findDeliveryOrder,
  revertCompletion,
} from "~/services/delivery.server";
import { parseNeedHelpBody, requestHelp } from "~/services/help.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const { id, orderNumber } = await findDeliveryOrder(
      ctx,
      viewer,
      params.orderId
    );
    const order = { id, orderNumber };
    const input = await parseNeedHelpBody(request);
    // The alert first: it checks and stores the optional photo, so a refused file (415/413) reverts nothing.
    await requestHelp(ctx, viewer, { ...input, order, actedAt });
    await revertCompletion(ctx, viewer, order);
    // The spec's answer, unchanged: {success}; whether a completion was reverted shows in the meta and history.
    return { success: true } satisfies z.output<typeof HelpAnswer>;
  },
});

export const loader = route.loader;
export const action = route.action;
