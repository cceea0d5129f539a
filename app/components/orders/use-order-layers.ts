// Order Tracking's layers over the list: the opened order, History over it, and the order a link names. On a
// phone an opened order is a history entry ('#order-{orderNumber}'), and History over it one more
// ('&history'), so Back closes one layer at a time, as Escape does (issue 24). A link
// ('/order-tracking#order-{orderNumber}', a task, the way back from sign-in) opens the order as the viewer's
// row would (decision 021).
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { fetchOrders, initialListQuery } from "./api";
import type { OrderRow } from "./types";

/** The hash suffix of History opened over a phone's order: one Back closes it. */
const HISTORY_HASH = "&history";

export function useOrderLayers({ isPhone, can, rows }: { isPhone: boolean | null; can: OrdersCan; rows: OrderRow[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [openRow, setOpenRow] = useState<OrderRow | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const hashOpened = useRef(false);
  const list = { rows };

  // Phone: Back (the hash going away) closes the order opened with '#order-{orderNumber}'. The hash arrives a
  // render after the order opens, so only a hash that was there and then left closes it.
  // History over such an order is one more entry ('#order-{orderNumber}&history'): Back closes History
  // only, as Escape does, and a second Back the order (issue 24, one layer at a time).
  const hashSeen = useRef(false);
  const historyPushed = useRef(false);
  useEffect(() => {
    if (!hashOpened.current || !openRow) return;
    const orderHash = `#order-${openRow.orderNumber}`;
    if (location.hash === `${orderHash}${HISTORY_HASH}`) return;
    if (location.hash === orderHash) {
      hashSeen.current = true;
      if (historyPushed.current) {
        historyPushed.current = false;
        setHistoryOf(null);
      }
    } else if (hashSeen.current) {
      historyPushed.current = false;
      hashOpened.current = false;
      hashSeen.current = false;
      setOpenRow(null);
      setHistoryOf(null); // Back leaves no layer of the closed order floating over the list
    }
  }, [location.hash, openRow]);

  // A shared link or the way back from sign-in: '/order-tracking#order-{orderNumber}' opens that order, on a
  // phone and on a desktop (decision 021), as the viewer's row would: the detail, or Warehouse Capture for a
  // warehouse employee (issue 24; the list opens it from `linked`). The delivery wizard reads the hash itself.
  // Closing an order opened this way clears the hash instead of going Back (there may be nothing to go back to).
  const [linked, setLinked] = useState<OrderRow | null>(null);
  useEffect(() => {
    const match = /^#order-(.+?)(?:&history)?$/.exec(window.location.hash);
    if (!match || can.rowOpens === "delivery") return;
    const orderNumber = decodeURIComponent(match[1]!);
    const ctrl = new AbortController();
    const known = list.rows.find((r) => r.orderNumber === orderNumber);
    const found = known
      ? Promise.resolve(known)
      : fetchOrders({ ...initialListQuery(new URLSearchParams(), 5), search: orderNumber, searchBy: "orderNumber" }, ctrl.signal).then(
          (r) => r.rows.find((row) => row.orderNumber === orderNumber) ?? null,
        );
    found
      .then((row) => {
        if (ctrl.signal.aborted) return;
        if (!row) return void toast.error(`Order ${orderNumber} not found`, { duration: 10_000 });
        if (can.rowOpens === "capture") setLinked(row);
        else setOpenRow(row);
      })
      .catch((e: unknown) => !ctrl.signal.aborted && toast.error(e instanceof Error ? e.message : "Failed to open the order"));
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, []);

  function open(row: OrderRow) {
    setOpenRow(row);
    if (isPhone) {
      hashOpened.current = true;
      navigate({ pathname: location.pathname, search: location.search, hash: `order-${row.orderNumber}` }, { preventScrollReset: true });
    }
  }
  function close() {
    if (hashOpened.current) return navigate(-1);
    setOpenRow(null);
    // An order opened by a link keeps its hash until it closes; then the URL is the list's again.
    if (location.hash.startsWith("#order-")) navigate({ pathname: location.pathname, search: location.search, hash: "" }, { replace: true, preventScrollReset: true });
  }
  function openHistory(orderNumber: string) {
    setHistoryOf(orderNumber);
    if (hashOpened.current && openRow?.orderNumber === orderNumber) {
      historyPushed.current = true;
      navigate({ pathname: location.pathname, search: location.search, hash: `order-${orderNumber}${HISTORY_HASH}` }, { preventScrollReset: true });
    }
  }
  function closeHistory() {
    if (historyPushed.current) return navigate(-1);
    setHistoryOf(null);
  }
  return { openRow, setOpenRow, historyOf, setHistoryOf, linked, open, close, openHistory, closeHistory };
}
