// Return Forms (spec 000 §2): KPIs, search over seven fields (600 ms), the status filter, Clear All and
// Refresh, the sortable table or phone cards, and the detail (modal, or a slide-in page with #return-{id}).
// The loader answers the first page and KPIs through the services /api uses (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Filter, RotateCw, Search } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { ReturnRequestView } from "~/components/returns/api";
import { ReasonsPanel } from "~/components/returns/reasons-panel";
import { ReturnDetail } from "~/components/returns/return-detail";
import { ReturnList } from "~/components/returns/return-list";
import { DetailShell, KpiTiles, Notice, useIsPhone } from "~/components/returns/shared";
import { INITIAL_LIST, PAGE_SIZE, useReturnList } from "~/components/returns/use-return-list";
import { Button } from "~/components/ui/button";
import { Input, inputClass } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { RETURN_DECISIONS, RETURN_SEARCH_FIELDS, returnStatusLabel, type ReturnSortField } from "~/domain/returns/rules";
import { noAction, pageLoader } from "~/lib/route.server";
import { returnFormsFirstData } from "./first-data.server";

export const policy = policies.grant("returns:view");

export const meta: MetaFunction = () => [{ title: "Return Forms — Golden Grain" }];

export const loader = pageLoader(policy, ({ viewer, ctx }) => returnFormsFirstData(ctx, viewer, PAGE_SIZE));

export const action = noAction(policy);

const FIELD_LABELS: Record<string, string> = { companyName: "Company", returnID: "Return ID", orderNum: "Order #", status: "Status", email: "Email", phone: "Phone", submittedAt: "Submitted date" };

export default function ReturnForms() {
  const data = useLoaderData<typeof loader>();
  const list = useReturnList(data.first, data.kpis);
  const phone = useIsPhone();
  const [open, setOpen] = useState<ReturnRequestView | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A link to /return-forms#return-RET-1001 (the home page's activity) opens that request once the list has it.
  useEffect(() => {
    const m = /^#return-(.+)$/.exec(window.location.hash);
    if (!m) return;
    const found = data.first.rows.find((r) => r.returnID === decodeURIComponent(m[1]!));
    if (found) setOpen(found);
  }, [data.first.rows]);

  const { query, setQuery, load, kpis } = list;
  const sortBy = (key: ReturnSortField) =>
    setQuery((q) => ({ ...q, page: 1, sort: key, dir: q.sort === key ? ((q.dir || (key === "submittedAt" ? "desc" : "asc")) === "asc" ? "desc" : "asc") : key === "submittedAt" ? "desc" : "asc" }));
  const close = useCallback(() => setOpen(null), []);
  const pages = Math.max(1, Math.ceil(load.total / PAGE_SIZE));

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Return Forms</h1>
          <p className="text-slate-700">Submit and manage product return requests</p>
        </div>
        <a href="/request-return" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline md:min-h-0">
          Customer return form
        </a>
      </header>

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
          <label htmlFor="return-search-by" className="sr-only">
            Search by
          </label>
          <select id="return-search-by" className={`${inputClass} sm:w-44`} value={query.searchBy} onChange={(e) => setQuery((q) => ({ ...q, page: 1, searchBy: e.target.value as typeof q.searchBy, search: "" }))}>
            {RETURN_SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {FIELD_LABELS[f]}
              </option>
            ))}
          </select>
          <div className="relative min-w-0 flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              aria-label="Search return requests"
              type={query.searchBy === "submittedAt" ? "date" : "search"}
              className="pl-10"
              value={query.search}
              placeholder={`Search by ${FIELD_LABELS[query.searchBy]!.toLowerCase()}`}
              onChange={(e) => setQuery((q) => ({ ...q, page: 1, search: e.target.value }))}
            />
          </div>
          <div className="flex gap-2">
            <Button variant="outline" aria-expanded={filtersOpen} aria-controls="return-filters" onClick={() => setFiltersOpen((o) => !o)}>
              <Filter className="size-4" aria-hidden="true" /> Filters{query.status ? " (1)" : ""}
            </Button>
            <Button variant="outline" onClick={list.refresh}>
              <RotateCw className="size-4" aria-hidden="true" /> Refresh
            </Button>
          </div>
        </div>
        {filtersOpen ? (
          <div id="return-filters" className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3">
            <label className="text-sm font-semibold text-slate-800">
              Status
              <select className={`${inputClass} mt-1 w-48`} value={query.status} onChange={(e) => setQuery((q) => ({ ...q, page: 1, status: e.target.value }))}>
                <option value="">All statuses</option>
                {RETURN_DECISIONS.map((s) => (
                  <option key={s} value={s}>
                    {returnStatusLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="ghost" onClick={() => setQuery(INITIAL_LIST)}>
              Clear All
            </Button>
          </div>
        ) : null}
      </fieldset>

      <section aria-label="Return requests" aria-busy={load.status === "loading"} className="space-y-2">
        {load.status === "error" ? (
          <Notice tone="error">Error: {load.error || "An error occurred"}</Notice>
        ) : load.status === "loading" && !load.rows.length ? (
          <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
            Loading return requests…
          </p>
        ) : !load.rows.length ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
            <p className="font-semibold text-slate-800">No return requests found</p>
            <p className="text-slate-600">Try adjusting your search criteria.</p>
          </div>
        ) : (
          <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-2 border-0 p-0">
            <p role="status" className="text-sm text-slate-600">
              {load.status === "loading" || list.searching ? "Loading return requests…" : `${load.total.toLocaleString("en-US")} request${load.total === 1 ? "" : "s"}`}
            </p>
            <ReturnList rows={load.rows} phone={phone} sort={query.sort} dir={query.dir || (query.sort === "submittedAt" ? "desc" : "asc")} onSort={sortBy} onOpen={setOpen} />
            {pages > 1 ? (
              <nav aria-label="Pages" className="flex items-center justify-between gap-2">
                <Button variant="outline" size="sm" disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>
                  Previous
                </Button>
                <span className="text-sm text-slate-700">
                  Page {query.page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={query.page >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>
                  Next
                </Button>
              </nav>
            ) : null}
          </fieldset>
        )}
      </section>

      {data.isAdmin ? <ReasonsPanel /> : null}

      <DetailShell open={!!open} phone={phone === true} hash={`return-${open?.returnID ?? ""}`} title={open ? `Return ${open.returnID}` : "Return"} onClose={close}>
        {open ? <ReturnDetail row={open} canUpdate={data.canUpdate} isAdmin={data.isAdmin} onChanged={list.replaceRow} /> : null}
      </DetailShell>
    </div>
  );
}
