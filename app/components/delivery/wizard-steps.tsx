// The wizard's short steps: Out for Delivery, the COD photo, an issue at the door, and the delivery order at
// the end. Each renders what the state machine says and calls the action its main button names.
import { Camera, CheckCircle2, FileText, Mail, Truck } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Textarea } from "~/components/ui/textarea";
import { money, type WizardStep } from "~/domain/delivery/rules";
import { mainAction, type Busy } from "~/domain/delivery/wizard";
import type { DoorInputs } from "./use-delivery-wizard";
import { Email } from "~/components/admin/users/email";

/**
 * A step's main button sticks to the bottom of the step's scroller while the step is taller than it, so it is in
 * view without scrolling; the white ring keeps the fields scrolling behind it from showing around it.
 */
export const STEP_ACTION = "sticky bottom-3 z-10 shadow-[0_0_0_12px_#fff]";

/** A step's main button: its words come from the state machine (mainAction), its own words while it runs. */
export function StepButton({ step, busy, icon, onClick }: { step: WizardStep; busy: Busy | null; icon: ReactNode; onClick: () => void }) {
  const action = mainAction(step);
  if (!action) return null;
  return (
    <Button size="lg" className={cn("w-full sm:w-auto", STEP_ACTION)} onClick={onClick} disabled={!!busy}>
      {icon} {busy === action.busy ? action.busyLabel : action.label}
    </Button>
  );
}

export function OutStep({ busy, onMarkOut }: { busy: Busy | null; onMarkOut: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">Leaving the warehouse with this order? Mark it out for delivery.</p>
      <StepButton step="out" busy={busy} icon={<Truck className="size-5" aria-hidden="true" />} onClick={onMarkOut} />
    </div>
  );
}

export function CodStep({ busy, codDueCents, door, onUpload }: { busy: Busy | null; codDueCents: number | null | undefined; door: DoorInputs; onUpload: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">Cash on delivery{codDueCents != null ? `: ${money(codDueCents)} due` : ""}. Take a photo of the cash or the receipt.</p>
      <PhotoPicker id="cod-photo" label="COD photo" file={door.codFile} inputRef={door.codInput} onFile={door.setCodFile} />
      <StepButton step="cod" busy={busy} icon={<Camera className="size-5" aria-hidden="true" />} onClick={onUpload} />
    </div>
  );
}

export function IssueStep({ busy, door, onUpload }: { busy: Busy | null; door: DoorInputs; onUpload: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">Anything wrong at the door (damage, access, refused items)? Add a photo and a note. Optional.</p>
      <PhotoPicker id="issue-photo" label="issue photo" file={door.issueFile} inputRef={door.issueInput} onFile={door.setIssueFile} />
      <div>
        <label htmlFor="issue-note" className="mb-1 block text-sm font-semibold text-slate-800">
          Note <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <Textarea id="issue-note" value={door.issueNote} maxLength={2000} onChange={(e) => door.setIssueNote(e.target.value)} placeholder="e.g. Two bags torn on the pallet" />
      </div>
      <StepButton step="issue" busy={busy} icon={<Camera className="size-5" aria-hidden="true" />} onClick={onUpload} />
    </div>
  );
}

type DocumentProps = {
  busy: Busy | null;
  completed: boolean;
  waitingCompletion: boolean;
  deliveryWindow: string | null | undefined;
  onOpen: () => void;
  onEmail: () => void;
  /** Where the proof e-mail went, once sent: said beside the button so the driver does not send it again. */
  proofSentTo?: string | null;
};

export function DocumentStep({ busy, completed, waitingCompletion, deliveryWindow, onOpen, onEmail, proofSentTo = null }: DocumentProps) {
  return (
    <div className="space-y-3">
      {waitingCompletion ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
          Completion saved on this phone. It will be sent when the signal returns, and the delivery order will be ready then.
        </p>
      ) : completed ? (
        <p className="flex items-center gap-2 font-semibold text-emerald-800">
          <CheckCircle2 className="size-5" aria-hidden="true" /> Delivered{deliveryWindow ? ` · ${deliveryWindow}` : ""}
        </p>
      ) : (
        <p className="text-slate-700">The delivery is not complete yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="lg" onClick={onOpen} disabled={!!busy || waitingCompletion}>
          <FileText className="size-5" aria-hidden="true" /> {busy === "do" ? "Opening…" : "Open Delivery Order"}
        </Button>
        <Button size="lg" variant="outline" onClick={onEmail} disabled={!!busy || !completed}>
          <Mail className="size-5" aria-hidden="true" /> {proofSentTo ? "Email proof again" : "Email proof to customer"}
        </Button>
      </div>
      <p role="status" className={proofSentTo ? "flex items-center gap-2 font-semibold text-emerald-800" : "sr-only"}>
        {proofSentTo ? (
          <>
            <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
            {/* A long address wraps before its '@' (then anywhere), never past a phone's edge. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Proof sent to <Email address={proofSentTo} />
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}

type PickerProps = { id: string; label: string; file: File | null; inputRef: RefObject<HTMLInputElement>; onFile: (f: File | null) => void };

export function PhotoPicker({ id, label, file, inputRef, onFile }: PickerProps) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-3 py-2 text-slate-700 hover:border-brand-500">
        <Camera className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="truncate">{file ? file.name : `Take the ${label}`}</span>
      </label>
      {/* Spec 001 §5: the device camera (environment), images only. */}
      <input ref={inputRef} id={id} type="file" accept="image/*" capture="environment" className="sr-only" aria-label={label} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </div>
  );
}
