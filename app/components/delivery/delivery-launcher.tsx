// A driver's row opens the delivery wizard (spec 001 §6). The wizard's code loads on first open only, so it
// stays out of the driver's first-load JavaScript (issue 8: under 150 KB gzipped).
import { lazy, Suspense } from "react";
import type { OrderRow } from "~/components/orders/types";

const DeliveryWizard = lazy(() => import("./delivery-wizard"));

export function DeliveryLauncher({ row, isPhone, onClose }: { row: OrderRow | null; isPhone: boolean; onClose: () => void }) {
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
