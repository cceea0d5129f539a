// POST /api/picklists/{orderNumber}/verify: saves picked quantities (a 'pick-verified' log); Idempotency-Key aware.
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/picklists/grants";
import { verifyBodySchema } from "~/domain/picklists/verify";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder, verifyPick } from "~/services/picklists.server";

export const policy = policies.grant(...PICK_GRANTS);

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx }) {
    const key = idempotencyKeyOf(request);
    const order = await findPickOrder(ctx, viewer, params.orderNumber ?? "", PICK_GRANTS);
    return verifyPick(ctx, viewer, order, await parseJsonBody(request, verifyBodySchema), key);
  },
});

export const loader = route.loader;
export const action = route.action;
