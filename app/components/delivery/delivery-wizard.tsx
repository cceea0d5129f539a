// The driver's delivery wizard (spec 001 §2 'Delivery wizard', §4 'Driver wizard steps', §5, §8; issue 8).
// Modal on desktop, full screen on a phone. 4 steps, 5 for cash on delivery; pills on desktop, 'Step n of N'
// with a bar on a phone; Skip; the step remembered per order; the last step when already delivered; Help
// reverts completion. Every write goes through the phone's outbox, so each step works without signal.
// Loaded lazily from Order Tracking (it is not in a driver's first-load JavaScript). The steps' rules are the
// state machine in app/domain/delivery/wizard.ts; this file lays out its views.
import { LifeBuoy } from "lucide-react";
import { PdfViewer } from "~/components/documents/pdf-viewer";
import type { OrderRow } from "~/components/orders/types";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { NativeDialog } from "~/components/ui/dialog";
import { DELIVERY_MESSAGES } from "~/domain/delivery/rules";
import { footerButtons } from "~/domain/delivery/wizard";
import { SignatureStep } from "./signature-step";
import { useDeliveryWizard, type RowChange, type WizardModel } from "./use-delivery-wizard";
import { WizardHeader } from "./wizard-header";
import { CodStep, DocumentStep, IssueStep, OutStep } from "./wizard-steps";

type Props = { row: OrderRow | null; isPhone: boolean; onClose: () => void; onRowChange?: RowChange };

export default function DeliveryWizard({ row, isPhone, onClose, onRowChange }: Props) {
  return (
    <NativeDialog
      open={!!row}
      onClose={onClose}
      title={row ? `Order #${row.orderNumber}` : "Delivery"}
      description={row?.customerName || undefined}
      className={cn(
        // The dialog's height is bounded (its content box inherits it), so only the step scrolls, between the header
        // and the footer: the footer never covers a step's button.
        isPhone ? "fixed inset-0 m-0 h-dvh max-h-dvh w-full max-w-none overflow-y-auto [&>div]:h-full" : "m-auto w-[calc(100vw-2rem)] max-w-2xl rounded-2xl max-h-[calc(100dvh-2rem)] overflow-y-auto",
      )}
    >
      {/* Keyed by order: the wizard's state resets when it closes or another order opens (spec 001 §4). */}
      {row ? <WizardBody key={row.orderNumber} row={row} isPhone={isPhone} onRowChange={onRowChange} /> : null}
    </NativeDialog>
  );
}

function WizardBody({ row, isPhone, onRowChange }: { row: OrderRow; isPhone: boolean; onRowChange?: RowChange }) {
  const wizard = useDeliveryWizard(row, onRowChange);
  const { state, step, steps, meta, actions } = wizard;
  const footer = footerButtons(state);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <WizardHeader
        address={wizard.address}
        mapsUrl={row.address?.mapsUrl}
        meta={meta}
        waiting={wizard.waiting}
        loadError={wizard.loadError}
        isPhone={isPhone}
        steps={steps}
        step={state.step}
        onCopy={actions.copyAddress}
      />
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4" data-testid={`delivery-step-${step}`}>
        <CurrentStep wizard={wizard} isPhone={isPhone} />
      </div>
      <div className="sticky bottom-0 flex shrink-0 flex-wrap items-center gap-2 border-t border-slate-100 bg-white px-5 py-3">
        <Button variant="danger" onClick={actions.help} disabled={!!state.busy}>
          <LifeBuoy className="size-5" aria-hidden="true" /> {state.busy === "help" ? "Sending…" : "Help"}
        </Button>
        {isPhone ? <span className="text-xs text-slate-500">{DELIVERY_MESSAGES.helpNote}</span> : null}
        <div className="ml-auto flex gap-2">
          {footer.back ? (
            <Button variant="outline" onClick={() => wizard.dispatch({ type: "back" })} disabled={!!state.busy}>
              Back
            </Button>
          ) : null}
          {footer.skip ? (
            <Button variant="secondary" onClick={() => wizard.dispatch({ type: "next" })} disabled={!!state.busy}>
              Skip
            </Button>
          ) : null}
        </div>
      </div>
      <PdfViewer doc={wizard.doc} isPhone={isPhone} onClose={() => wizard.setDoc(null)} />
    </div>
  );
}

function CurrentStep({ wizard, isPhone }: { wizard: WizardModel; isPhone: boolean }) {
  const { state, step, meta, door, actions } = wizard;
  switch (step) {
    case "out":
      return <OutStep busy={state.busy} onMarkOut={actions.markOut} />;
    case "cod":
      return <CodStep busy={state.busy} codDueCents={meta?.codDueCents} door={door} onUpload={actions.uploadCod} />;
    case "issue":
      return <IssueStep busy={state.busy} door={door} onUpload={actions.uploadIssue} />;
    case "signature":
      return (
        <SignatureStep
          busy={state.busy}
          isPhone={isPhone}
          required={meta?.requiredProof}
          cashOnDelivery={wizard.cashOnDelivery}
          codDueCents={meta?.codDueCents}
          lines={wizard.lines}
          missing={wizard.missing}
          door={door}
          fieldErrors={state.fieldErrors}
          dispatch={wizard.dispatch}
          onComplete={actions.complete}
        />
      );
    case "document":
      return (
        <DocumentStep
          busy={state.busy}
          completed={state.completed}
          waitingCompletion={state.waitingCompletion}
          deliveryWindow={meta?.deliveryWindow}
          onOpen={actions.openDeliveryOrder}
          onEmail={actions.emailProof}
          proofSentTo={wizard.proofSentTo}
        />
      );
  }
}
