// GET /api/stock-transfer-reports/{id}/pdf: the report with its photos as a printable PDF.
import { policies } from "~/domain/access/policy";
import { reportIdParams } from "~/domain/reports/params";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { stockTransferPdf } from "~/services/reports-pdf.server";

export const policy = policies.grant("stockTransferReports:view");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    return stockTransferPdf(ctx, viewer, parseParams(params, reportIdParams).id);
  },
});

export const loader = route.loader;
export const action = route.action;
