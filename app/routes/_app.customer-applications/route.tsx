// Customer Applications (spec 000 §2): KPIs, search with a field selector (a date input for decisionDate),
// the status filter, Refresh, the table or phone cards, and the detail (modal, or a slide-in page with
// #app-{id}) with documents; Approve, Decline and Edit for admins only. First data from the loader (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { RotateCw, Search, UserPlus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { ApplicationView } from "~/components/applications/api";
import { ApplicationDetail } from "~/components/applications/application-detail";
import { ApplicationList } from "~/components/applications/application-list";
import { APP_PAGE_SIZE, INITIAL_APP_LIST, useApplicationList } from "~/components/applications/use-application-list";
import { DetailShell, KpiTiles, Notice, useIsPhone } from "~/components/returns/shared";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, inputClass } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { APPLICATION_FILTERS, APPLICATION_SEARCH_FIELDS } from "~/domain/applications/rules";
import { noAction, pageLoader } from "~/lib/route.server";
import { applicationsFirstData } from "./first-data.server";

export const policy = policies.grant("applications:view");

export const meta: MetaFunction = () => [{ title: "Customer Applications — Golden Grain" }];

export const loader = pageLoader(policy, ({ viewer, ctx }) => applicationsFirstData(ctx, viewer, APP_PAGE_SIZE));

export const action = noAction(policy);

const FIELD_LABELS: Record<string, string> = {
  companyName: "Company",
  ownerName: "Owner",
  email: "Email",
  phoneNumber: "Phone",
  ownerNumber: "Owner number",
  status: "Status",
  decisionDate: "Decision date",
  city: "City",
  state: "State",
  postalCode: "Postal code",
};

export default function CustomerApplications() {
  const data = useLoaderData<typeof loader>();
  const list = useApplicationList(data.first, data.kpis);
  const phone = useIsPhone();
  const [open, setOpen] = useState<ApplicationView | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const m = /^#app-(\d+)$/.exec(window.location.hash);
    const found = m ? data.first.rows.find((r) => r._id === Number(m[1])) : undefined;
    if (found) setOpen(found);
  }, [data.first.rows]);

  const { query, setQuery, load, kpis } = list;
  const defaultDir = (key: string) => (key === "decisionDate" && query.sort === "decisionDate" && !query.dir ? "desc" : "asc");
  const sortBy = (key: string) =>
    setQuery((q) => ({ ...q, page: 1, sort: key, dir: q.sort === key ? ((q.dir || defaultDir(key)) === "asc" ? "desc" : "asc") : "asc" }));
  const close = useCallback(() => setOpen(null), []);
  const onChanged = useCallback(
    (row: ApplicationView) => {
      list.replaceRow(row);
      setOpen((o) => (o && o._id === row._id ? row : o));
    },
    [list],
  );
  const pages = Math.max(1, Math.ceil(load.total / APP_PAGE_SIZE));
  const dir = query.dir || (query.sort === "decisionDate" ? "desc" : "asc");

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Customer Applications</h1>
          <p className="text-slate-700">Review and process new customer applications</p>
        </div>
        <Link to="/apply" className={buttonClass({ variant: "outline", size: "sm" })}>
          <UserPlus className="size-4" aria-hidden="true" /> New Customer
        </Link>
      </header>

      <KpiTiles
        label="Application figures"
        tiles={[
          { name: "Applications", value: kpis?.applications },
          { name: "Pending", value: kpis?.pending },
          { name: "Approved", value: kpis?.approved },
          { name: "Declined", value: kpis?.declined },
        ]}
      />

      <fieldset disabled={!hydrated} className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0 sm:flex-row" role="search">
        <label htmlFor="app-search-by" className="sr-only">
          Search by
        </label>
        <select id="app-search-by" className={`${inputClass} sm:w-44`} value={query.searchBy} onChange={(e) => setQuery((q) => ({ ...q, page: 1, searchBy: e.target.value, search: "" }))}>
          {APPLICATION_SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </select>
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            aria-label="Search applications"
            type={query.searchBy === "decisionDate" ? "date" : "search"}
            className="pl-10"
            value={query.search}
            placeholder={`Search by ${FIELD_LABELS[query.searchBy]!.toLowerCase()}`}
            onChange={(e) => setQuery((q) => ({ ...q, page: 1, search: e.target.value }))}
          />
        </div>
        <label htmlFor="app-status" className="sr-only">
          Status
        </label>
        <select id="app-status" className={`${inputClass} sm:w-40`} value={query.status} onChange={(e) => setQuery((q) => ({ ...q, page: 1, status: e.target.value }))}>
          <option value="">All statuses</option>
          {APPLICATION_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
        <Button variant="outline" onClick={list.refresh}>
          <RotateCw className="size-4" aria-hidden="true" /> Refresh
        </Button>
        {query.search || query.status || query.searchBy !== "companyName" ? (
          <Button variant="ghost" onClick={() => setQuery(INITIAL_APP_LIST)}>
            Clear
          </Button>
        ) : null}
      </fieldset>

      <section aria-label="Applications" aria-busy={load.status === "loading"} className="space-y-2">
        {load.status === "error" ? (
          <Notice tone="error">Error: {load.error || "An error occurred"}</Notice>
        ) : load.status === "loading" && !load.rows.length ? (
          <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
            Loading applications…
          </p>
        ) : !load.rows.length ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center font-semibold text-slate-800">No applications found</p>
        ) : (
          <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-2 border-0 p-0">
            <p role="status" className="text-sm text-slate-600">
              {load.status === "loading" || list.searching ? "Loading applications…" : `${load.total.toLocaleString("en-US")} application${load.total === 1 ? "" : "s"}`}
            </p>
            <ApplicationList rows={load.rows} phone={phone} sort={query.sort} dir={dir} onSort={sortBy} onOpen={setOpen} onRefresh={list.refresh} />
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

      <DetailShell open={!!open} phone={phone === true} hash={`app-${open?._id ?? ""}`} title={open?.companyName ?? "Application"} onClose={close}>
        {open ? <ApplicationDetail key={open._id} app={open} phone={phone === true} canDecide={data.canDecide} canEdit={data.canEdit} onChanged={onChanged} /> : null}
      </DetailShell>
    </div>
  );
}
