// Return Forms (spec 000 §2): KPIs, search over seven fields (600 ms), the status filter, Clear All and
// Refresh, the sortable table or phone cards, and the detail (modal, or a slide-in page with #return-{id}).
// The loader answers the first page and KPIs through the services /api uses (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Filter } from "lucide-react";
import { useState } from "react";
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { ListHeader, useHydrated, useOpenRow } from "~/components/lists/list-page";
import { ListResults } from "~/components/lists/list-results";
import { RefreshButton, SearchFields, StatusOptions } from "~/components/lists/list-toolbar";
import { listQueryUrl } from "~/components/lists/use-server-list";
import type { ReturnRequestView } from "~/components/returns/api";
import { ReasonsPanel } from "~/components/returns/reasons-panel";
import { ReturnDetail } from "~/components/returns/return-detail";
import { ReturnList } from "~/components/returns/return-list";
import { DetailShell, KpiTiles, useIsPhone } from "~/components/returns/shared";
import { PAGE_SIZE, useReturnList } from "~/components/returns/use-return-list";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { RETURN_DECISIONS, RETURN_SEARCH_FIELDS, returnStatusLabel } from "~/domain/returns/rules";
import { noAction, pageLoader } from "~/lib/route.server";
import { returnFormsFirstData } from "./first-data.server";
import { countText } from "~/domain/plain-format";

export const policy = policies.grant("returns:view");

export const meta: MetaFunction = () => [{ title: "Return Forms — Golden Grain" }];

export const loader = pageLoader(policy, ({ viewer, ctx }) => returnFormsFirstData(ctx, viewer, PAGE_SIZE));

export const action = noAction(policy);

const FIELD_LABELS: Record<string, string> = { companyName: "Company", returnID: "Return ID", orderNum: "Order #", status: "Status", email: "Email", phone: "Phone", submittedAt: "Submitted date" };

const SEARCH = { idPrefix: "return", label: "Search return requests", fields: RETURN_SEARCH_FIELDS, fieldLabels: FIELD_LABELS, dateField: "submittedAt" } as const;
const RESULTS = {
  label: "Return requests",
  loadingText: "Loading return requests…",
  count: (n: number) => `${countText(n)} request${n === 1 ? "" : "s"}`,
  empty: { title: "No return requests found", hint: "Try adjusting your search criteria." },
};

// A link to /return-forms#return-RET-1001 (the home page's activity) opens that request once the list has it.
const HASH = /^#return-(.+)$/;
const isReturn = (row: ReturnRequestView, id: string) => row.returnID === decodeURIComponent(id);

export default function ReturnForms() {
  const data = useLoaderData<typeof loader>();
  const list = useReturnList(data.first, data.kpis);
  const phone = useIsPhone();
  const hydrated = useHydrated();
  const { open, setOpen, close } = useOpenRow(data.first.rows, HASH, isReturn);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { query, load, kpis } = list;

  return (
    <div className="space-y-4">
      <ListHeader title="Return Forms" lead="Submit and manage product return requests">
        <a href="/request-return" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline md:min-h-0">
          Customer return form
        </a>
      </ListHeader>

      <KpiTiles
        label="Return figures"
        tiles={[
          { name: "Requests Today", value: kpis?.requestsToday },
          { name: "Pending", value: kpis?.pending },
          { name: "Under Review", value: kpis?.underReview },
          { name: "Approved", value: kpis?.approved },
        ]}
      />

      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-2 border-0 p-0">
        <div role="search" className="flex flex-col gap-2 sm:flex-row">
          <SearchFields {...SEARCH} list={list} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" aria-expanded={filtersOpen} aria-controls="return-filters" onClick={() => setFiltersOpen((o) => !o)}>
              <Filter className="size-4" aria-hidden="true" /> Filters{query.status ? " (1)" : ""}
            </Button>
            <RefreshButton onClick={list.refresh} />
            <ExportCsvLink href={exportHref("/api/return-requests/export", listQueryUrl("/api/return-requests", query, PAGE_SIZE))} />
          </div>
        </div>
        {filtersOpen ? (
          <div id="return-filters" className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3">
            <label className="text-sm font-semibold text-slate-800">
              Status
              <select className={`${inputClass} mt-1 w-48`} value={query.status} onChange={(e) => list.filterStatus(e.target.value)}>
                <StatusOptions statuses={RETURN_DECISIONS} labelOf={returnStatusLabel} />
              </select>
            </label>
            <Button variant="ghost" onClick={list.clear}>
              Clear All
            </Button>
          </div>
        ) : null}
      </fieldset>

      <ListResults {...RESULTS} list={list} hydrated={hydrated}>
        <ReturnList rows={load.rows} phone={phone} sort={query.sort} dir={list.dir} onSort={list.sortBy} onOpen={setOpen} />
      </ListResults>

      {data.can.manageReasons ? <ReasonsPanel /> : null}

      <DetailShell open={!!open} phone={phone === true} hash={`return-${open?.returnID ?? ""}`} title={open ? `Return ${open.returnID}` : "Return"} onClose={close}>
        {open ? <ReturnDetail row={open} can={data.can} onChanged={list.replaceRow} /> : null}
      </DetailShell>
    </div>
  );
}
