// POST /api/delivery/unknown/issue-photo: a driver's help request without an order (multipart: image?, note?).
import { policies } from "~/domain/access/policy";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { askForHelp, parseHelpForm } from "~/services/help.server";

export const policy = policies.grant("help:request");

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    // Once per Idempotency-Key: the outbox's retry of the same ask raises no second alert.
    return askForHelp(ctx, viewer, { ...(await parseHelpForm(request)), actedAt }, key);
  },
});

export const loader = route.loader;
export const action = route.action;
