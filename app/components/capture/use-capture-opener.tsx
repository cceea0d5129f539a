// Order Tracking's row click for a warehouse employee (spec 001 §6): Warehouse Capture instead of the order
// detail. Every other role's click goes on to `onOpen` unchanged.
import { lazy, Suspense, useCallback, useState } from "react";
import type { CaptureOrder } from "./warehouse-capture";

// Loaded on the first tap (signature pad, uploads, the PDF viewer): none of it is in Order Tracking's first load.
const WarehouseCapture = lazy(() => import("./warehouse-capture").then((m) => ({ default: m.WarehouseCapture })));

export function useCaptureOpener<R extends CaptureOrder>(roleId: string | null, isPhone: boolean, onOpen: (row: R) => void) {
  const [row, setRow] = useState<R | null>(null);
  const open = useCallback((r: R) => (roleId === "warehouse-employee" ? setRow(r) : onOpen(r)), [roleId, onOpen]);
  const element =
    roleId === "warehouse-employee" && row ? (
      <Suspense fallback={null}>
        <WarehouseCapture order={row} isPhone={isPhone} onClose={() => setRow(null)} />
      </Suspense>
    ) : null;
  return { open, element };
}
