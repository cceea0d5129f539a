// Customer Applications (spec 000 §2): KPIs, search with a field selector (a date input for decisionDate),
// the status filter, Refresh, the table or phone cards, and the detail (modal, or a slide-in page with
// #app-{id}) with documents; Approve, Decline and Edit for admins only. First data from the loader (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { UserPlus } from "lucide-react";
import { useCallback } from "react";
import type { ApplicationView } from "~/components/applications/api";
import { ApplicationDetail } from "~/components/applications/application-detail";
import { ApplicationList } from "~/components/applications/application-list";
import { APP_PAGE_SIZE, useApplicationList } from "~/components/applications/use-application-list";
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { ListHeader, useHydrated, useOpenRow } from "~/components/lists/list-page";
import { ListResults } from "~/components/lists/list-results";
import { RefreshButton, SearchFields, StatusOptions } from "~/components/lists/list-toolbar";
import { listQueryUrl } from "~/components/lists/use-server-list";
import { DetailShell, KpiTiles, useIsPhone } from "~/components/returns/shared";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { APPLICATION_FILTERS, APPLICATION_SEARCH_FIELDS } from "~/domain/applications/rules";
import { noAction, pageLoader } from "~/lib/route.server";
import { applicationsFirstData } from "./first-data.server";
import { countText } from "~/domain/plain-format";

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

const SEARCH = { idPrefix: "app", label: "Search applications", fields: APPLICATION_SEARCH_FIELDS, fieldLabels: FIELD_LABELS, dateField: "decisionDate" } as const;
const RESULTS = {
  label: "Applications",
  loadingText: "Loading applications…",
  count: (n: number) => `${countText(n)} application${n === 1 ? "" : "s"}`,
  empty: { title: "No applications found" },
};

const HASH = /^#app-(\d+)$/;
const isApp = (row: ApplicationView, id: string) => row._id === Number(id);

export default function CustomerApplications() {
  const data = useLoaderData<typeof loader>();
  const list = useApplicationList(data.first, data.kpis);
  const phone = useIsPhone();
  const hydrated = useHydrated();
  const { open, setOpen, close } = useOpenRow(data.first.rows, HASH, isApp);
  const { query, load, kpis } = list;
  const onChanged = useCallback(
    (row: ApplicationView) => {
      list.replaceRow(row);
      setOpen((o) => (o && o._id === row._id ? row : o));
    },
    [list, setOpen],
  );

  return (
    <div className="space-y-4">
      <ListHeader title="Customer Applications" lead="Review and process new customer applications">
        <Link to="/apply" className={buttonClass({ variant: "outline", size: "sm" })}>
          <UserPlus className="size-4" aria-hidden="true" /> New Customer
        </Link>
      </ListHeader>

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
        <SearchFields {...SEARCH} list={list} />
        <label htmlFor="app-status" className="sr-only">
          Status
        </label>
        <select id="app-status" className={`${inputClass} sm:w-40`} value={query.status} onChange={(e) => list.filterStatus(e.target.value)}>
          <StatusOptions statuses={APPLICATION_FILTERS} labelOf={(s) => s[0]!.toUpperCase() + s.slice(1)} />
        </select>
        <RefreshButton onClick={list.refresh} />
        <ExportCsvLink href={exportHref("/api/applications/export", listQueryUrl("/api/applications", query, APP_PAGE_SIZE))} />
        {query.search || query.status || query.searchBy !== "companyName" ? (
          <Button variant="ghost" onClick={list.clear}>
            Clear
          </Button>
        ) : null}
      </fieldset>

      <ListResults {...RESULTS} list={list} hydrated={hydrated}>
        <ApplicationList rows={load.rows} phone={phone} sort={query.sort} dir={list.dir} onSort={list.sortBy} onOpen={setOpen} onRefresh={list.refresh} />
      </ListResults>

      <DetailShell open={!!open} phone={phone === true} hash={`app-${open?._id ?? ""}`} title={open?.companyName ?? "Application"} onClose={close}>
        {open ? <ApplicationDetail key={open._id} app={open} phone={phone === true} canDecide={data.canDecide} canEdit={data.canEdit} onChanged={onChanged} /> : null}
      </DetailShell>
    </div>
  );
}
