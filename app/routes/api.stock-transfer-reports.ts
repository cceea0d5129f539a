// POST /api/stock-transfer-reports (multipart: `data` JSON + repeated `photos`; Idempotency-Key) and
// GET /api/stock-transfer-reports?page&limit&search&status&receivingLocation&dateFrom&dateTo → reports[], total, totalPages.
import { policies } from "~/domain/access/policy";
import { stockTransferListSchema } from "~/domain/reports/list";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { requireGrant } from "~/services/reports-common.server";
import { createStockTransferReport, listStockTransferReports } from "~/services/reports-stock-transfer.server";

export const policy = policies.grant("stockTransferReports:view", "stockTransferReports:create");

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    requireGrant(viewer, "stockTransferReports:view", "You do not have permission to view stock transfer reports.");
    return listStockTransferReports(ctx, viewer, parseSearchParams(request, stockTransferListSchema));
  },
  async POST({ request, viewer, ctx, actedAt }) {
    requireGrant(viewer, "stockTransferReports:create", "You do not have permission to submit stock transfer reports.");
    return createStockTransferReport(ctx, viewer, request, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
