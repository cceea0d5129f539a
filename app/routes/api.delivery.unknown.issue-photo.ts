// POST /api/delivery/unknown/issue-photo: a driver's help request without an order (multipart: image?, note?).
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { parseHelpForm, requestHelp } from "~/services/help.server";

export const policy = policies.grant("help:request");

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    await requestHelp(ctx, viewer, await parseHelpForm(request));
    return { success: true };
  },
});

export const loader = route.loader;
export const action = route.action;
