// Order Tracking's row click for those whose rows open capture (spec 001 §6, the loader's `can.rowOpens`, from
// `warehouse:capture`): Warehouse Capture instead of the order detail. Anyone else's click goes on to `onOpen`.
import { lazy, Suspense, useCallback, useState } from "react";
import type { CaptureOrder } from "./warehouse-capture";

// Loaded on the first tap (signature pad, uploads, the PDF viewer): none of it is in Order Tracking's first load.
const WarehouseCapture = lazy(() => import("./warehouse-capture").then((m) => ({ default: m.WarehouseCapture })));

export function useCaptureOpener<R extends CaptureOrder>(opensCapture: boolean, isPhone: boolean, onOpen: (row: R) => void) {
  const [row, setRow] = useState<R | null>(null);
  const open = useCallback((r: R) => (opensCapture ? setRow(r) : onOpen(r)), [opensCapture, onOpen]);
  const element =
    opensCapture && row ? (
      <Suspense fallback={null}>
        <WarehouseCapture order={row} isPhone={isPhone} onClose={() => setRow(null)} />
      </Suspense>
    ) : null;
  return { open, element };
}
