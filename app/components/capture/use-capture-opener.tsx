// Order Tracking's row click for a warehouse employee (spec 001 §6): Warehouse Capture instead of the order
// detail. Every other role's click goes on to `onOpen` unchanged.
import { useCallback, useState } from "react";
import { WarehouseCapture, type CaptureOrder } from "./warehouse-capture";

export function useCaptureOpener<R extends CaptureOrder>(roleId: string | null, isPhone: boolean, onOpen: (row: R) => void) {
  const [row, setRow] = useState<R | null>(null);
  const open = useCallback((r: R) => (roleId === "warehouse-employee" ? setRow(r) : onOpen(r)), [roleId, onOpen]);
  const element = roleId === "warehouse-employee" ? <WarehouseCapture order={row} isPhone={isPhone} onClose={() => setRow(null)} /> : null;
  return { open, element };
}
