// PATCH /api/applications/{id}/decision {status: Approved|Declined, decisionDate, version?} → {success, data,
// companyID}. Approval creates the customer in QuickBooks first; when QuickBooks cannot, the approval still stands
// and the customer is owed (companyID null, data.quickbooksPending with QuickBooks' answer), created when it can.
import { policies } from "~/domain/access/policy";
import type { DecisionResult } from "~/domain/applications/contract";
import { applicationParamsSchema, decisionBodySchema } from "~/domain/applications/schemas";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { decideApplication } from "~/services/applications.server";

export const policy = policies.grant("applications:decide");

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, applicationParamsSchema);
    const result = await decideApplication(ctx, viewer, id, await parseJsonBody(request, decisionBodySchema));
    return { success: true, ...(result satisfies DecisionResult) };
  },
});

export const loader = route.loader;
export const action = route.action;
