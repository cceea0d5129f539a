// The BOL prompt of the edit stepper (spec 001 §5): after the trucking step, for a Freight order with no BOL yet,
// the BOL form opens with 'You can skip and add BOL later if details not ready'. Only for those who may create one.
import { lazy, Suspense, useRef, useState } from "react";
import { bolApi } from "./api";
import type { BolOrder } from "./bol-dialog";
import type { PdfDocumentRef } from "./pdf-viewer";

// The form and the viewer load when the prompt opens: the edit stepper's first load stays light.
const BolDialog = lazy(() => import("./bol-dialog").then((m) => ({ default: m.BolDialog })));
const PdfViewer = lazy(() => import("./pdf-viewer").then((m) => ({ default: m.PdfViewer })));

export function useBolPrompt(order: BolOrder, viewer: { grants: string[]; isAdmin: boolean }, isPhone: boolean) {
  const canCreate = viewer.isAdmin || viewer.grants.includes("bol:create");
  const [open, setOpen] = useState(false);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);
  const [trucking, setTrucking] = useState<string | undefined>(undefined);
  const asked = useRef(false);

  /** Called when the trucking step is left forward, with the order type and trucking chosen in the form. */
  async function afterTrucking(orderType: string, truckingCompany?: string) {
    if (!canCreate || asked.current) return;
    const { needsBolPrompt } = await import("~/domain/documents/bol-form");
    if (!needsBolPrompt(orderType, false)) return;
    const res = await bolApi.get(order._id);
    // Unknown (a failed lookup) is not 'none': the prompt is a help, never a guess.
    if (!res.ok || !needsBolPrompt(orderType, res.data.exists)) return;
    asked.current = true;
    setTrucking(truckingCompany);
    setOpen(true);
  }

  const element = canCreate && (open || doc) ? (
    <Suspense fallback={null}>
      <BolDialog
        open={open}
        prompt
        order={trucking === undefined ? order : { ...order, truckingCompany: trucking }}
        existing={null}
        onClose={() => setOpen(false)}
        onSaved={(url) => {
          setOpen(false);
          setDoc({ url, title: `BOL — ${order.orderNumber}`, filename: `bol-${order.orderNumber}.pdf` });
        }}
      />
      <PdfViewer doc={doc} isPhone={isPhone} onClose={() => setDoc(null)} />
    </Suspense>
  ) : null;
  return { afterTrucking, element };
}
