// POST /api/devanning-reports (JSON of the full report naming uploaded photos; Idempotency-Key) and
// GET /api/devanning-reports?page&limit&status&containerNumber&dateFrom&dateTo&search → reports[], total, totalPages, message.
import { policies } from "~/domain/access/policy";
import { devanningReportSchema } from "~/domain/reports/schemas";
import { devanningListSchema } from "~/domain/reports/list";
import { parseJsonBody, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { requireGrant } from "~/services/reports-common.server";
import { createDevanningReport, devanningIdempotencyKey, listDevanningReports } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:view", "devanningReports:create");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    requireGrant(viewer, "devanningReports:view", "You do not have permission to view devanning reports.");
    return listDevanningReports(ctx, viewer, parseSearchParams(request, devanningListSchema));
  },
  async POST({ request, viewer, ctx, actedAt }) {
    requireGrant(viewer, "devanningReports:create", "You do not have permission to submit devanning reports.");
    const key = devanningIdempotencyKey(request);
    return createDevanningReport(ctx, viewer, await parseJsonBody(request, devanningReportSchema), key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
