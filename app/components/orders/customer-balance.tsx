// The order screen's QuickBooks balance lookup (spec 001 §2, §8): the order's customer by name, its display
// name and balance, 'Not found', 'No customer name on this order', or 'Failed to load QuickBooks balance' with
// ensure-auth and one retry for authorization problems, then 'Retry'. Issue 24: the loader says whether
// QuickBooks is connected, so while it is not no call is made (one quiet line instead), 'Connect QuickBooks' is
// offered only to viewers the server says may connect, and a failure is told in plain words, not QuickBooks' own.
// A label/value pair for the order detail's Customer card (a <dl>); nothing for viewers without customers:view.
import { ExternalLink, RotateCw } from "lucide-react";
import { useEffect, useState } from "react";
import { fetchCustomerBalances, withQboAuthRetry } from "~/components/quickbooks/api";
import { useQboConnectedSignal } from "~/components/quickbooks/use-connected-signal";
import { Button } from "~/components/ui/button";
import { QBO_CONNECT_PATH } from "~/domain/quickbooks/connection";
import { BALANCE_LOOKUP_LIMIT, formatBalance, pickBalanceMatch, type CustomerBalance as Balance } from "~/domain/quickbooks/customers";
import { BALANCE_MESSAGES, isQboAuthProblem } from "~/domain/quickbooks/errors";
import { failureOf } from "~/domain/quickbooks/retry";
import type { QuickBooksState } from "./types";

/** What the balance line says when QuickBooks cannot answer: the person's words, not QuickBooks' error text. */
export const BALANCE_PLAIN = {
  notConnected: "QuickBooks is not connected.",
  askAdmin: "Ask an admin to connect QuickBooks.",
  connect: "Connect QuickBooks",
  authProblem: "QuickBooks needs to be connected again.",
  unavailable: "QuickBooks did not answer. Try again in a moment.",
} as const;

type Lookup =
  | { status: "no-name" }
  | { status: "loading" }
  | { status: "found"; match: Balance }
  | { status: "not-found" }
  | { status: "error"; authProblem: boolean };

export type CustomerBalanceViewer = { isAdmin: boolean; grants: readonly string[]; quickBooks?: QuickBooksState | null };

export function CustomerBalance({ customerName, viewer }: { customerName: string | null | undefined; viewer: CustomerBalanceViewer }) {
  const allowed = viewer.isAdmin || viewer.grants.includes("customers:view");
  if (!allowed) return null;
  // Without the server's word (a screen that does not pass it), the lookup is tried as before.
  const qb = viewer.quickBooks ?? { connected: true, canConnect: false };
  return <BalanceLookup customerName={(customerName ?? "").trim()} connectedAtLoad={qb.connected} canConnect={qb.canConnect} />;
}

/** The admin's way to connect: a small link that fits the card (opens the connect flow in a new tab). */
function ConnectLink() {
  return (
    <a
      href={QBO_CONNECT_PATH}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline md:min-h-0"
    >
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" /> {BALANCE_PLAIN.connect}
    </a>
  );
}

function BalanceLookup({ customerName, connectedAtLoad, canConnect }: { customerName: string; connectedAtLoad: boolean; canConnect: boolean }) {
  const [connected, setConnected] = useState(connectedAtLoad);
  const [lookup, setLookup] = useState<Lookup>(customerName ? { status: "loading" } : { status: "no-name" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!connected) return;
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
          setLookup({ status: "error", authProblem: failure ? isQboAuthProblem(failure) : false });
        });
    }, 0);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [customerName, attempt, connected]);

  // An admin finished connecting in another tab: a line that was quiet, or a lookup that failed, tries by itself.
  useQboConnectedSignal(() => {
    if (!connected) setConnected(true);
    else if (lookup.status === "error") setAttempt((n) => n + 1);
  });

  if (!connected) {
    return (
      <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm" data-testid="customer-balance">
        <dt className="font-semibold text-slate-600">Balance</dt>
        <dd className="min-w-0 text-slate-700">
          <span>{BALANCE_PLAIN.notConnected}</span> {canConnect ? <ConnectLink /> : <span>{BALANCE_PLAIN.askAdmin}</span>}
        </dd>
      </div>
    );
  }

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
          <div className="space-y-1">
            <p role="alert" className="font-semibold text-red-800">
              {BALANCE_MESSAGES.failed}
            </p>
            <p className="text-xs text-slate-600">
              {lookup.authProblem ? `${BALANCE_PLAIN.authProblem}${canConnect ? "" : ` ${BALANCE_PLAIN.askAdmin}`}` : BALANCE_PLAIN.unavailable}
            </p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {lookup.authProblem && canConnect ? <ConnectLink /> : null}
              <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                <RotateCw className="size-4" aria-hidden="true" /> Retry
              </Button>
            </div>
          </div>
        )}
      </dd>
    </div>
  );
}
