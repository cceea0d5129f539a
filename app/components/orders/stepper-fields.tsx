// The fields of the edit stepper's current step (Payment, Order Type, Assignment, Trucking, Notes), each with
// the server's message for it underneath (spec 001 §4–§5). Thin: the state lives in app/domain/orders/edit-state.ts.
import { Check } from "lucide-react";
import { FieldError } from "~/components/forms/field-errors";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { PAYMENT_OPTIONS, TRUCKING_OPTIONS } from "~/domain/orders/constants";
import { stepErrors } from "~/domain/orders/edit-state";
import { isPaidValue } from "~/domain/orders/status";
import type { StepKey, StepperForm } from "~/domain/orders/stepper";
import type { FieldErrors } from "~/domain/api-messages";

type Props = {
  /** The ids of this stepper's inputs start with it (useId). */
  id: string;
  step: StepKey;
  form: StepperForm;
  fieldErrors: FieldErrors;
  orderTypes: readonly string[];
  workerOptions: readonly string[];
  workers: { loading: boolean; error: string | null };
  onSet: (patch: Partial<StepperForm>) => void;
  onPaid: () => void;
};

const labelClass = "mb-1 block text-sm font-semibold text-slate-700";

/** aria-invalid and the message's id for the input of a step with a server error. */
function aria(messages: string[] | undefined, id: string) {
  return messages ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function StepFields({ id, step, form, fieldErrors, orderTypes, workerOptions, workers, onSet, onPaid }: Props) {
  const errors = stepErrors(fieldErrors, step);
  const errorId = `${id}-${step}`;
  switch (step) {
    case "payment":
      return (
        <div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Payment status" {...aria(errors, errorId)}>
            {PAYMENT_OPTIONS.map((option) => {
              const active = option === "Paid" ? isPaidValue(form.paymentStatus) : form.paymentStatus === option;
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  onClick={() => (option === "Paid" ? onPaid() : onSet({ paymentStatus: option }))}
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
          <FieldError id={errorId} messages={errors} />
        </div>
      );
    case "orderType":
      return (
        <div>
          <label htmlFor={`${id}-type`} className={labelClass}>
            Order type
          </label>
          <select id={`${id}-type`} className={inputClass} value={form.orderType} onChange={(e) => onSet({ orderType: e.target.value })} {...aria(errors, errorId)}>
            <option value="">Choose an order type</option>
            {[...(orderTypes.includes(form.orderType) || !form.orderType ? [] : [form.orderType]), ...orderTypes].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <FieldError id={errorId} messages={errors} />
        </div>
      );
    case "assignment":
      return <AssignmentField form={form} errors={errors} errorId={errorId} workerOptions={workerOptions} workers={workers} onSet={onSet} />;
    case "trucking":
      return (
        <div className="space-y-3">
          <div>
            <label htmlFor={`${id}-trucking`} className={labelClass}>
              Trucking company
            </label>
            <select id={`${id}-trucking`} className={inputClass} value={form.truckingChoice} onChange={(e) => onSet({ truckingChoice: e.target.value })} {...(form.truckingChoice === "Other" ? {} : aria(errors, errorId))}>
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
              <label htmlFor={`${id}-other`} className={labelClass}>
                Enter trucking company
              </label>
              <input
                id={`${id}-other`}
                className={inputClass}
                placeholder="Enter trucking company"
                value={form.truckingOther}
                onChange={(e) => onSet({ truckingOther: e.target.value })}
                {...aria(errors, errorId)}
                // Revealed by choosing 'Other': the one thing to do next is type the name.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
              />
            </div>
          ) : null}
          <FieldError id={errorId} messages={errors} />
        </div>
      );
    case "notes":
      return (
        <div>
          <label htmlFor={`${id}-notes`} className={labelClass}>
            Notes
          </label>
          <Textarea id={`${id}-notes`} value={form.notes} onChange={(e) => onSet({ notes: e.target.value })} rows={5} {...aria(errors, errorId)} />
          <FieldError id={errorId} messages={errors} />
        </div>
      );
  }
}

function AssignmentField({ form, errors, errorId, workerOptions, workers, onSet }: Pick<Props, "form" | "workerOptions" | "workers" | "onSet"> & { errors: string[] | undefined; errorId: string }) {
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700">Warehouse assignment (choose one or more)</p>
      {workers.error ? <p role="alert" className="mb-2 text-sm text-red-700">Error: {workers.error}</p> : null}
      {workers.loading ? <p role="status" className="text-sm text-slate-600">Loading workers…</p> : null}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label="Warehouse assignment" {...aria(errors, errorId)}>
        {workerOptions.map((w) => {
          const checked = form.warehouseAssignment.includes(w);
          return (
            <label key={w} className={cn("flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3", checked ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50")}>
              <input
                type="checkbox"
                className="size-5"
                checked={checked}
                onChange={() => onSet({ warehouseAssignment: checked ? form.warehouseAssignment.filter((x) => x !== w) : [...form.warehouseAssignment, w] })}
              />
              <span className="font-medium">{w}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} messages={errors} />
    </div>
  );
}
