// The edit stepper's state and every way it changes, as one pure reducer: typing, moving between steps, the
// Paid Method choice, saving, a 409 (restart from the server's row) and a refusal with field errors (kept
// input, the first step with an error shown). The view (app/components/orders/edit-stepper.tsx) only
// dispatches; tests/unit/orders-edit-state.test.ts walks the table of transitions.
import type { FieldErrors } from "~/domain/api-contract";
import { PAYMENT_FALLBACK } from "./constants";
import type { OrderRow } from "./contract";
import { statusAfterEdit } from "./status";
import { truckingFields, type Step, type StepKey, type StepperForm } from "./stepper";

/** The order fields the stepper edits and derives the status from. */
export type EditBase = Pick<OrderRow, "paymentStatus" | "orderType" | "warehouseAssignment" | "truckingCompany" | "notes" | "orderStatus" | "version">;

export type EditState<B extends EditBase = EditBase> = {
  form: StepperForm;
  /** The order as the form started from it (or as a 409 brought it). */
  base: B;
  version: number;
  step: StepKey;
  paidOpen: boolean;
  saving: boolean;
  /** Said inside the dialog (toasts sit under a modal's backdrop): a 409's reason or a refusal's. */
  alert: string | null;
  /** The server's field errors, by its field (dotted path), in plain words. */
  fieldErrors: FieldErrors;
};

export type EditAction<B extends EditBase = EditBase> =
  | { type: "set"; patch: Partial<StepperForm> }
  | { type: "goto"; step: StepKey }
  | { type: "openPaid" }
  /** The Paid Method dialog closed: with a variant, or none (keep what was there, else the fallback). */
  | { type: "closePaid"; variant?: string }
  | { type: "saving" }
  | { type: "saved" }
  | { type: "conflict"; message: string; row: B | null }
  | { type: "failed"; message: string; fieldErrors: FieldErrors; steps: readonly Step[] };

export function formFrom(row: EditBase): StepperForm {
  return {
    paymentStatus: row.paymentStatus ?? "",
    orderType: row.orderType ?? "",
    warehouseAssignment: [...(row.warehouseAssignment ?? [])],
    ...truckingFields(row.truckingCompany),
    notes: row.notes ?? "",
  };
}

export function initialEditState<B extends EditBase>(row: B): EditState<B> {
  return { form: formFrom(row), base: row, version: row.version, step: "payment", paidOpen: false, saving: false, alert: null, fieldErrors: {} };
}

/** The form's fields as the server names them (the trucking select and its 'Other' input are one field there). */
const SERVER_FIELD: Record<keyof StepperForm, string> = {
  paymentStatus: "paymentStatus",
  orderType: "orderType",
  warehouseAssignment: "warehouseAssignment",
  truckingChoice: "truckingCompany",
  truckingOther: "truckingCompany",
  notes: "notes",
};

/** The step that shows a server field ('warehouseAssignment.2' is the Assignment step's); null for none. */
export function stepOfField(key: string): StepKey | null {
  const field = key.split(".")[0];
  switch (field) {
    case "paymentStatus":
    case "trackingPaymentStatus":
      return "payment";
    case "orderType":
      return "orderType";
    case "warehouseAssignment":
      return "assignment";
    case "truckingCompany":
      return "trucking";
    case "notes":
      return "notes";
    default:
      return null;
  }
}

/** The messages a step shows next to its field (its own key and any of its items'). */
export function stepErrors(fieldErrors: FieldErrors, step: StepKey): string[] | undefined {
  const list = Object.entries(fieldErrors)
    .filter(([key]) => stepOfField(key) === step)
    .flatMap(([, messages]) => messages);
  return list.length ? [...new Set(list)] : undefined;
}

/** The server keys some step of `steps` shows; the rest are listed above the buttons. */
export function placedKeys(fieldErrors: FieldErrors, steps: readonly Step[]): string[] {
  return Object.keys(fieldErrors).filter((key) => steps.some((s) => s.key === stepOfField(key)));
}

function withoutErrorsOf(fieldErrors: FieldErrors, patch: Partial<StepperForm>): FieldErrors {
  const touched = new Set(Object.keys(patch).map((k) => SERVER_FIELD[k as keyof StepperForm]));
  return Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => !touched.has(key.split(".")[0]!)));
}

export function editReducer<B extends EditBase>(state: EditState<B>, action: EditAction<B>): EditState<B> {
  switch (action.type) {
    case "set": {
      // What is changed no longer carries the server's complaint about it; the summary goes with the last one.
      const fieldErrors = withoutErrorsOf(state.fieldErrors, action.patch);
      const settled = Object.keys(state.fieldErrors).length > 0 && Object.keys(fieldErrors).length === 0;
      return { ...state, form: { ...state.form, ...action.patch }, fieldErrors, alert: settled ? null : state.alert };
    }
    case "goto":
      return { ...state, step: action.step };
    case "openPaid":
      return { ...state, paidOpen: true };
    case "closePaid": {
      const paymentStatus = action.variant ?? (state.form.paymentStatus.trim() ? state.form.paymentStatus : PAYMENT_FALLBACK);
      return { ...editReducer(state, { type: "set", patch: { paymentStatus } }), paidOpen: false };
    }
    case "saving":
      return { ...state, saving: true, alert: null, fieldErrors: {} };
    case "saved":
      return { ...state, saving: false };
    case "conflict":
      // Nothing is silently overwritten: the form restarts from what the server holds now.
      if (!action.row) return { ...state, saving: false, alert: action.message };
      return { ...initialEditState(action.row), alert: action.message };
    case "failed": {
      // What the person typed stays; the first step with an error is the one shown.
      const first = action.steps.find((s) => stepErrors(action.fieldErrors, s.key));
      return { ...state, saving: false, alert: action.message, fieldErrors: action.fieldErrors, step: first?.key ?? state.step };
    }
  }
}

/** Whether the form differs from the order it started from (leaving then asks first). */
export function isDirty(state: EditState): boolean {
  return JSON.stringify(state.form) !== JSON.stringify(formFrom(state.base));
}

/** The status the order will have once saved (spec 001 §5), shown live as the form changes. */
export function previewStatus(state: EditState): string {
  const { form, base } = state;
  return statusAfterEdit({ before: base, after: { orderType: form.orderType, paymentStatus: form.paymentStatus, warehouseAssignment: form.warehouseAssignment } });
}
