// The order list body: desktop table with pagination, or phone cards with infinite scroll. A browser that says
// whether it is a phone (Chromium's layout hint, decision 047) gets that layout only, with the whole first page, and
// keeps it. Otherwise, until the layout is known, the server renders both and CSS shows the one that fits, each with
// the first screen of rows, so the first paint has rows at any width; the browser hydrates only the one its width
// shows, and the other keeps the server's HTML untouched (hidden) until it goes away a moment later (decision 045).
// Each layout is its own chunk, fetched as the page starts (a phone never loads the table, a desktop never the
// cards), and hydrated in place once it is here (later-part.tsx). What a driver's or a warehouse employee's row
// opens is loaded when the page is idle or with the first tap.
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { DesktopOrderListProps } from "~/components/orders/desktop-order-list";
import { REST_MARGIN } from "~/components/orders/first-screen";
import { laterPart } from "~/components/orders/later-part";
import type { RowTap } from "~/components/orders/row-opener";
import type { OrderRow, Pagination as Page } from "~/components/orders/types";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { PAGE_SIZE } from "~/domain/orders/constants";
import { whenIdle } from "~/lib/when-idle";

/**
 * Rows rendered per layout before the layout is known: more than a screenful, and a warehouse page of 500
 * stays a light first HTML (both layouts are in it).
 */
export const FIRST_PAINT_ROWS = PAGE_SIZE;

/** The phone's layout, as useIsPhone and the CSS (md:) say. */
const PHONE_QUERY = "(max-width: 767px)";

const PhoneList = laterPart(() => import("~/components/orders/mobile-order-list").then((m) => m.MobileOrderList));
const DesktopList = laterPart<DesktopOrderListProps>(() => import("~/components/orders/desktop-order-list").then((m) => m.DesktopOrderList));
const RowOpener = lazy(() => import("~/components/orders/row-opener").then((m) => ({ default: m.RowOpener })));

// The layout this browser shows is fetched as soon as the screen's script runs, before React reaches it.
if (typeof window !== "undefined") (window.matchMedia(PHONE_QUERY).matches ? PhoneList : DesktopList).preload();

type Props = Omit<DesktopOrderListProps, "known" | "filling" | "onRest" | "onOpen" | "can"> & {
  isPhone: boolean | null;
  can: DesktopOrderListProps["can"] & Pick<OrdersCan, "rowOpens">;
  /** The rest of a long first page is still to come (the document brought its first screen). */
  filling?: boolean;
  /** That rest is being fetched. */
  fillingRest?: boolean;
  /** Asks for that rest: the reader scrolled toward the end of the first screen. */
  onRest?: () => void;
  onLoadMore: () => void;
  onOpen: (row: OrderRow) => void;
  /** The order a '#order-…' link named, found by the route: opened as this viewer's row opens (capture). */
  linked?: OrderRow | null;
  pagination: Page;
};

/** The layout this browser's width shows (useIsPhone's test), before the screen knows it; null on the server. */
function phoneByWidth(): boolean | null {
  return typeof window === "undefined" ? null : window.matchMedia(PHONE_QUERY).matches;
}

/**
 * A layout the width hides, while the layout is not known: on the server it renders, in the browser the server's
 * HTML is kept as it is (React neither hydrates nor draws it), so hydration costs one layout, not two.
 */
function LayoutBox({ className, skip, children }: { className?: string; skip: boolean; children: ReactNode }) {
  return skip ? <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} /> : <div className={className}>{children}</div>;
}

export function OrderList({ isPhone, rows, can, loading, filling = false, fillingRest = false, onRest = () => {}, pagination, density, sort, dir, selecting, selected, onSort, onPage, onLoadMore, onOpen: openDetail, linked = null, onHistory, onToggle, onToggleAll }: Props) {
  // Spec 001 §6: a driver's row (delivery:perform) opens the delivery wizard instead of the detail, a warehouse
  // employee's (warehouse:capture) Warehouse Capture.
  const opens = can.rowOpens === "delivery" || can.rowOpens === "capture" ? can.rowOpens : null;
  const [tap, setTap] = useState<RowTap | null>(null);
  // The opener's code: when the page is idle, at once for a link to an order ('#order-…'), or with the first tap.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!opens) return;
    if (window.location.hash.startsWith("#order-")) setWanted(true);
    else return whenIdle(() => setWanted(true));
  }, [opens]);
  const onOpen = opens
    ? (row: OrderRow) => {
        setWanted(true);
        setTap({ row });
      }
    : openDetail;
  // Once per link: closing capture must not open it again on the next render.
  useEffect(() => {
    if (linked && can.rowOpens === "capture") {
      setWanted(true);
      setTap({ row: linked });
    }
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
          <PhoneList.Part
            rows={shown}
            showPayment={can.seePayment}
            showAddress={can.rowOpens === "delivery"}
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
          <DesktopList.Part
            rows={shown}
            can={can}
            loading={loading}
            known={isPhone === false}
            filling={filling}
            onRest={onRest}
            pagination={pagination}
            density={density}
            sort={sort}
            dir={dir}
            selecting={selecting}
            selected={selected}
            onSort={onSort}
            onPage={onPage}
            onOpen={onOpen}
            onHistory={onHistory}
            onToggle={onToggle}
            onToggleAll={onToggleAll}
          />
        ) : null}
      </LayoutBox>
      {opens && wanted ? (
        <Suspense fallback={null}>
          <RowOpener opens={opens} tap={tap} rows={rows} isPhone={!!isPhone} onOpen={openDetail} />
        </Suspense>
      ) : null}
    </>
  );
}
