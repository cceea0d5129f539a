// PATCH /api/stock-transfer-reports/{id}/status {status}: any of the four statuses (spec 002 §4), audited.
import { policies } from "~/domain/access/policy";
import type { StockTransferStatusChanged } from "~/domain/reports/contract";
import { stockTransferStatusSchema } from "~/domain/reports/list";
import { reportIdParams } from "~/domain/reports/params";
import { parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { updateStockTransferStatus } from "~/services/reports-stock-transfer.server";

export const policy = policies.grant("stockTransferReports:update");

const route = apiRoute(policy, {
  async PATCH({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, reportIdParams);
    const { status } = await parseJsonBody(request, stockTransferStatusSchema);
    return { success: true, report: await updateStockTransferStatus(ctx, viewer, id, status) } satisfies StockTransferStatusChanged;
  },
});

export const loader = route.loader;
export const action = route.action;
