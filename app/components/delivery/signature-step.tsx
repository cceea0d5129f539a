// The wizard's signature step: receiver name, signature, cash collected on a COD order, the delivered quantities
// (only what was short), what proof is still needed, and Complete. The server's (and the wizard's own) words on a
// field show under it, and what the driver typed stays.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { SignaturePad } from "~/components/documents/signature-pad";
import { errorsFor, fieldAria, FieldError, UnplacedErrors } from "~/components/forms/field-errors";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import type { DeliveryLine } from "~/domain/delivery/contract";
import { money, PROOF_LABELS, type ProofKind, type RequiredProof } from "~/domain/delivery/rules";
import type { Busy, WizardEvent } from "~/domain/delivery/wizard";
import type { DoorInputs } from "./use-delivery-wizard";
import { StepButton } from "./wizard-steps";

type Props = {
  busy: Busy | null;
  isPhone: boolean;
  required: RequiredProof | undefined;
  cashOnDelivery: boolean;
  codDueCents: number | null | undefined;
  lines: DeliveryLine[];
  missing: ProofKind[];
  door: DoorInputs;
  fieldErrors: FieldErrors;
  dispatch: (event: WizardEvent) => void;
  onComplete: () => void;
};

/** Keys this step shows next to a field; the rest (deliveryDate, a line's index path) are listed above the button. */
const SHOWN = ["signedByName", "signatureDataUrl", "codCollectedCents", "deliveredLines"];

export function SignatureStep({ busy, isPhone, required, cashOnDelivery, codDueCents, lines, missing, door, fieldErrors, dispatch, onComplete }: Props) {
  const shown = [...SHOWN, ...lines.map((l) => `line.${l.id}`)];
  const root = useRef<HTMLDivElement>(null);
  const seen = useRef<string[]>([]);
  // A refusal brings its first field into view (the sticky Complete button may cover it) and puts the cursor there;
  // an error cleared by typing moves nothing.
  useEffect(() => {
    const keys = Object.keys(fieldErrors);
    const fresh = keys.some((k) => !seen.current.includes(k));
    seen.current = keys;
    if (!fresh) return;
    const first = root.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [fieldErrors]);
  return (
    <div ref={root} className="space-y-4">
      <div>
        <label htmlFor="receiver-name" className="mb-1 block text-sm font-semibold text-slate-800">
          Receiver name {required?.receiverName ? <span className="text-red-700">(required)</span> : null}
        </label>
        <Input
          id="receiver-name"
          value={door.receiver}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => {
            door.setReceiver(e.target.value);
            dispatch({ type: "edited", field: "signedByName" });
          }}
          placeholder="Who received the goods"
          {...fieldAria(fieldErrors, "signedByName", "receiver-name")}
        />
        <FieldError id="receiver-name" messages={errorsFor(fieldErrors, "signedByName")} />
      </div>
      <div>
        <SignaturePad
          ref={door.pad}
          signerName={door.receiver}
          label={required?.signature ? "Signature (required)" : "Signature (recommended)"}
          isPhone={isPhone}
          onChange={(empty) => {
            door.setSigned(!empty);
            dispatch({ type: "edited", field: "signatureDataUrl" });
          }}
          disabled={busy === "complete"}
        />
        <FieldError id="signature" messages={errorsFor(fieldErrors, "signatureDataUrl")} />
      </div>
      {cashOnDelivery ? (
        <div>
          <label htmlFor="cash-collected" className="mb-1 block text-sm font-semibold text-slate-800">
            Cash collected {codDueCents != null ? <span className="font-normal text-slate-500">({money(codDueCents)} due)</span> : null}
          </label>
          <Input
            id="cash-collected"
            inputMode="decimal"
            value={door.collected}
            onChange={(e) => {
              door.setCollected(e.target.value);
              dispatch({ type: "edited", field: "codCollectedCents" });
            }}
            placeholder="e.g. 120.50"
            {...fieldAria(fieldErrors, "codCollectedCents", "cash-collected")}
          />
          <FieldError id="cash-collected" messages={errorsFor(fieldErrors, "codCollectedCents")} />
        </div>
      ) : null}
      {lines.length ? <DeliveredLines lines={lines} door={door} fieldErrors={fieldErrors} dispatch={dispatch} /> : null}
      {missing.length ? <p className="text-sm text-amber-800">Still needed: {missing.map((k) => PROOF_LABELS[k]).join(", ")}</p> : null}
      <UnplacedErrors fieldErrors={fieldErrors} shown={shown} labels={{ deliveryDate: "Delivery date", deliveryCompleteGeo: "Location" }} />
      <StepButton step="signature" busy={busy} icon={<CheckCircle2 className="size-5" aria-hidden="true" />} onClick={onComplete} />
    </div>
  );
}

function DeliveredLines({ lines, door, fieldErrors, dispatch }: { lines: DeliveryLine[]; door: DoorInputs; fieldErrors: FieldErrors; dispatch: (event: WizardEvent) => void }) {
  const problems = errorsFor(fieldErrors, "deliveredLines");
  return (
    <div>
      <details className="rounded-lg border border-slate-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">Delivered quantities ({lines.length} lines) · change only what was short</summary>
        <ul className="divide-y divide-slate-100">
          {lines.map((l) => {
            const d = door.delivered[l.id] ?? { count: "", reason: "" };
            const isShort = d.count.trim() !== "" && Number(d.count) < l.quantity;
            const key = `line.${l.id}`;
            const edit = (next: { count: string; reason: string }) => {
              door.setDelivered((m) => ({ ...m, [l.id]: next }));
              dispatch({ type: "edited", field: key });
            };
            return (
              <li key={l.id} className="space-y-2 px-3 py-2">
                <div className="flex items-center gap-2">
                  <div className="min-w-0 flex-1 text-sm">
                    <span className="font-semibold">{l.sku}</span> <span className="text-slate-600">{l.description}</span>
                  </div>
                  <label className="sr-only" htmlFor={`delivered-${l.id}`}>
                    Delivered of {l.sku}
                  </label>
                  <Input
                    id={`delivered-${l.id}`}
                    className="w-20"
                    inputMode="numeric"
                    value={d.count}
                    placeholder={String(l.quantity)}
                    onChange={(e) => edit({ ...d, count: e.target.value.replace(/[^\d]/g, "") })}
                    {...fieldAria(fieldErrors, key, `delivered-${l.id}`)}
                  />
                  <span className="text-sm text-slate-500">/ {l.quantity}</span>
                </div>
                {isShort ? (
                  <Input aria-label={`Reason for the shortfall on ${l.sku}`} value={d.reason} maxLength={300} placeholder="Reason for the shortfall" onChange={(e) => edit({ ...d, reason: e.target.value })} />
                ) : null}
                <FieldError id={`delivered-${l.id}`} messages={errorsFor(fieldErrors, key)} />
              </li>
            );
          })}
        </ul>
      </details>
      {/* Outside the fold: the server's word on the quantities shows even while the list is closed. */}
      <FieldError id="delivered-lines" messages={problems} />
    </div>
  );
}
