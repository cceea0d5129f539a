// The BOL form (spec 001 §3, §5): packages, pallets, weights, carrier, places (discharge 'Hicksville, NY', delivery
// from the address), Collect or Prepaid, comments and instructions. Save is disabled until total packages or net
// weight is filled; as the prompt after the trucking step it also offers Skip.
import { useEffect, useId, useRef, useState } from "react";
import { preloadOutbox } from "~/lib/outbox-lazy";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { inputClass } from "~/components/ui/input";
import { FieldError, fieldAria, UnplacedErrors } from "~/components/forms/field-errors";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/domain/api-messages";
import { BOL_CHARGE_TYPES, BOL_MESSAGES, bolFormDefaults, canSaveBol, type BolForm } from "~/domain/documents/bol-form";
import { QUEUED_TEXT } from "~/domain/outbox";
import { idempotencyKey } from "~/lib/api-client";
import { bolApi, type BolAnswer } from "./api";

/** The fields shown with their own message; any other field error is listed above the buttons. */
const SHOWN: readonly (keyof BolForm)[] = ["totalPackages", "totalPallets", "netWeightLbs", "grossWeightLbs", "freightCarrier", "chargeType", "placeOfDischarge", "placeOfDelivery", "comments", "instructions"];

export type BolOrder = { _id: string | number; orderNumber: string; customerName: string; truckingCompany?: string; address?: { lines: string[] } | null };

export function BolDialog({
  open,
  order,
  existing,
  prompt = false,
  onClose,
  onSaved,
}: {
  open: boolean;
  order: BolOrder;
  existing: BolAnswer["data"];
  /** Shown after the trucking step: the skip note and a Skip button. */
  prompt?: boolean;
  onClose: () => void;
  onSaved: (presignedUrl: string) => void;
}) {
  const id = useId();
  const [form, setForm] = useState<BolForm>(() => bolFormDefaults({ addressLines: order.address?.lines, truckingCompany: order.truckingCompany }, existing));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const key = useRef(idempotencyKey());

  // Its save goes through the outbox: the code is loaded while there is signal.
  useEffect(preloadOutbox, []);
  useEffect(() => {
    if (!open) return;
    setForm(bolFormDefaults({ addressLines: order.address?.lines, truckingCompany: order.truckingCompany }, existing));
    setError(null);
    key.current = idempotencyKey();
  }, [open, order, existing]);

  const set = (patch: Partial<BolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A changed form is a new request: a retry of the old one must not answer for it.
    key.current = idempotencyKey();
  };
  const canSave = canSaveBol(form) && !saving;

  async function save() {
    if (!canSaveBol(form)) return;
    setSaving(true);
    setError(null);
    const res = await bolApi.save(order._id, form, key.current, order.orderNumber);
    setSaving(false);
    if (res.ok === "queued") {
      toast.info("BOL saved on this phone", { description: QUEUED_TEXT });
      return onClose();
    }
    if (!res.ok) {
      setError({ message: res.error.message, fields: res.error.fieldErrors });
      toast.error(BOL_MESSAGES.failed, { description: res.error.message });
      return;
    }
    toast.success(BOL_MESSAGES.created);
    onSaved(res.data.presignedUrl);
  }

  const field = (name: keyof BolForm, label: string, opts: { numeric?: boolean; placeholder?: string } = {}) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={inputClass}
        inputMode={opts.numeric ? "numeric" : undefined}
        placeholder={opts.placeholder}
        value={form[name]}
        {...fieldAria(error?.fields, name, `${id}-${name}`)}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      <FieldError id={`${id}-${name}`} messages={error?.fields[name]} />
    </div>
  );

  return (
    <Dialog open={open} onClose={onClose} dismissable={!saving} title={existing ? `Edit BOL — ${order.orderNumber}` : `Create BOL — ${order.orderNumber}`} description={order.customerName} className="max-w-2xl">
      <DialogBody className="space-y-4">
        {prompt ? <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">{BOL_MESSAGES.skipNote}</p> : null}
        <div className="grid grid-cols-2 gap-3">
          {field("totalPackages", "Total packages", { numeric: true })}
          {field("totalPallets", "Total pallets", { numeric: true })}
          {field("netWeightLbs", "Net weight (lbs)", { numeric: true })}
          {field("grossWeightLbs", "Gross weight (lbs)", { numeric: true })}
        </div>
        {!canSaveBol(form) ? <p className="text-sm text-amber-800">{BOL_MESSAGES.needsAmount}.</p> : null}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {field("freightCarrier", "Freight carrier")}
          <fieldset>
            <legend className="mb-1 block text-sm font-semibold text-slate-700">Freight charges</legend>
            <div className="flex gap-2" role="radiogroup" aria-label="Freight charges" {...fieldAria(error?.fields, "chargeType", `${id}-chargeType`)}>
              {BOL_CHARGE_TYPES.map((c) => (
                <button
                  key={c}
                  type="button"
                  role="radio"
                  aria-checked={form.chargeType === c}
                  onClick={() => set({ chargeType: c })}
                  className={cn(
                    "min-h-11 flex-1 rounded-lg border px-3 font-semibold",
                    form.chargeType === c ? "border-brand-700 bg-brand-50 text-brand-900 ring-1 ring-brand-700" : "border-slate-300 bg-white hover:bg-slate-50",
                  )}
                >
                  {c}
                </button>
              ))}
            </div>
            <FieldError id={`${id}-chargeType`} messages={error?.fields.chargeType} />
          </fieldset>
          {field("placeOfDischarge", "Place of discharge")}
          {field("placeOfDelivery", "Place of delivery", { placeholder: "City, ST" })}
        </div>
        <div>
          <label htmlFor={`${id}-comments`} className="mb-1 block text-sm font-semibold text-slate-700">
            Comments
          </label>
          <Textarea id={`${id}-comments`} rows={2} value={form.comments} onChange={(e) => set({ comments: e.target.value })} {...fieldAria(error?.fields, "comments", `${id}-comments`)} />
          <FieldError id={`${id}-comments`} messages={error?.fields.comments} />
        </div>
        <div>
          <label htmlFor={`${id}-instructions`} className="mb-1 block text-sm font-semibold text-slate-700">
            Instructions
          </label>
          <Textarea id={`${id}-instructions`} rows={2} value={form.instructions} onChange={(e) => set({ instructions: e.target.value })} {...fieldAria(error?.fields, "instructions", `${id}-instructions`)} />
          <FieldError id={`${id}-instructions`} messages={error?.fields.instructions} />
        </div>
        <UnplacedErrors fieldErrors={error?.fields} shown={SHOWN} />
        {error ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {BOL_MESSAGES.failed}: {error.message}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="ghost" onClick={onClose} disabled={saving}>
          {prompt ? "Skip" : "Cancel"}
        </Button>
        <Button onClick={save} disabled={!canSave}>
          {saving ? "Saving…" : "Save BOL"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
