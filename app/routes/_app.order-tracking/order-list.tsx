// The order list body: desktop table with pagination, or phone cards with infinite scroll. Until the layout is
// known the server renders both and CSS shows the one that fits, each with the first screen of rows, so the
// first paint has rows at any width. The browser hydrates only the one its width shows: the other keeps the
// server's HTML untouched (hidden) until it goes away a moment later (decision 045).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { DeliveryLauncher, deliveryRowFromHash } from "~/components/delivery/delivery-launcher";
import { useCaptureOpener } from "~/components/capture/use-capture-opener";
import type { Column } from "~/components/orders/columns";
import { MobileOrderList } from "~/components/orders/mobile-order-list";
import { OrderTable, type Density } from "~/components/orders/order-table";
import { Pagination } from "~/components/orders/pagination";
import type { OrderRow, Pagination as Page, SortDir } from "~/components/orders/types";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { PAGE_SIZE } from "~/domain/orders/constants";

/**
 * Rows rendered per layout before the layout is known: more than a screenful, and a warehouse page of 500
 * stays a light first HTML (both layouts are in it).
 */
export const FIRST_PAINT_ROWS = PAGE_SIZE;

type Props = {
  isPhone: boolean | null;
  rows: OrderRow[];
  can: Pick<OrdersCan, "rowOpens" | "seePayment">;
  loading: boolean;
  /** The rest of a long first page is still to come (the document brought its first screen). */
  filling?: boolean;
  /** That rest is being fetched. */
  fillingRest?: boolean;
  /** Asks for that rest: the reader scrolled toward the end of the first screen. */
  onRest?: () => void;
  pagination: Page;
  columns: Column[];
  density: Density;
  sort: string;
  dir: SortDir | "";
  selecting: boolean;
  selected: ReadonlySet<string>;
  onSort: (key: string) => void;
  onPage: (page: number) => void;
  onLoadMore: () => void;
  onOpen: (row: OrderRow) => void;
  /** The order a '#order-…' link named, found by the route: opened as this viewer's row opens (capture). */
  linked?: OrderRow | null;
  onHistory: (row: OrderRow) => void;
  onToggle: (orderNumber: string) => void;
  onToggleAll: (checked: boolean) => void;
};

/** The rest of a long first page is asked for while the end of its first screen is this far below the viewport. */
export const REST_MARGIN = "1500px";

/** The layout this browser's width shows (useIsPhone's test), before the screen knows it; null on the server. */
function phoneByWidth(): boolean | null {
  return typeof window === "undefined" ? null : window.matchMedia("(max-width: 767px)").matches;
}

/**
 * A layout the width hides, while the layout is not known: on the server it renders, in the browser the server's
 * HTML is kept as it is (React neither hydrates nor draws it), so hydration costs one layout, not two.
 */
function LayoutBox({ className, skip, children }: { className?: string; skip: boolean; children: ReactNode }) {
  return skip ? <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} /> : <div className={className}>{children}</div>;
}

/** Desktop: asks for the rest of a long first page as the end of its first screen nears. */
function RestSentinel({ onRest }: { onRest: () => void }) {
  const el = useRef<HTMLDivElement>(null);
  const ask = useRef(onRest);
  ask.current = onRest;
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && ask.current(), { rootMargin: REST_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={el} aria-hidden="true" className="h-px" />;
}

export function OrderList({ isPhone, rows, can, loading, filling = false, fillingRest = false, onRest = () => {}, pagination, columns, density, sort, dir, selecting, selected, onSort, onPage, onLoadMore, onOpen: openDetail, linked = null, onHistory, onToggle, onToggleAll }: Props) {
  // Spec 001 §6: a driver's row (delivery:perform) opens the delivery wizard instead of the detail.
  const delivers = can.rowOpens === "delivery";
  const [delivering, setDelivering] = useState<OrderRow | null>(null);
  // A warehouse employee's row (warehouse:capture) opens Warehouse Capture instead (spec 001 §6).
  const capture = useCaptureOpener(can.rowOpens === "capture", !!isPhone, openDetail);
  const onOpen = delivers ? setDelivering : capture.open;
  // A driver's home links a stop as '#order-{orderNumber}': the wizard opens on arrival.
  useEffect(() => {
    if (delivers) setDelivering((open) => open ?? deliveryRowFromHash(window.location.hash, rows));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, []);
  // Once per link: closing capture must not open it again on the next render.
  const openCapture = useRef(capture.open);
  openCapture.current = capture.open;
  useEffect(() => {
    if (linked && can.rowOpens === "capture") openCapture.current(linked);
  }, [linked, can.rowOpens]);
  const unknown = isPhone === null;
  const shown = unknown ? rows.slice(0, FIRST_PAINT_ROWS) : rows;
  const byWidth = unknown ? phoneByWidth() : isPhone;
  // The same wrappers in every state, so the visible layout keeps its DOM when the other one goes away.
  return (
    <>
      <LayoutBox className={unknown ? "md:hidden" : undefined} skip={unknown && byWidth === false}>
        {isPhone !== false ? (
          // Infinite scroll starts once we know this is a phone: a hidden list must not load pages.
          <MobileOrderList
            rows={shown}
            showPayment={can.seePayment}
            showAddress={delivers}
            hasMore={pagination.page < pagination.pages || shown.length < rows.length || filling}
            paused={isPhone !== true}
            loadingMore={loading || fillingRest}
            margin={filling ? REST_MARGIN : undefined}
            onLoadMore={onLoadMore}
            onOpen={onOpen}
          />
        ) : null}
      </LayoutBox>
      <LayoutBox className={unknown ? "hidden md:block" : undefined} skip={unknown && byWidth === true}>
        {isPhone !== true ? (
          <div className={loading ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"} aria-busy={loading}>
            <OrderTable
              rows={shown}
              columns={columns}
              density={density}
              sort={sort}
              dir={dir}
              onSort={onSort}
              onOpen={onOpen}
              onHistory={onHistory}
              selecting={selecting}
              selected={selected}
              onToggle={onToggle}
              onToggleAll={onToggleAll}
            />
            {isPhone === false && filling ? <RestSentinel onRest={onRest} /> : null}
            <Pagination page={pagination.page} pages={pagination.pages} total={pagination.total} onPage={onPage} />
          </div>
        ) : null}
      </LayoutBox>
      {delivers ? <DeliveryLauncher row={delivering} isPhone={!!isPhone} onClose={() => setDelivering(null)} /> : null}
      {capture.element}
    </>
  );
}
