// A driver's row opens the delivery wizard (spec 001 §6). The wizard's code is not in the driver's first-load
// JavaScript (issue 8: under 150 KB gzipped): it is fetched once the page is idle, with signature_pad, so a
// driver who loses signal after opening Order Tracking can still open and finish a delivery.
import { lazy, Suspense, useEffect } from "react";
import { whenIdle } from "~/lib/when-idle";
import { loadSignaturePad } from "~/components/browser-only.client";
import type { OrderRow } from "~/components/orders/types";

const loadWizard = () => import("./delivery-wizard");
const DeliveryWizard = lazy(loadWizard);

function preload() {
  void loadWizard().catch(() => {});
  void loadSignaturePad().catch(() => {});
}

export function DeliveryLauncher({ row, isPhone, onClose }: { row: OrderRow | null; isPhone: boolean; onClose: () => void }) {
  useEffect(() => whenIdle(preload), []);
  if (!row) return null;
  return (
    <Suspense fallback={null}>
      <DeliveryWizard row={row} isPhone={isPhone} onClose={onClose} />
    </Suspense>
  );
}

/** The order a '#order-{orderNumber}' hash names: its row when on screen, else a stub the wizard fills from the meta call. */
export function deliveryRowFromHash(hash: string, rows: readonly OrderRow[]): OrderRow | null {
  const m = /^#order-(.{1,64})$/.exec(hash);
  if (!m) return null;
  let orderNumber: string;
  try {
    orderNumber = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return (
    rows.find((r) => r.orderNumber === orderNumber) ?? {
      _id: orderNumber,
      orderNumber,
      customerName: "",
      createdBy: "",
      paymentStatus: "",
      orderStatus: "",
      orderType: "",
      truckingCompany: "",
      warehouseLocation: "",
      warehouseAssignment: [],
      notes: "",
      orderDate: "",
      version: 0,
    }
  );
}
