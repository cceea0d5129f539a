// GET /api/stock-transfer-reports/export?search&status&receivingLocation&dateFrom&dateTo: the stock transfer report
// list as filtered, within the viewer's scope, as a streamed CSV download (the list's view grant and query schema).
import { policies } from "~/domain/access/policy";
import { stockTransferListSchema } from "~/domain/reports/list";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportStockTransferReports } from "~/services/reports-export.server";

export const policy = policies.grant("stockTransferReports:view");

const route = apiRoute(
  policy,
  { GET: ({ request, viewer, ctx }) => exportStockTransferReports(ctx, viewer, parseSearchParams(request, stockTransferListSchema)) },
  { deniedMessage: "You do not have permission to view stock transfer reports." },
);

export const loader = route.loader;
export const action = route.action;
