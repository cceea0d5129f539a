// /reports/stock-transfer: the Stock Transfer Reports list as a modal over the Reports landing (spec 002 §2).
// The loader answers the list call the modal makes (filters and page from the URL) through the same service
// and schema as GET /api/stock-transfer-reports (decision 008); closing returns to /reports.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReportListModal } from "~/components/reports/report-list-modal";
import { StockTransferList } from "~/components/reports/stock-transfer-list";
import { policies } from "~/domain/access/policy";
import { reportAccess } from "~/domain/reports/access";
import { stockTransferListSchema } from "~/domain/reports/list";
import { parseSearchParams } from "~/lib/http.server";
import { apiAnswer, noAction, pageLoader } from "~/lib/route.server";
import { listStockTransferReports } from "~/services/reports-stock-transfer.server";

export const policy = policies.grant("stockTransferReports:view");

export const meta: MetaFunction = () => [{ title: "Stock Transfer Reports — Golden Grain" }];

export const loader = pageLoader(policy, async ({ request, viewer, ctx }) => ({
  access: reportAccess(viewer),
  list: await apiAnswer(() => listStockTransferReports(ctx, viewer, parseSearchParams(request, stockTransferListSchema))),
}));

export const action = noAction(policy);

export default function StockTransferReports() {
  const { access, list } = useLoaderData<typeof loader>();
  return (
    <ReportListModal access={access} title="Stock Transfer Reports">
      <StockTransferList answer={list} canUpdate={access.stockTransferUpdate} />
    </ReportListModal>
  );
}
