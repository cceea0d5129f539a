// The customer search results (spec 001 §2): a table on desktop (Name, Email, Phone, Balance (USD), Taxable,
// Delivery method, Details) and stacked cards on a phone. Both are rendered; CSS shows the one that fits, so
// the first HTML is right at any width before the script runs.
import { ChevronRight, Mail, Phone } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatBalance, formatDeliveryMethod, type AccountingCustomer } from "~/domain/quickbooks/customers";

export function TaxableBadge({ taxable }: { taxable: boolean }) {
  return taxable ? <Badge tone="green">Taxable</Badge> : <Badge tone="neutral">Non-taxable</Badge>;
}

export function CustomerResults({ customers, onDetails }: { customers: AccountingCustomer[]; onDetails: (customer: AccountingCustomer) => void }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">QuickBooks customers</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Name</th>
              <th scope="col" className="px-4 py-3 font-semibold">Email</th>
              <th scope="col" className="px-4 py-3 font-semibold">Phone</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Balance (USD)</th>
              <th scope="col" className="px-4 py-3 font-semibold">Taxable</th>
              <th scope="col" className="px-4 py-3 font-semibold">Delivery method</th>
              <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Details</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {customers.map((c) => (
              <tr key={c.id} className="hover:bg-slate-50">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">{c.displayName}</th>
                <td className="max-w-56 truncate px-4 py-3 text-slate-700" title={c.primaryEmail ?? undefined}>{c.primaryEmail ?? "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{c.primaryPhone ?? "—"}</td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums text-slate-900">{formatBalance(c.balance)}</td>
                <td className="px-4 py-3"><TaxableBadge taxable={c.taxable} /></td>
                <td className="px-4 py-3 text-slate-700">{formatDeliveryMethod(c.preferredDeliveryMethod)}</td>
                <td className="px-4 py-2 text-right">
                  <Button size="sm" variant="outline" onClick={() => onDetails(c)} aria-label={`Details for ${c.displayName}`}>
                    Details
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="QuickBooks customers">
        {customers.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 font-semibold break-words text-slate-900">{c.displayName}</h3>
              <p className="shrink-0 text-right">
                <span className="block text-xs text-slate-600">Balance (USD)</span>
                <span className="font-semibold tabular-nums text-slate-900">{formatBalance(c.balance)}</span>
              </p>
            </div>
            <dl className="mt-2 space-y-1 text-sm text-slate-700">
              <div className="flex min-w-0 items-center gap-2">
                <dt><Mail className="size-4 text-slate-500" aria-hidden="true" /><span className="sr-only">Email</span></dt>
                <dd className="min-w-0 truncate">{c.primaryEmail ?? "—"}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt><Phone className="size-4 text-slate-500" aria-hidden="true" /><span className="sr-only">Phone</span></dt>
                <dd>{c.primaryPhone ?? "—"}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <TaxableBadge taxable={c.taxable} />
              <Badge tone="blue">Delivery: {formatDeliveryMethod(c.preferredDeliveryMethod)}</Badge>
              <Button size="md" variant="outline" className="ml-auto" onClick={() => onDetails(c)} aria-label={`Details for ${c.displayName}`}>
                Details <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
