// /reports/devanning: the Devanning Reports list as a modal over the Reports landing (spec 002 §2). The loader
// answers the list call (filters and page from the URL) through the same service and schema as
// GET /api/devanning-reports (decision 008); reviews go to PATCH /api/devanning-reports/{id}/approve.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { DevanningList } from "~/components/reports/devanning-list";
import { ReportCards } from "~/components/reports/report-cards";
import { Dialog } from "~/components/ui/dialog";
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
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reports</h1>
      <ReportCards access={access} />
      <Dialog open onClose={() => navigate("/reports", { preventScrollReset: true })} title="Devanning Reports" className="sm:max-w-3xl lg:max-w-5xl">
        <DevanningList answer={list} canReview={access.devanningReview} />
      </Dialog>
    </div>
  );
}
