// Edit mode of the order detail: Payment → Order Type → Assignment → (Trucking) → Notes, then PUT with the
// version. The state and its transitions are app/domain/orders/edit-state.ts; this wires them to the calls.
import { useEffect, useId, useMemo, useReducer, useState } from "react";
import { toast } from "~/components/ui/toast";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { editReducer, initialEditState, isDirty, placedKeys, previewStatus, stepErrors } from "~/domain/orders/edit-state";
import { firstInvalidStep, isStepValid, stepHint, stepsFor, truckingValue } from "~/domain/orders/stepper";
import { useBolPrompt } from "~/components/documents/bol-prompt";
import { fetchWorkerOptions, updateOrder } from "./api";
import { useIsPhone } from "./use-order-list";
import { PaidMethodDialog } from "./paid-method-dialog";
import { StatusBadge } from "./status-badge";
import { StepFields } from "./stepper-fields";
import { StepperPills } from "./stepper-pills";
import type { OrderRow, OrdersViewer, UpdateBody } from "./types";

export const UPDATE_SUCCESS = "Order tracker updated successfully!";
export const UPDATE_FAILED = "Update failed";
const FIELDS_NEED_ATTENTION = "Some fields need attention: see the messages next to them.";

type Props = {
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
};

export function EditStepper({ row, viewer, editTrucking, orderTypes, onSaved, onReloaded, onCancel, onDirtyChange }: Props) {
  const id = useId();
  const steps = useMemo(() => stepsFor(editTrucking), [editTrucking]);
  const [state, dispatch] = useReducer(editReducer<OrderRow>, row, initialEditState);
  const { form, step, saving, alert, fieldErrors } = state;
  const workers = useWorkerOptions();
  // Spec 001 §5: leaving the trucking step of a Freight order without a BOL offers the BOL form.
  const bolPrompt = useBolPrompt(row, viewer, !!useIsPhone());

  const dirty = isDirty(state);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const current = steps.find((s) => s.key === step) ?? steps[0]!;
  const index = steps.indexOf(current);
  const isLast = index === steps.length - 1;
  const valid = isStepValid(current.key, form);
  const goto = (key: (typeof steps)[number]["key"]) => dispatch({ type: "goto", step: key });
  const workerOptions = useMemo(() => {
    const list = [...(workers.list ?? [])];
    for (const w of form.warehouseAssignment) if (!list.includes(w)) list.unshift(w);
    return list;
  }, [workers.list, form.warehouseAssignment]);
  const withErrors = useMemo(() => new Set(steps.filter((s) => stepErrors(fieldErrors, s.key)).map((s) => s.key)), [steps, fieldErrors]);

  async function save() {
    const blocked = firstInvalidStep(steps, form);
    if (blocked) return goto(blocked);
    dispatch({ type: "saving" });
    const body: UpdateBody = {
      paymentStatus: form.paymentStatus,
      orderType: form.orderType,
      warehouseAssignment: form.warehouseAssignment.filter((w) => w.trim()),
      notes: form.notes,
      assignedBy: viewer.name || viewer.email,
      version: state.version,
    };
    // The server strips trucking for everyone else; not sending it keeps their save from touching it at all.
    if (editTrucking) body.truckingCompany = truckingValue(form);
    const outcome = await updateOrder(row._id, body);
    if (outcome.kind === "saved") {
      dispatch({ type: "saved" });
      toast.success(UPDATE_SUCCESS);
      onSaved({ ...state.base, ...outcome.row });
      return;
    }
    if (outcome.kind === "conflict") {
      toast.error(UPDATE_FAILED, { description: outcome.message });
      dispatch({ type: "conflict", message: outcome.message, row: outcome.row });
      if (outcome.row) onReloaded(outcome.row);
      return;
    }
    // A refusal naming fields is said next to them; the summary only points there.
    const message = Object.keys(outcome.fieldErrors).length ? FIELDS_NEED_ATTENTION : outcome.message;
    toast.error(UPDATE_FAILED, { description: message });
    dispatch({ type: "failed", message, fieldErrors: outcome.fieldErrors, steps });
  }

  return (
    <div className="flex flex-col gap-4">
      <StepperPills steps={steps} current={current} form={form} withErrors={withErrors} onStep={goto} />

      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
        <span className="font-semibold text-slate-700">Automated status:</span>
        <StatusBadge value={previewStatus(state)} />
      </div>

      {alert ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {alert}
        </p>
      ) : null}

      <fieldset className="min-h-48">
        <legend className="mb-3 text-base font-bold text-slate-900">
          Step {current.number} of {steps.length}: {current.label}
        </legend>
        <StepFields
          id={id}
          step={current.key}
          form={form}
          fieldErrors={fieldErrors}
          orderTypes={orderTypes?.length ? orderTypes : ORDER_TYPES}
          workerOptions={workerOptions}
          workers={{ loading: !workers.list && !workers.error, error: workers.error }}
          onSet={(patch) => dispatch({ type: "set", patch })}
          onPaid={() => dispatch({ type: "openPaid" })}
        />
        {!valid ? <p className="mt-3 text-sm text-amber-800">{stepHint(current.key)}</p> : null}
      </fieldset>

      <UnplacedErrors fieldErrors={fieldErrors} shown={placedKeys(fieldErrors, steps)} labels={{ assignedBy: "Assigned by", version: "Version" }} />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {index > 0 ? (
            <Button variant="outline" onClick={() => goto(steps[index - 1]!.key)} disabled={saving}>
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
                goto(steps[index + 1]!.key);
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
        open={state.paidOpen}
        current={form.paymentStatus}
        onChoose={(variant) => dispatch({ type: "closePaid", variant })}
        // No choice: keep the previous value, or fall back to N/A when there was none.
        onClose={() => dispatch({ type: "closePaid" })}
      />
    </div>
  );
}

/** The assignment labels, loaded once per edit. */
function useWorkerOptions(): { list: string[] | null; error: string | null } {
  const [state, setState] = useState<{ list: string[] | null; error: string | null }>({ list: null, error: null });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchWorkerOptions(ctrl.signal)
      .then((list) => setState({ list, error: null }))
      .catch((e: unknown) => !ctrl.signal.aborted && setState({ list: null, error: e instanceof Error ? e.message : "Could not load the workers." }));
    return () => ctrl.abort();
  }, []);
  return state;
}
