// Reports landing (spec 002 §2): the stock transfer and devanning cards, Create and View per grant (§6).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReportCards } from "~/components/reports/report-cards";
import { policies } from "~/domain/access/policy";
import { REPORTS_PAGE_GRANTS, reportAccess } from "~/domain/reports/access";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.grant(...REPORTS_PAGE_GRANTS);

export const meta: MetaFunction = () => [{ title: "Reports — Golden Grain" }];

export const loader = pageLoader(policy, ({ viewer }) => ({ access: reportAccess(viewer) }));

export const action = noAction(policy);

export default function Reports() {
  const { access } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reports</h1>
        <p className="text-slate-700">File receiving and devanning reports from the dock, and review them.</p>
      </header>
      <ReportCards access={access} />
    </div>
  );
}
