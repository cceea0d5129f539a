// Edit mode of the order detail: Payment → Order Type → Assignment → (Trucking) → Notes, then PUT with the version.
import { Check } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { ORDER_TYPES, PAYMENT_FALLBACK, PAYMENT_OPTIONS, TRUCKING_OPTIONS } from "~/domain/orders/constants";
import { isPaidValue, statusAfterEdit } from "~/domain/orders/status";
import { canReachStep, firstInvalidStep, isStepValid, stepHint, stepsFor, truckingFields, truckingValue, type StepKey, type StepperForm } from "~/domain/orders/stepper";
import { useBolPrompt } from "~/components/documents/bol-prompt";
import { fetchWorkerOptions, updateOrder } from "./api";
import { useIsPhone } from "./use-order-list";
import { PaidMethodDialog } from "./paid-method-dialog";
import { StatusBadge } from "./status-badge";
import type { OrderRow, OrdersViewer, UpdateBody } from "./types";

export const UPDATE_SUCCESS = "Order tracker updated successfully!";
export const UPDATE_FAILED = "Update failed";

function formFrom(row: OrderRow): StepperForm {
  return {
    paymentStatus: row.paymentStatus ?? "",
    orderType: row.orderType ?? "",
    warehouseAssignment: [...(row.warehouseAssignment ?? [])],
    ...truckingFields(row.truckingCompany),
    notes: row.notes ?? "",
  };
}

export function EditStepper({
  row,
  viewer,
  editTrucking,
  orderTypes,
  onSaved,
  onReloaded,
  onCancel,
  onDirtyChange,
}: {
  row: OrderRow;
  viewer: OrdersViewer;
  /** The Trucking step (the loader's can.editTrucking, from orders:trucking). */
  editTrucking: boolean;
  orderTypes: readonly string[] | null;
  onSaved: (row: OrderRow) => void;
  /** A 409 brought the server's current row: the detail shows it and the form restarts from it. */
  onReloaded: (row: OrderRow) => void;
  onCancel: () => void;
  /** Whether the form differs from the order it started from (leaving then asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const id = useId();
  const steps = useMemo(() => stepsFor(editTrucking), [editTrucking]);
  const [form, setForm] = useState<StepperForm>(() => formFrom(row));
  const [version, setVersion] = useState(row.version);
  const [base, setBase] = useState(row);
  const [step, setStep] = useState<StepKey>("payment");
  const [paidOpen, setPaidOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [workers, setWorkers] = useState<string[] | null>(null);
  const [workersError, setWorkersError] = useState<string | null>(null);
  // Spec 001 §5: leaving the trucking step of a Freight order without a BOL offers the BOL form.
  const bolPrompt = useBolPrompt(row, viewer, !!useIsPhone());

  useEffect(() => {
    const ctrl = new AbortController();
    fetchWorkerOptions(ctrl.signal)
      .then(setWorkers)
      .catch((e: unknown) => !ctrl.signal.aborted && setWorkersError(e instanceof Error ? e.message : "Failed to load workers"));
    return () => ctrl.abort();
  }, []);

  const dirty = JSON.stringify(form) !== JSON.stringify(formFrom(base));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const current = steps.find((s) => s.key === step) ?? steps[0]!;
  const index = steps.indexOf(current);
  const isLast = index === steps.length - 1;
  const valid = isStepValid(current.key, form);
  const status = statusAfterEdit({
    before: base,
    after: { orderType: form.orderType, paymentStatus: form.paymentStatus, warehouseAssignment: form.warehouseAssignment },
  });
  const set = (patch: Partial<StepperForm>) => setForm((f) => ({ ...f, ...patch }));
  const workerOptions = useMemo(() => {
    const list = [...(workers ?? [])];
    for (const w of form.warehouseAssignment) if (!list.includes(w)) list.unshift(w);
    return list;
  }, [workers, form.warehouseAssignment]);
  const types = orderTypes?.length ? orderTypes : ORDER_TYPES;

  async function save() {
    const blocked = firstInvalidStep(steps, form);
    if (blocked) return setStep(blocked);
    setSaving(true);
    setConflict(null);
    const body: UpdateBody = {
      paymentStatus: form.paymentStatus,
      orderType: form.orderType,
      warehouseAssignment: form.warehouseAssignment.filter((w) => w.trim()),
      notes: form.notes,
      assignedBy: viewer.name || viewer.email,
      version,
    };
    // The server strips trucking for everyone else; not sending it keeps their save from touching it at all.
    if (editTrucking) body.truckingCompany = truckingValue(form);
    const outcome = await updateOrder(row._id, body);
    setSaving(false);
    if (outcome.kind === "saved") {
      toast.success(UPDATE_SUCCESS);
      onSaved({ ...base, ...outcome.row });
      return;
    }
    if (outcome.kind === "conflict") {
      // Nothing is silently overwritten: show why, and restart the form from what the server holds now.
      toast.error(UPDATE_FAILED, { description: outcome.message });
      setConflict(outcome.message);
      if (outcome.row) {
        setBase(outcome.row);
        setForm(formFrom(outcome.row));
        setVersion(outcome.row.version);
        setStep("payment");
        onReloaded(outcome.row);
      }
      return;
    }
    toast.error(UPDATE_FAILED, { description: outcome.message });
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-wrap gap-1.5 sm:gap-2" aria-label="Edit steps">
        {steps.map((s) => {
          const reachable = canReachStep(steps, s.key, form);
          const done = s.key !== current.key && isStepValid(s.key, form) && s.number < current.number;
          return (
            <li key={s.key}>
              <button
                type="button"
                disabled={!reachable}
                aria-current={s.key === current.key ? "step" : undefined}
                onClick={() => setStep(s.key)}
                className={cn(
                  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-2.5 text-sm font-semibold sm:gap-1.5 sm:px-3",
                  s.key === current.key ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800",
                  "disabled:cursor-not-allowed disabled:opacity-50",
                )}
              >
                <span className="tabular-nums">{s.number}</span>
                {/* Phones: only the current step spells out its name, so the five pills fit one row. */}
                <span className={s.key === current.key ? undefined : "sr-only sm:not-sr-only"}>{s.label}</span>
                {done ? <Check className="size-4" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
        <span className="font-semibold text-slate-700">Automated status:</span>
        <StatusBadge value={status} />
      </div>

      {conflict ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {conflict}
        </p>
      ) : null}

      <fieldset className="min-h-48">
        <legend className="mb-3 text-base font-bold text-slate-900">
          Step {current.number} of {steps.length}: {current.label}
        </legend>

        {current.key === "payment" ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Payment status">
            {PAYMENT_OPTIONS.map((option) => {
              const active = option === "Paid" ? isPaidValue(form.paymentStatus) : form.paymentStatus === option;
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  onClick={() => (option === "Paid" ? setPaidOpen(true) : set({ paymentStatus: option }))}
                  className={cn(
                    "flex min-h-12 items-center justify-between rounded-lg border px-4 text-left font-semibold",
                    active ? "border-brand-700 bg-brand-50 text-brand-900 ring-1 ring-brand-700" : "border-slate-300 bg-white hover:bg-slate-50",
                  )}
                >
                  {option === "Paid" && isPaidValue(form.paymentStatus) ? form.paymentStatus : option}
                  {active ? <Check className="size-5" aria-hidden="true" /> : null}
                </button>
              );
            })}
          </div>
        ) : null}

        {current.key === "orderType" ? (
          <div>
            <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-semibold text-slate-700">
              Order type
            </label>
            <select id={`${id}-type`} className={inputClass} value={form.orderType} onChange={(e) => set({ orderType: e.target.value })}>
              <option value="">Choose an order type</option>
              {[...(types.includes(form.orderType) || !form.orderType ? [] : [form.orderType]), ...types].map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {current.key === "assignment" ? (
          <div>
            <p className="mb-2 text-sm text-slate-700">Warehouse assignment (choose one or more)</p>
            {workersError ? <p role="alert" className="mb-2 text-sm text-red-700">Error: {workersError}</p> : null}
            {!workers && !workersError ? <p role="status" className="text-sm text-slate-600">Loading workers…</p> : null}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label="Warehouse assignment">
              {workerOptions.map((w) => {
                const checked = form.warehouseAssignment.includes(w);
                return (
                  <label
                    key={w}
                    className={cn(
                      "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3",
                      checked ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={checked}
                      onChange={() =>
                        set({ warehouseAssignment: checked ? form.warehouseAssignment.filter((x) => x !== w) : [...form.warehouseAssignment, w] })
                      }
                    />
                    <span className="font-medium">{w}</span>
                  </label>
                );
              })}
            </div>
          </div>
        ) : null}

        {current.key === "trucking" ? (
          <div className="space-y-3">
            <div>
              <label htmlFor={`${id}-trucking`} className="mb-1 block text-sm font-semibold text-slate-700">
                Trucking company
              </label>
              <select id={`${id}-trucking`} className={inputClass} value={form.truckingChoice} onChange={(e) => set({ truckingChoice: e.target.value })}>
                <option value="">Choose a trucking company</option>
                {TRUCKING_OPTIONS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            {form.truckingChoice === "Other" ? (
              <div>
                <label htmlFor={`${id}-other`} className="mb-1 block text-sm font-semibold text-slate-700">
                  Enter trucking company
                </label>
                <input
                  id={`${id}-other`}
                  className={inputClass}
                  placeholder="Enter trucking company"
                  value={form.truckingOther}
                  onChange={(e) => set({ truckingOther: e.target.value })}
                  // Revealed by choosing 'Other': the one thing to do next is type the name.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                />
              </div>
            ) : null}
          </div>
        ) : null}

        {current.key === "notes" ? (
          <div>
            <label htmlFor={`${id}-notes`} className="mb-1 block text-sm font-semibold text-slate-700">
              Notes
            </label>
            <Textarea id={`${id}-notes`} value={form.notes} onChange={(e) => set({ notes: e.target.value })} rows={5} />
          </div>
        ) : null}

        {!valid ? <p className="mt-3 text-sm text-amber-800">{stepHint(current.key)}</p> : null}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {index > 0 ? (
            <Button variant="outline" onClick={() => setStep(steps[index - 1]!.key)} disabled={saving}>
              Back
            </Button>
          ) : null}
          {isLast ? (
            <Button onClick={save} disabled={saving || firstInvalidStep(steps, form) !== null}>
              {saving ? "Saving…" : "Save"}
            </Button>
          ) : (
            <Button
              onClick={() => {
                if (current.key === "trucking") void bolPrompt.afterTrucking(form.orderType, truckingValue(form));
                setStep(steps[index + 1]!.key);
              }}
              disabled={!valid}
            >
              Next
            </Button>
          )}
        </div>
      </div>

      {bolPrompt.element}
      <PaidMethodDialog
        open={paidOpen}
        current={form.paymentStatus}
        onChoose={(variant) => {
          set({ paymentStatus: variant });
          setPaidOpen(false);
        }}
        onClose={() => {
          // No choice: keep the previous value, or fall back to N/A when there was none.
          set({ paymentStatus: form.paymentStatus.trim() ? form.paymentStatus : PAYMENT_FALLBACK });
          setPaidOpen(false);
        }}
      />
    </div>
  );
}
