// GET /api/stock-transfer-reports/{id}: the report itself, as spec 002 §7 says (photos as keys, the drawn signature
// as a short-lived link); a refusal or a missing report is the usual {success: false, error}.
import { policies } from "~/domain/access/policy";
import { reportIdParams } from "~/domain/reports/params";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { getStockTransferReport } from "~/services/reports-stock-transfer.server";

export const policy = policies.grant("stockTransferReports:view");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const { id } = parseParams(params, reportIdParams);
    return getStockTransferReport(ctx, viewer, id);
  },
});

export const loader = route.loader;
export const action = route.action;
