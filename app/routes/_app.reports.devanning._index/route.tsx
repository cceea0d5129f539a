// /reports/devanning: the Devanning Reports list as a modal over the Reports landing (spec 002 §2). The loader
// answers the list call (filters and page from the URL) through the same service and schema as
// GET /api/devanning-reports (decision 008); reviews go to PATCH /api/devanning-reports/{id}/approve.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DevanningList } from "~/components/reports/devanning-list";
import { ReportListModal } from "~/components/reports/report-list-modal";
import { policies } from "~/domain/access/policy";
import { reportAccess } from "~/domain/reports/access";
import { devanningListSchema } from "~/domain/reports/list";
import { parseSearchParams } from "~/lib/http.server";
import { apiAnswer, noAction, pageLoader } from "~/lib/route.server";
import { listDevanningReports } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:view");

export const meta: MetaFunction = () => [{ title: "Devanning Reports — Golden Grain" }];

export const loader = pageLoader(policy, async ({ request, viewer, ctx }) => ({
  access: reportAccess(viewer),
  list: await apiAnswer(() => listDevanningReports(ctx, viewer, parseSearchParams(request, devanningListSchema))),
}));

export const action = noAction(policy);

export default function DevanningReports() {
  const { access, list } = useLoaderData<typeof loader>();
  return (
    <ReportListModal access={access} title="Devanning Reports">
      <DevanningList answer={list} canReview={access.devanningReview} />
    </ReportListModal>
  );
}
