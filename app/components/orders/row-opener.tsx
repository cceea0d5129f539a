// What a row opens instead of the order detail (spec 001 §6): the delivery wizard for a driver (delivery:perform),
// Warehouse Capture for a warehouse employee (warehouse:capture). Loaded when the page is idle or with the first
// tap on a row, not with the first paint (decision 045, third pass); a tap before it is here opens it once it is.
import { useEffect, useRef, useState } from "react";
import { useCaptureOpener } from "~/components/capture/use-capture-opener";
import { DeliveryLauncher, deliveryRowFromHash } from "~/components/delivery/delivery-launcher";
import type { OrderRow } from "./types";

/** A tap on a row: a new object for every tap, so the same row tapped again opens again. */
export type RowTap = { row: OrderRow };

type Props = { tap: RowTap | null; rows: readonly OrderRow[]; isPhone: boolean };

function DeliveryOpener({ tap, rows, isPhone }: Props) {
  // A driver's home links a stop as '#order-{orderNumber}': the wizard opens on arrival.
  const [row, setRow] = useState<OrderRow | null>(() => (tap ? null : deliveryRowFromHash(window.location.hash, rows)));
  useEffect(() => {
    if (tap) setRow(tap.row);
  }, [tap]);
  return <DeliveryLauncher row={row} isPhone={isPhone} onClose={() => setRow(null)} />;
}

function CaptureOpener({ tap, isPhone, onOpen }: Props & { onOpen: (row: OrderRow) => void }) {
  const capture = useCaptureOpener(true, isPhone, onOpen);
  const open = useRef(capture.open);
  open.current = capture.open;
  useEffect(() => {
    if (tap) open.current(tap.row);
  }, [tap]);
  return capture.element;
}

export function RowOpener({ opens, onOpen, ...props }: Props & { opens: "delivery" | "capture"; onOpen: (row: OrderRow) => void }) {
  return opens === "delivery" ? <DeliveryOpener {...props} /> : <CaptureOpener {...props} onOpen={onOpen} />;
}
