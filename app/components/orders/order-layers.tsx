// Order Tracking's layers over the list (use-order-layers.ts): the opened order (the detail, with the edit stepper and
// the documents), History over it, and the order a '#order-…' link names. Loaded when the page is idle, with the
// first tap on a row or a History button, or at once for a link, not with the first paint (decision 045, third
// pass): a tap before it is here opens once it is. The detail and History load on their first open, as before.
import { lazy, Suspense, useEffect, useRef } from "react";
import type { OrdersCan } from "~/domain/orders/capabilities";
import type { OrderRow, OrdersViewer } from "./types";
import { useOrderLayers } from "./use-order-layers";

const OrderDetail = lazy(() => import("./order-detail").then((m) => ({ default: m.OrderDetail })));
const HistoryModal = lazy(() => import("./history-modal").then((m) => ({ default: m.HistoryModal })));

/** A tap that opens a layer: a new object for every tap, so the same row tapped again opens again. */
export type LayerTap = { row: OrderRow } | { history: string };

export function OrderLayers({ tap, isPhone, can, rows, viewer, orderTypes, onLinked, onRowChange }: {
  tap: LayerTap | null;
  isPhone: boolean | null;
  can: OrdersCan;
  rows: OrderRow[];
  viewer: OrdersViewer;
  orderTypes: readonly string[] | null;
  /** The order a link named, for a viewer whose rows open Warehouse Capture: the list opens it. */
  onLinked: (row: OrderRow) => void;
  /** An edit saved in the detail: the list's row changes too. */
  onRowChange: (row: OrderRow) => void;
}) {
  const layers = useOrderLayers({ isPhone, can, rows });
  const act = useRef(layers);
  act.current = layers;
  // Each tap opens once: an effect run twice for the same tap (React's strict mode on the dev server) pushed the
  // phone's '#order-' entry twice, and Escape's one Back then left the order open.
  const opened = useRef<LayerTap | null>(null);
  useEffect(() => {
    if (!tap || opened.current === tap) return;
    opened.current = tap;
    if ("row" in tap) act.current.open(tap.row);
    else act.current.setHistoryOf(tap.history);
  }, [tap]);
  const linkedTo = useRef(onLinked);
  linkedTo.current = onLinked;
  useEffect(() => {
    if (layers.linked) linkedTo.current(layers.linked);
  }, [layers.linked]);
  const { openRow, setOpenRow, historyOf, close, openHistory, closeHistory } = layers;
  return (
    <>
      {openRow ? (
        <Suspense fallback={null}>
          <OrderDetail
            row={openRow}
            viewer={viewer}
            isPhone={!!isPhone}
            can={can}
            orderTypes={orderTypes}
            onClose={close}
            onHistory={openHistory}
            onRowChange={(row) => {
              setOpenRow((r) => (r ? { ...r, ...row } : r));
              onRowChange(row);
            }}
          />
        </Suspense>
      ) : null}
      {historyOf ? (
        <Suspense fallback={null}>
          <HistoryModal orderNumber={historyOf} onClose={closeHistory} />
        </Suspense>
      ) : null}
    </>
  );
}
