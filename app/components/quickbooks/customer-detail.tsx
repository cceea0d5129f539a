// The customer detail panel (spec 001 §2): every field of the accounting customer, both addresses or 'No
// address'. It opens with the search row's fields and takes GET /api/qb/customers/{id}'s answer when it comes.
import { RotateCw } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { formatAddress, formatBalance, formatDeliveryMethod, formatQboTime, type AccountingCustomer } from "~/domain/quickbooks/customers";
import { failureOf } from "~/domain/quickbooks/retry";
import { fetchCustomer, withQboAuthRetry } from "./api";
import { TaxableBadge } from "./customer-results";

type Detail = { customer: AccountingCustomer; loading: boolean; error: string | null };

/** The opened customer and its detail call; `open(row)` shows the row at once and asks for the rest. */
export function useCustomerDetail() {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [attempt, setAttempt] = useState(0);
  const id = detail?.customer.id ?? null;

  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    setDetail((d) => (d ? { ...d, loading: true, error: null } : d));
    withQboAuthRetry(() => fetchCustomer(id, ctrl.signal), ctrl.signal)
      .then((customer) => !ctrl.signal.aborted && setDetail((d) => (d?.customer.id === id ? { customer, loading: false, error: null } : d)))
      .catch((thrown: unknown) => {
        if (ctrl.signal.aborted) return;
        const message = failureOf(thrown)?.error ?? "Failed to load detail";
        setDetail((d) => (d?.customer.id === id ? { ...d, loading: false, error: message } : d));
      });
    return () => ctrl.abort();
  }, [id, attempt]);

  return {
    detail,
    open: (customer: AccountingCustomer) => setDetail({ customer, loading: true, error: null }),
    close: () => setDetail(null),
    retry: () => setAttempt((n) => n + 1),
  };
}

export function CustomerDetailPanel({ detail, onClose, onRetry }: { detail: Detail | null; onClose: () => void; onRetry: () => void }) {
  const c = detail?.customer;
  return (
    <Sheet open={!!detail} onClose={onClose} title={c?.displayName ?? "Customer"} side="right" size="md">
      {detail && c ? (
        <div className="space-y-4 px-5 pt-2 pb-6">
          {detail.error ? (
            <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p>Error: {detail.error}</p>
              <Button size="sm" variant="outline" onClick={onRetry}>
                <RotateCw className="size-4" aria-hidden="true" /> Retry
              </Button>
            </div>
          ) : null}
          <p role="status" className="min-h-5 text-xs text-slate-600">
            {detail.loading ? "Loading the latest from QuickBooks…" : detail.error ? "" : "Up to date with QuickBooks."}
          </p>
          <section aria-label="Balances" className="grid grid-cols-2 gap-3">
            <Figure label="Balance">{formatBalance(c.balance)}</Figure>
            <Figure label="Balance with jobs">{formatBalance(c.balanceWithJobs)}</Figure>
          </section>
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            <Row label="Display name">{c.displayName}</Row>
            <Row label="Company">{c.companyName ?? "—"}</Row>
            <Row label="Given name">{c.givenName ?? "—"}</Row>
            <Row label="Family name">{c.familyName ?? "—"}</Row>
            <Row label="Email">{c.primaryEmail ? <a className="font-semibold text-brand-800 hover:underline" href={`mailto:${c.primaryEmail}`}>{c.primaryEmail}</a> : "—"}</Row>
            <Row label="Phone">{c.primaryPhone ? <a className="font-semibold text-brand-800 hover:underline" href={`tel:${c.primaryPhone.replace(/[^\d+]/g, "")}`}>{c.primaryPhone}</a> : "—"}</Row>
            <Row label="Taxable"><TaxableBadge taxable={c.taxable} /></Row>
            <Row label="Delivery method">{formatDeliveryMethod(c.preferredDeliveryMethod)}</Row>
            <Row label="Billing address">{formatAddress(c.billAddr)}</Row>
            <Row label="Shipping address">{formatAddress(c.shipAddr)}</Row>
            <Row label="Created">{formatQboTime(c.meta.created)}</Row>
            <Row label="Updated">{formatQboTime(c.meta.updated)}</Row>
          </dl>
        </div>
      ) : null}
    </Sheet>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
      <p className="text-xs font-semibold text-slate-600">{label}</p>
      <p className="text-lg font-bold tabular-nums text-slate-900">{children}</p>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 px-3 py-2">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
