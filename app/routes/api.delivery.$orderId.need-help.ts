// POST /api/delivery/{orderId}/need-help: a driver asks for help with an order (empty JSON body, or a note).
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { findHelpOrder, parseNeedHelpBody, requestHelp } from "~/services/help.server";

export const policy = policies.grant("delivery:perform");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx }) {
    const order = await findHelpOrder(ctx, viewer, params.orderId ?? "");
    const input = await parseNeedHelpBody(request);
    // Later (spec 001): asking for help also reverts a completed delivery; the delivery service adds that here.
    await requestHelp(ctx, viewer, { ...input, order });
    return { success: true };
  },
});

export const loader = route.loader;
export const action = route.action;
