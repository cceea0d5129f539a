// The order screen's QuickBooks balance lookup (spec 001 §2, §8): the order's customer by name, its display
// name and balance, 'Not found', 'No customer name on this order', or 'Failed to load QuickBooks balance' with
// ensure-auth and one retry for authorization problems, then 'Connect QuickBooks' (admins) and 'Retry'.
// A label/value pair for the order detail's Customer card (a <dl>); nothing for viewers without customers:view.
import { ExternalLink, RotateCw } from "lucide-react";
import { useEffect, useState } from "react";
import { fetchCustomerBalances, withQboAuthRetry } from "~/components/quickbooks/api";
import { useQboConnectedSignal } from "~/components/quickbooks/use-connected-signal";
import { Button, buttonClass } from "~/components/ui/button";
import { QBO_CONNECT_PATH } from "~/domain/quickbooks/connection";
import { BALANCE_LOOKUP_LIMIT, formatBalance, pickBalanceMatch, type CustomerBalance as Balance } from "~/domain/quickbooks/customers";
import { BALANCE_MESSAGES, isQboAuthProblem } from "~/domain/quickbooks/errors";
import { failureOf } from "~/domain/quickbooks/retry";

type Lookup =
  | { status: "no-name" }
  | { status: "loading" }
  | { status: "found"; match: Balance }
  | { status: "not-found" }
  | { status: "error"; message: string; authProblem: boolean };

export type CustomerBalanceViewer = { isAdmin: boolean; grants: readonly string[] };

export function CustomerBalance({ customerName, viewer }: { customerName: string | null | undefined; viewer: CustomerBalanceViewer }) {
  const allowed = viewer.isAdmin || viewer.grants.includes("customers:view");
  if (!allowed) return null;
  return <BalanceLookup customerName={(customerName ?? "").trim()} canConnect={viewer.isAdmin || viewer.grants.includes("admin:manage")} />;
}

function BalanceLookup({ customerName, canConnect }: { customerName: string; canConnect: boolean }) {
  const [lookup, setLookup] = useState<Lookup>(customerName ? { status: "loading" } : { status: "no-name" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!customerName) {
      setLookup({ status: "no-name" });
      return;
    }
    const ctrl = new AbortController();
    setLookup({ status: "loading" });
    // Started a tick later: a mount that is undone at once (StrictMode's rehearsal, a dialog closed as it
    // opens) sends nothing, so one lookup is one request and its retry rule sees every answer.
    const timer = window.setTimeout(() => {
      withQboAuthRetry(() => fetchCustomerBalances(customerName, { limit: BALANCE_LOOKUP_LIMIT, signal: ctrl.signal }), ctrl.signal)
        .then((results) => {
          if (ctrl.signal.aborted) return;
          const match = pickBalanceMatch(customerName, results);
          setLookup(match ? { status: "found", match: { displayName: match.displayName, balance: match.balance } } : { status: "not-found" });
        })
        .catch((thrown: unknown) => {
          if (ctrl.signal.aborted) return;
          const failure = failureOf(thrown);
          setLookup({ status: "error", message: failure?.error ?? BALANCE_MESSAGES.failed, authProblem: failure ? isQboAuthProblem(failure) : false });
        });
    }, 0);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [customerName, attempt]);

  // An admin finished connecting in another tab: a lookup that failed tries again by itself.
  useQboConnectedSignal(() => {
    if (lookup.status === "error") setAttempt((n) => n + 1);
  });

  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm" data-testid="customer-balance">
      <dt className="font-semibold text-slate-600">Balance</dt>
      <dd className="min-w-0 break-words text-slate-900" aria-live="polite" aria-busy={lookup.status === "loading"}>
        {lookup.status === "no-name" ? (
          <span className="text-slate-600">{BALANCE_MESSAGES.noName}</span>
        ) : lookup.status === "loading" ? (
          <span className="text-slate-600">Loading QuickBooks balance…</span>
        ) : lookup.status === "found" ? (
          <>
            <span className="font-semibold tabular-nums">{formatBalance(lookup.match.balance)}</span>
            <span className="block text-xs text-slate-600">QuickBooks · {lookup.match.displayName}</span>
          </>
        ) : lookup.status === "not-found" ? (
          <span className="text-slate-600">{BALANCE_MESSAGES.notFound}</span>
        ) : (
          <div className="space-y-2">
            <p role="alert" className="font-semibold text-red-800">
              {BALANCE_MESSAGES.failed}
            </p>
            <p className="text-xs text-slate-600">{lookup.message}</p>
            <div className="flex flex-wrap gap-2">
              {lookup.authProblem && canConnect ? (
                <a href={QBO_CONNECT_PATH} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: "sm" })}>
                  <ExternalLink className="size-4" aria-hidden="true" /> Connect QuickBooks
                </a>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                <RotateCw className="size-4" aria-hidden="true" /> Retry
              </Button>
            </div>
            {lookup.authProblem && !canConnect ? <p className="text-xs text-slate-600">Ask an admin to connect QuickBooks.</p> : null}
          </div>
        )}
      </dd>
    </div>
  );
}
