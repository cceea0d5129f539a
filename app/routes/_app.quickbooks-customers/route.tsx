// QuickBooks Customers (spec 001 §2): search by name (600 ms debounce, Clear), the results as a table or phone
// cards, and a customer's detail panel; admins see the connection and connect it. The loader answers `?name=`
// and the status through the services /api/qb/* uses, so the first HTML holds them (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useRevalidator, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { ExternalLink, RotateCw, Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { ensureQboAuth } from "~/components/quickbooks/api";
import { ConnectionPanel } from "~/components/quickbooks/connection-panel";
import { CustomerDetailPanel, useCustomerDetail } from "~/components/quickbooks/customer-detail";
import { CustomerResults } from "~/components/quickbooks/customer-results";
import { announceQboConnected, useQboConnectedSignal } from "~/components/quickbooks/use-connected-signal";
import { useCustomerSearch, type SearchState } from "~/components/quickbooks/use-customer-search";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { CONNECT_OUTCOME_MESSAGES, isConnectOutcome, QBO_CONNECT_PATH } from "~/domain/quickbooks/connection";
import { NAME_MAX } from "~/domain/quickbooks/customers";
import { SEARCH_MESSAGES } from "~/domain/quickbooks/errors";
import { failureOf } from "~/domain/quickbooks/retry";
import { noAction, pageLoader } from "~/lib/route.server";
import { useKeptTyping } from "~/lib/use-kept-typing";
import { customersPageData } from "./first-data.server";

export const policy = policies.grant("customers:view");

export const meta: MetaFunction = () => [{ title: "QuickBooks Customers — Golden Grain" }];

export const loader = pageLoader(policy, async ({ request, viewer, ctx }) => {
  const url = new URL(request.url);
  const qbo = url.searchParams.get("qbo");
  return { ...(await customersPageData(ctx, viewer, url)), outcome: isConnectOutcome(qbo) ? qbo : null, now: ctx.now().toISOString() };
});

export const action = noAction(policy);

/** Typing rewrites `?name=`; the screen asks /api itself, so only an explicit revalidation reruns the loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search && !formMethod ? false : defaultShouldRevalidate;

export default function QuickBooksCustomers() {
  const { name, search, connection, canConnect, outcome, now } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const customers = useCustomerSearch(name, search);
  const searchBox = useKeptTyping(customers.setInput);
  const detail = useCustomerDetail();
  const [hydrated, setHydrated] = useState(false);
  const [banner, setBanner] = useState(outcome);
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  useEffect(() => setHydrated(true), []);
  // This tab finished the connect flow: the app's other tabs retry what failed for want of a connection.
  useEffect(() => {
    if (outcome === "connected") announceQboConnected();
  }, [outcome]);
  // The URL follows the search (shareable, survives a reload); the connect outcome leaves it once shown.
  const { term } = customers;
  useEffect(() => {
    if ((params.get("name") ?? "") === term && !params.has("qbo")) return;
    setParams(term ? { name: term } : {}, { replace: true, preventScrollReset: true });
  }, [term, params, setParams]);

  useQboConnectedSignal(() => {
    revalidator.revalidate();
    if (customers.state.status === "error") customers.retry();
  });

  async function checkConnection() {
    setChecking(true);
    setCheckMessage(null);
    try {
      await ensureQboAuth();
      setCheckMessage({ tone: "success", text: "QuickBooks accepted the connection." });
    } catch (thrown) {
      setCheckMessage({ tone: "error", text: failureOf(thrown)?.error ?? "The check failed" });
    } finally {
      setChecking(false);
      revalidator.revalidate();
    }
  }

  const notice = banner ? CONNECT_OUTCOME_MESSAGES[banner] : null;
  return (
    <div className="space-y-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">QuickBooks Customers</h1>
        <p className="text-slate-700">Search the customers in QuickBooks and see what they owe.</p>
      </header>

      {notice ? (
        <div role={notice.tone === "error" ? "alert" : "status"} className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 ${notice.tone === "error" ? "border-red-300 bg-red-50 text-red-800" : "border-green-300 bg-green-50 text-green-900"}`}>
          <p className="font-medium">{notice.text}</p>
          <button type="button" onClick={() => setBanner(null)} aria-label="Dismiss" className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5">
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}

      {canConnect && connection ? <ConnectionPanel status={connection} now={now} checking={checking} checkMessage={checkMessage} onCheck={checkConnection} /> : null}

      {/* A plain GET form: without JavaScript, Search still answers through the loader. */}
      <Form method="get" role="search" onSubmit={(e) => { e.preventDefault(); customers.searchNow(); }}>
        <label htmlFor="qbo-customer-name" className="mb-1 block text-sm font-semibold text-slate-700">
          Customer name
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input ref={searchBox} id="qbo-customer-name" name="name" type="search" value={customers.input} onChange={(e) => customers.setInput(e.target.value)} maxLength={NAME_MAX} autoComplete="off" placeholder="e.g. Golden Dragon" className="pl-10 [&::-webkit-search-cancel-button]:hidden" />
          </div>
          <Button type="button" variant="outline" onClick={customers.clear} disabled={!customers.input}>
            <X className="size-4" aria-hidden="true" /> Clear
          </Button>
        </div>
      </Form>

      <section aria-label="Search results" aria-busy={customers.state.status === "loading"}>
        <Results state={customers.state} canConnect={canConnect} hydrated={hydrated} onRetry={customers.retry} onDetails={detail.open} />
      </section>

      <CustomerDetailPanel detail={detail.detail} onClose={detail.close} onRetry={detail.retry} />
    </div>
  );
}

function Results({ state, canConnect, hydrated, onRetry, onDetails }: { state: SearchState; canConnect: boolean; hydrated: boolean; onRetry: () => void; onDetails: Parameters<typeof CustomerResults>[0]["onDetails"] }) {
  if (state.status === "idle") return <Placeholder>{SEARCH_MESSAGES.start}</Placeholder>;
  if (state.status === "error") {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        <p className="font-medium break-words">Error: {state.message}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" onClick={onRetry} disabled={!hydrated}>
            <RotateCw className="size-4" aria-hidden="true" /> Retry
          </Button>
          {state.authProblem && canConnect ? (
            <a href={QBO_CONNECT_PATH} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: "sm" })}>
              <ExternalLink className="size-4" aria-hidden="true" /> Connect QuickBooks
            </a>
          ) : null}
          {state.reconnect && !canConnect ? <span className="text-sm">Ask an admin to connect QuickBooks.</span> : null}
        </div>
      </div>
    );
  }
  const { results } = state;
  if (state.status === "loading" && results.length === 0) return <Placeholder status>{SEARCH_MESSAGES.searching}</Placeholder>;
  if (results.length === 0) return <Placeholder>{SEARCH_MESSAGES.none}</Placeholder>;
  return (
    // Details needs the script: until it runs, the buttons wait (a tap would be lost).
    <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-2 border-0 p-0">
      <p role="status" className="text-sm text-slate-600">
        {state.status === "loading" ? SEARCH_MESSAGES.searching : `${results.length} customer${results.length === 1 ? "" : "s"}`}
      </p>
      <CustomerResults customers={results} onDetails={onDetails} />
    </fieldset>
  );
}

function Placeholder({ children, status = false }: { children: string; status?: boolean }) {
  return (
    <p role={status ? "status" : undefined} className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
      {children}
    </p>
  );
}
