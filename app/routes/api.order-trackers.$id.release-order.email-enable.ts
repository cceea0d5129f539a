// POST /api/order-trackers/{id}/release-order/email-enable: lets an emailed pick list be emailed again
// (spec 001: 'Email can be re-enabled by admin or logistics-manager').
import { policies } from "~/domain/access/policy";
import type { PickListEmailEnabled } from "~/domain/documents/contract";
import { parseIgnoredBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder } from "~/services/pick-list.server";
import { enablePickListEmail } from "~/services/pick-list-documents.server";

export const policy = policies.grant("picklists:email-enable");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx }) {
    // No body is shown in the spec; a body of another type is refused (415) before anything is read or written.
    await parseIgnoredBody(request);
    const order = await findPickOrder(ctx, viewer, params.id ?? "", [
      "picklists:email-enable",
      "picklists:print",
    ]);
    return {
      success: true,
      ...(await enablePickListEmail(ctx, viewer, order)),
    } satisfies PickListEmailEnabled;
  },
});

export const loader = route.loader;
export const action = route.action;
