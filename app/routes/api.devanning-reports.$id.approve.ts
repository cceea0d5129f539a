// PATCH /api/devanning-reports/{id}/approve {action, notes, managementSignature, reviewedBy}: approve or reject a
// pending report; the reviewer is the signed-in member (the body's reviewedBy is ignored).
import { policies } from "~/domain/access/policy";
import { MESSAGES } from "~/domain/reports/constants";
import type { DevanningReviewed } from "~/domain/reports/contract";
import { devanningReviewSchema } from "~/domain/reports/schemas";
import { reportIdParams } from "~/domain/reports/params";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { reviewDevanningReport } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:review");

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, reportIdParams);
    const review = await parseJsonBody(request, devanningReviewSchema);
    const report = await reviewDevanningReport(ctx, viewer, id, review);
    return { success: true, message: MESSAGES.reviewed(review.action), report } satisfies DevanningReviewed;
  },
});

export const loader = route.loader;
export const action = route.action;
