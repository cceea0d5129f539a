// POST /api/delivery/unknown/issue-photo: a driver's help request without an order (multipart: image?, note?).
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { HelpAnswer } from "~/domain/delivery/contract";
import { apiRoute } from "~/lib/route.server";
import { parseHelpForm, requestHelp } from "~/services/help.server";

export const policy = policies.grant("help:request");

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx, actedAt }) {
    await requestHelp(ctx, viewer, { ...(await parseHelpForm(request)), actedAt });
    return { success: true } satisfies z.output<typeof HelpAnswer>;
  },
});

export const loader = route.loader;
export const action = route.action;
