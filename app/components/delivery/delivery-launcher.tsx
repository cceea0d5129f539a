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
