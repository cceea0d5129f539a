// The desktop order table: role-dependent columns, sortable headers, density, selection and green delivered rows.
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown, History, ScanLine } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { formatOrderDate } from "~/domain/orders/format";
import { normalizeTrucking } from "~/domain/orders/status";
import { isRowDelivered } from "~/domain/orders/tones";
import { AddressCell } from "./address-cell";
import type { Column } from "./columns";
import { StatusBadge } from "./status-badge";
import type { OrderRow, SortDir } from "./types";

/**
 * The app header's height on this box (`--app-header-h`), for the column headers that stick under it from `lg` (1024
 * px) up: the header wraps to two rows at some widths. Set here, not on <html>, where an inherited property restyled
 * every element of the page after hydration (decision 045, fifth pass); the same value again changes nothing.
 */
function useAppHeaderHeight() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const header = document.querySelector("header");
    if (!header || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => innerWidth >= 1024 && box.current?.style.setProperty("--app-header-h", `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return box;
}
import { useVirtualRows } from "./use-virtual-rows";

export type Density = "comfortable" | "compact";

/**
 * Column widths from 1024 px up (a fixed layout: every column fits 1280 px without sideways scrolling; the
 * customer takes what is left). Long values are truncated with the whole value in the cell's title.
 */
const WIDTHS: Partial<Record<Column["key"], string>> = {
  orderNumber: "lg:w-[6.25rem]",
  createdBy: "lg:w-24",
  paymentStatus: "lg:w-32",
  orderStatus: "lg:w-36",
  orderType: "lg:w-28",
  truckingCompany: "lg:w-24",
  warehouseLocation: "lg:w-[5.75rem]",
  warehouseAssignment: "lg:w-[6.5rem]",
  address: "lg:w-52",
  orderDate: "lg:w-[6.75rem]",
  actions: "lg:w-[5.5rem]",
};

/** Text that ends in … when its column is too narrow, with the whole value on hover. */
function Clipped({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn("block truncate", className)} title={text}>
      {text}
    </span>
  );
}

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
  const virtual = useVirtualRows<HTMLTableSectionElement>(rows.length, density === "compact" ? 37 : 53);
  const span = columns.length + (selecting ? 1 : 0);
  const box = useAppHeaderHeight();
  return (
    // From 1024 px the table needs no sideways scroll, so its wrapper does not clip: the header row then
    // sticks under the app header (--app-header-h) while the page scrolls.
    <div ref={box} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:overflow-x-visible">
      <table className={cn("w-full text-left lg:table-fixed", density === "compact" ? "text-xs" : "text-sm")} aria-rowcount={virtual.enabled ? rows.length + 1 : undefined}>
        <caption className="sr-only">Orders</caption>
        {virtual.driver}
        <colgroup>
          {selecting ? <col className="lg:w-10" /> : null}
          {columns.map((c) => (
            <col key={c.key} className={WIDTHS[c.key]} />
          ))}
        </colgroup>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {selecting ? (
              <th scope="col" className={cn(pad, "w-10 bg-slate-50 lg:sticky lg:top-[var(--app-header-h,0px)] lg:z-10")}>
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
                  // From 1024 px the fixed columns are narrow: the header's letters are not spaced out, and a
                  // column not sorted by shows its sort arrows on hover or focus only (aria-sort says the rest).
                  className={cn(pad, "whitespace-nowrap bg-slate-50 lg:sticky lg:top-[var(--app-header-h,0px)] lg:z-10 lg:truncate lg:px-1.5 lg:tracking-normal")}
                  title={c.label}
                  aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : c.sortable ? "none" : undefined}
                >
                  {c.sortable ? (
                    <button type="button" onClick={() => onSort(c.key)} className="group -mx-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-1 uppercase hover:text-slate-950">
                      <span className="truncate">{c.label}</span>
                      {active ? (
                        dir === "asc" ? <ArrowUp className="size-3.5 shrink-0" aria-hidden="true" /> : <ArrowDown className="size-3.5 shrink-0" aria-hidden="true" />
                      ) : (
                        <ArrowUpDown className="size-3.5 shrink-0 opacity-40 lg:hidden lg:group-hover:inline lg:group-focus-visible:inline" aria-hidden="true" />
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
        <tbody ref={virtual.listRef} className="divide-y divide-slate-100">
          {virtual.before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: virtual.before, padding: 0 }} />
            </tr>
          ) : null}
          {virtual.indexes.map((index) => {
            const row = rows[index]!;
            const delivered = isRowDelivered(row);
            return (
              <tr
                key={row.orderNumber}
                ref={virtual.enabled ? virtual.measure : undefined}
                data-index={index}
                aria-rowindex={virtual.enabled ? index + 2 : undefined}
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
                  <td key={c.key} className={cn(pad, "min-w-0 align-middle")}>
                    <Cell column={c.key} row={row} onOpen={onOpen} onHistory={onHistory} />
                  </td>
                ))}
              </tr>
            );
          })}
          {virtual.after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: virtual.after, padding: 0 }} />
            </tr>
          ) : null}
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
      return <Clipped text={row.customerName || "—"} className="font-medium text-slate-900" />;
    case "createdBy":
      return <Clipped text={row.createdBy || "—"} className="text-slate-700" />;
    case "paymentStatus":
      return <StatusBadge value={row.paymentStatus} className="max-w-full" title={row.paymentStatus ?? ""} />;
    case "orderStatus":
      return <StatusBadge value={row.orderStatus} className="max-w-full" title={row.orderStatus ?? ""} />;
    case "orderType":
      return <Clipped text={row.orderType || "—"} />;
    case "truckingCompany":
      return normalizeTrucking(row.truckingCompany) ? <Clipped text={normalizeTrucking(row.truckingCompany)} /> : <span className="text-slate-500">Not set</span>;
    case "warehouseLocation":
      return <Clipped text={row.warehouseLocation || "—"} />;
    case "warehouseAssignment":
      return row.warehouseAssignment?.length ? (
        <Clipped text={row.warehouseAssignment.join(", ")} className="min-w-28 text-slate-700 lg:min-w-0" />
      ) : (
        <span className="text-slate-500">Unassigned</span>
      );
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
