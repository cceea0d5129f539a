// Phone order list: cards with swipe-left-to-reveal 'Begin Picking' and infinite scroll (spec 001 §2, §4, §9).
import { Link } from "@remix-run/react";
import { ChevronRight, ScanLine } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { cn } from "~/components/ui/cn";
import { formatOrderDate } from "~/domain/orders/format";
import { isRowDelivered } from "~/domain/orders/tones";
import { AddressCell } from "./address-cell";
import { StatusBadge } from "./status-badge";
import type { OrderRow } from "./types";
import { useVirtualRows } from "./use-virtual-rows";

/** A horizontal move past this many pixels counts as a swipe (spec 001 §9). */
export const SWIPE_THRESHOLD_PX = 56;
/** Load the next page while the end of the list is still this far below the viewport. */
export const INFINITE_SCROLL_MARGIN = "200px";

export function MobileOrderList({
  rows,
  showPayment,
  showAddress,
  hasMore,
  paused = false,
  loadingMore,
  margin = INFINITE_SCROLL_MARGIN,
  onLoadMore,
  onOpen,
}: {
  rows: OrderRow[];
  /** The payment badge, for those who may see payment. */
  showPayment: boolean;
  /** The address and map, for those whose rows open the delivery wizard. */
  showAddress: boolean;
  hasMore: boolean;
  /** No infinite scroll (the layout is not known yet, so this list may be the hidden one). */
  paused?: boolean;
  loadingMore: boolean;
  /** How far below the viewport the end of the list starts the next load (INFINITE_SCROLL_MARGIN by default). */
  margin?: string;
  onLoadMore: () => void;
  onOpen: (row: OrderRow) => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  const virtual = useVirtualRows<HTMLUListElement>(rows.length, 170, 8); // space-y-2 between cards

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || paused) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore.current();
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, paused, rows.length, margin]);

  return (
    <div>
      {virtual.driver}
      <ul ref={virtual.listRef} className={virtual.enabled ? undefined : "space-y-2"} aria-label="Orders" style={virtual.enabled ? { paddingTop: virtual.before, paddingBottom: virtual.after } : undefined}>
        {virtual.indexes.map((index) => {
          const row = rows[index]!;
          return (
            <OrderCard
              key={row.orderNumber}
              row={row}
              showPayment={showPayment}
              showAddress={showAddress}
              revealed={revealed === row.orderNumber}
              onReveal={(on) => setRevealed((r) => (on ? row.orderNumber : r === row.orderNumber ? null : r))}
              onOpen={onOpen}
              measure={virtual.enabled ? virtual.measure : undefined}
              index={index}
              setSize={rows.length}
            />
          );
        })}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {loadingMore ? <p className="py-4 text-center text-sm text-slate-600" role="status">Loading more orders…</p> : null}
      {!hasMore && rows.length ? <p className="py-4 text-center text-sm text-slate-500">All {rows.length} orders loaded</p> : null}
    </div>
  );
}

function OrderCard({
  row,
  showPayment,
  showAddress,
  revealed,
  onReveal,
  onOpen,
  measure,
  index,
  setSize,
}: {
  row: OrderRow;
  showPayment: boolean;
  showAddress: boolean;
  revealed: boolean;
  onReveal: (on: boolean) => void;
  onOpen: (row: OrderRow) => void;
  /** Virtual list: measures the card's height once drawn. */
  measure?: (node: HTMLElement | null) => void;
  index: number;
  setSize: number;
}) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const delivered = isRowDelivered(row);

  function onPointerDown(e: ReactPointerEvent) {
    start.current = { x: e.clientX, y: e.clientY };
    swiped.current = false;
  }
  function onPointerMove(e: ReactPointerEvent) {
    if (!start.current) return;
    const dx = e.clientX - start.current.x;
    const dy = e.clientY - start.current.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    swiped.current = true;
    onReveal(dx < 0);
    start.current = null;
  }
  function onPointerEnd() {
    start.current = null;
  }

  return (
    <li
      ref={measure}
      data-index={index}
      aria-posinset={measure ? index + 1 : undefined}
      aria-setsize={measure ? setSize : undefined}
      className={cn("relative overflow-hidden rounded-xl border border-slate-200 bg-brand-700 shadow-sm", measure && "mb-2")}
      data-order={row.orderNumber}
    >
      <div className="absolute inset-y-0 right-0 flex w-36 items-stretch">
        <Link
          to={`/pick-list?order=${encodeURIComponent(row.orderNumber)}`}
          tabIndex={revealed ? 0 : -1}
          aria-hidden={!revealed}
          onFocus={() => onReveal(true)}
          className="flex flex-1 flex-col items-center justify-center gap-1 px-2 text-center font-bold text-white"
        >
          <ScanLine className="size-6" aria-hidden="true" />
          Begin Picking
        </Link>
      </div>
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={{ touchAction: "pan-y" }}
        className={cn(
          "relative transition-transform duration-200",
          revealed ? "-translate-x-36" : "translate-x-0",
          delivered ? "bg-green-50" : "bg-white",
        )}
      >
        <button
          type="button"
          onClick={(e) => {
            if (swiped.current) {
              e.preventDefault();
              swiped.current = false;
              return;
            }
            if (revealed) return onReveal(false);
            onOpen(row);
          }}
          className="flex w-full items-start gap-3 p-4 text-left"
          aria-label={`Open order ${row.orderNumber}, ${row.customerName}`}
        >
          <div className="min-w-0 flex-1">
            <div className="flex items-center justify-between gap-2">
              <span className="font-bold text-slate-900">{row.orderNumber}</span>
              <span className="text-xs text-slate-600 tabular-nums">{formatOrderDate(row.orderDate)}</span>
            </div>
            <p className="mt-0.5 truncate font-medium text-slate-800">{row.customerName || "—"}</p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <StatusBadge value={row.orderStatus} />
              {showPayment ? <StatusBadge value={row.paymentStatus} /> : null}
            </div>
            <p className="mt-2 text-xs text-slate-600">
              {[row.orderType, row.warehouseLocation, row.warehouseAssignment?.length ? row.warehouseAssignment.join(", ") : "Unassigned"].filter(Boolean).join(" · ")}
            </p>
          </div>
          <ChevronRight className="mt-1 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        </button>
        {showAddress ? (
          <div className="border-t border-slate-100 px-4 py-2 text-sm">
            <AddressCell row={row} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
