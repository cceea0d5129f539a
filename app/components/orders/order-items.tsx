// The order's lines: cards on a phone, a table from md up, each with the order total.
import { formatMoney, lineTotal, orderTotal } from "~/domain/orders/format";
import type { SalesOrderLine } from "./types";

/**
 * Below md the lines are cards (product, then quantity, unit price and line total side by side) and the order
 * total a bar under them: nothing to scroll sideways, nothing clipped on a 390 px phone.
 */
export function ItemCards({ items }: { items: SalesOrderLine[] }) {
  return (
    <div>
      <ul aria-label="Items" className="divide-y divide-slate-100">
        {items.map((l) => (
          <li key={l.lineItemId} className="py-3" data-testid="item-card">
            <p className="text-sm font-semibold break-words text-slate-900">{l.description}</p>
            <p className="font-mono text-xs break-all text-slate-600">{l.sku}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr_auto] gap-x-3 text-sm">
              <div className="min-w-0">
                <dt className="text-xs font-semibold text-slate-600">Qty</dt>
                <dd className="tabular-nums" data-testid="item-qty">{l.quantity}</dd>
              </div>
              <div className="min-w-0 text-right">
                <dt className="text-xs font-semibold text-slate-600">Unit Price</dt>
                <dd className="tabular-nums" data-testid="item-unit-price">{formatMoney(l.unitPrice)}</dd>
              </div>
              <div className="min-w-0 text-right">
                <dt className="text-xs font-semibold text-slate-600">Line Total</dt>
                <dd className="font-semibold tabular-nums" data-testid="item-line-total">{formatMoney(lineTotal(l.quantity, l.unitPrice))}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between gap-3 border-t-2 border-slate-200 pt-3 pb-1 text-base font-bold">
        <span>Order Total</span>
        <span className="tabular-nums" data-testid="order-total">{formatMoney(orderTotal(items))}</span>
      </p>
    </div>
  );
}

export function ItemsTable({ items }: { items: SalesOrderLine[] }) {
  return (
    // A region the keyboard can reach and scroll when the columns are wider than a phone (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto rounded focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none" role="region" aria-label="Items" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">SKU</th>
            <th scope="col" className="px-3 py-2">Description</th>
            <th scope="col" className="px-3 py-2 text-right">Qty</th>
            <th scope="col" className="px-3 py-2 text-right">Unit Price</th>
            <th scope="col" className="px-3 py-2 text-right">Line Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((l) => (
            <tr key={l.lineItemId}>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{l.sku}</td>
              <td className="px-3 py-2">{l.description}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(l.unitPrice)}</td>
              <td className="px-3 py-2 text-right font-medium tabular-nums">{formatMoney(lineTotal(l.quantity, l.unitPrice))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-200">
            <th scope="row" colSpan={4} className="px-3 py-2 text-right font-bold">
              Order Total
            </th>
            <td className="px-3 py-2 text-right font-bold tabular-nums" data-testid="order-total">
              {formatMoney(orderTotal(items))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
