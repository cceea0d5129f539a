// GET /api/stock-transfer-reports/{id}: one report (photos as keys, the drawn signature as a short-lived link).
import { policies } from "~/domain/access/policy";
import { reportIdParams } from "~/domain/reports/params";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { getStockTransferReport } from "~/services/reports-stock-transfer.server";

export const policy = policies.grant("stockTransferReports:view");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const { id } = parseParams(params, reportIdParams);
    return { success: true, report: await getStockTransferReport(ctx, viewer, id) };
  },
});

export const loader = route.loader;
export const action = route.action;
