// The desktop order table: role-dependent columns, sortable headers, density, selection and green delivered rows.
import { Link } from "@remix-run/react";
import { ArrowDown, ArrowUp, ArrowUpDown, History, MapPin, ScanLine } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { formatOrderDate } from "~/domain/orders/format";
import { normalizeTrucking } from "~/domain/orders/status";
import { isRowDelivered } from "~/domain/orders/tones";
import type { Column } from "./columns";
import { StatusBadge } from "./status-badge";
import type { OrderRow, SortDir } from "./types";

export type Density = "comfortable" | "compact";

export function OrderTable({
  rows,
  columns,
  density,
  sort,
  dir,
  onSort,
  onOpen,
  onHistory,
  selecting,
  selected,
  onToggle,
  onToggleAll,
}: {
  rows: OrderRow[];
  columns: Column[];
  density: Density;
  sort: string;
  dir: SortDir | "";
  onSort: (key: string) => void;
  onOpen: (row: OrderRow) => void;
  onHistory: (row: OrderRow) => void;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (orderNumber: string) => void;
  onToggleAll: (checked: boolean) => void;
}) {
  const pad = density === "compact" ? "px-2 py-1.5" : "px-2.5 py-3";
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.orderNumber));
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={cn("w-full text-left", density === "compact" ? "text-xs" : "text-sm")}>
        <caption className="sr-only">Orders</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {selecting ? (
              <th scope="col" className={cn(pad, "w-10")}>
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label="Select all orders on this page"
                  checked={allChecked}
                  onChange={(e) => onToggleAll(e.target.checked)}
                />
              </th>
            ) : null}
            {columns.map((c) => {
              const active = c.sortable && sort === c.key && dir;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={cn(pad, "whitespace-nowrap")}
                  aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : c.sortable ? "none" : undefined}
                >
                  {c.sortable ? (
                    <button type="button" onClick={() => onSort(c.key)} className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 uppercase hover:text-slate-950">
                      {c.label}
                      {active ? (
                        dir === "asc" ? <ArrowUp className="size-3.5" aria-hidden="true" /> : <ArrowDown className="size-3.5" aria-hidden="true" />
                      ) : (
                        <ArrowUpDown className="size-3.5 opacity-40" aria-hidden="true" />
                      )}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const delivered = isRowDelivered(row);
            return (
              <tr
                key={row.orderNumber}
                data-delivered={delivered || undefined}
                onClick={(e) => {
                  // Clicks on controls inside the row do their own thing.
                  if ((e.target as HTMLElement).closest("a,button,input,label")) return;
                  onOpen(row);
                }}
                className={cn("cursor-pointer", delivered ? "bg-green-50 hover:bg-green-100" : "hover:bg-slate-50")}
              >
                {selecting ? (
                  <td className={pad}>
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`Select ${row.orderNumber}`}
                      checked={selected.has(row.orderNumber)}
                      onChange={() => onToggle(row.orderNumber)}
                    />
                  </td>
                ) : null}
                {columns.map((c) => (
                  <td key={c.key} className={cn(pad, "align-middle")}>
                    <Cell column={c.key} row={row} onOpen={onOpen} onHistory={onHistory} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ column, row, onOpen, onHistory }: { column: Column["key"]; row: OrderRow; onOpen: (row: OrderRow) => void; onHistory: (row: OrderRow) => void }) {
  switch (column) {
    case "orderNumber":
      return (
        <button type="button" onClick={() => onOpen(row)} className="font-semibold whitespace-nowrap text-brand-800 underline-offset-2 hover:underline">
          {row.orderNumber}
        </button>
      );
    case "customerName":
      return <span className="font-medium text-slate-900">{row.customerName || "—"}</span>;
    case "createdBy":
      return <span className="whitespace-nowrap text-slate-700">{row.createdBy || "—"}</span>;
    case "paymentStatus":
      return <StatusBadge value={row.paymentStatus} />;
    case "orderStatus":
      return <StatusBadge value={row.orderStatus} />;
    case "orderType":
      return <span className="whitespace-nowrap">{row.orderType || "—"}</span>;
    case "truckingCompany":
      return <span className="whitespace-nowrap">{normalizeTrucking(row.truckingCompany) || <span className="text-slate-500">Not set</span>}</span>;
    case "warehouseLocation":
      return <span className="whitespace-nowrap">{row.warehouseLocation || "—"}</span>;
    case "warehouseAssignment":
      return <span className="block min-w-28 text-slate-700">{row.warehouseAssignment?.length ? row.warehouseAssignment.join(", ") : <span className="text-slate-500">Unassigned</span>}</span>;
    case "orderDate":
      return <span className="whitespace-nowrap tabular-nums">{formatOrderDate(row.orderDate)}</span>;
    case "address":
      return <AddressCell row={row} />;
    case "actions":
      return (
        <div className="flex items-center gap-1">
          <Link
            to={`/pick-list?order=${encodeURIComponent(row.orderNumber)}`}
            className="inline-flex size-9 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50"
            aria-label={`Pick list for ${row.orderNumber}`}
            title="Pick list"
          >
            <ScanLine className="size-4" aria-hidden="true" />
          </Link>
          <button
            type="button"
            onClick={() => onHistory(row)}
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-label={`History of ${row.orderNumber}`}
            title="History"
          >
            <History className="size-4" aria-hidden="true" />
          </button>
        </div>
      );
  }
}

export function AddressCell({ row }: { row: OrderRow }) {
  const lines = row.address?.lines ?? [];
  if (!lines.length) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-48">
      <span className="block text-slate-800">{lines.join(", ")}</span>
      {row.address?.mapsUrl ? (
        <a
          href={row.address.mapsUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-0.5 inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline"
          aria-label={`Open map for ${row.orderNumber}`}
        >
          <MapPin className="size-4" aria-hidden="true" />
          Map
        </a>
      ) : null}
    </div>
  );
}
