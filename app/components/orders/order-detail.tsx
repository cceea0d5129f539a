// Order detail: a desktop modal or a full-screen phone view (app/components/orders/order-view.tsx); Edit switches
// to the stepper, and leaving an edit with changes asks first.
import { useEffect, useRef, useState } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { cn } from "~/components/ui/cn";
import { NativeDialog } from "~/components/ui/dialog";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { EditStepper, UPDATE_SUCCESS } from "./edit-stepper";
import { OrderView } from "./order-view";
import type { OrderRow, OrdersViewer } from "./types";

export const DISCARD_EDIT = "Discard your changes to this order?";

export function OrderDetail({
  row,
  viewer,
  isPhone,
  can,
  orderTypes,
  onClose,
  onHistory,
  onRowChange,
}: {
  row: OrderRow | null;
  viewer: OrdersViewer;
  isPhone: boolean;
  can: OrdersCan;
  orderTypes: readonly string[] | null;
  onClose: () => void;
  onHistory: (orderNumber: string) => void;
  onRowChange: (row: OrderRow) => void;
}) {
  const [editing, setEditing] = useState(false);
  // Leaving an edit with changes (Escape, Close, Cancel) asks first (issue 14), in the app's own dialog.
  const dirty = useRef(false);
  const { ask, dialog: confirmDialog } = useConfirm();
  async function leaveEdit(then: () => void) {
    if (editing && dirty.current && !(await ask({ title: DISCARD_EDIT, confirmLabel: "Discard changes", cancelLabel: "Keep editing", danger: true }))) return;
    dirty.current = false;
    then();
  }
  // Said inside the dialog too: toasts sit under a modal's backdrop.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    setEditing(false);
    setNotice(null);
  }, [row?.orderNumber]);

  return (
    <NativeDialog
      open={!!row}
      onClose={() => void leaveEdit(onClose)}
      title={row ? `Order ${row.orderNumber}` : "Order"}
      description={row ? row.customerName : undefined}
      className={cn(
        isPhone
          ? "fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto"
          : // One size for view, edit and every step (issue 14): the height is fixed, not the content's, and the
            // scrollbar's gutter is kept, so switching never makes the dialog jump.
            "m-auto h-[calc(100dvh-3rem)] max-h-[calc(100dvh-3rem)] w-[calc(100vw-3rem)] max-w-5xl overflow-y-auto rounded-2xl [scrollbar-gutter:stable]",
      )}
    >
      {row ? (
        <div className="px-5 pt-3 pb-6">
          {editing ? (
            <EditStepper
              row={row}
              viewer={viewer}
              editTrucking={can.editTrucking}
              orderTypes={orderTypes}
              onCancel={() => void leaveEdit(() => setEditing(false))}
              onDirtyChange={(d) => {
                dirty.current = d;
              }}
              onReloaded={onRowChange}
              onSaved={(saved) => {
                dirty.current = false;
                onRowChange(saved);
                setEditing(false);
                setNotice(UPDATE_SUCCESS);
              }}
            />
          ) : (
            <>
              {notice ? (
                <p role="status" className="mb-3 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
                  {notice}
                </p>
              ) : null}
              <OrderView row={row} viewer={viewer} isPhone={isPhone} can={can} onEdit={() => { setNotice(null); setEditing(true); }} onHistory={() => onHistory(row.orderNumber)} />
            </>
          )}
        </div>
      ) : null}
      {confirmDialog}
    </NativeDialog>
  );
}
