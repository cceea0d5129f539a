// The edit stepper of spec 001 §4–§5: which steps a role walks through and when each one is satisfied.
import { TRUCKING_OPTIONS } from "./constants";
import { isPaymentUnset, normalizeTrucking } from "./status";

export type StepKey = "payment" | "orderType" | "assignment" | "trucking" | "notes";
export type Step = { key: StepKey; number: number; label: string };

export type StepperForm = {
  paymentStatus: string;
  orderType: string;
  warehouseAssignment: readonly string[];
  /** The trucking select: one of TRUCKING_OPTIONS, '' when unset. */
  truckingChoice: string;
  /** The 'Enter trucking company' input, used when truckingChoice is 'Other'. */
  truckingOther: string;
  notes: string;
};

const LABELS: Record<StepKey, string> = {
  payment: "Payment",
  orderType: "Order Type",
  assignment: "Assignment",
  trucking: "Trucking",
  notes: "Notes",
};

/**
 * 1 Payment, 2 Order Type, 3 Assignment, 4 Trucking (for those who may set it: `orders:trucking`, the
 * loader's `can.editTrucking`; the server strips anyone else's value), then Notes (5 or 4).
 */
export function stepsFor(editTrucking: boolean): Step[] {
  const keys: StepKey[] = editTrucking
    ? ["payment", "orderType", "assignment", "trucking", "notes"]
    : ["payment", "orderType", "assignment", "notes"];
  return keys.map((key, i) => ({ key, number: i + 1, label: LABELS[key] }));
}

/** The trucking company the form stands for: the typed name for 'Other', '' when unset or n/a-like. */
export function truckingValue(form: Pick<StepperForm, "truckingChoice" | "truckingOther">): string {
  if (form.truckingChoice === "Other") return normalizeTrucking(form.truckingOther);
  return normalizeTrucking(form.truckingChoice);
}

/** Splits a stored trucking company into the select and the 'Other' input. */
export function truckingFields(stored: string | null | undefined): Pick<StepperForm, "truckingChoice" | "truckingOther"> {
  const value = normalizeTrucking(stored);
  if (!value) return { truckingChoice: "", truckingOther: "" };
  if ((TRUCKING_OPTIONS as readonly string[]).includes(value) && value !== "Other") return { truckingChoice: value, truckingOther: "" };
  return { truckingChoice: "Other", truckingOther: value === "Other" ? "" : value };
}

export function isStepValid(step: StepKey, form: StepperForm): boolean {
  switch (step) {
    case "payment":
      // 'Paid' alone is a half-made choice: the Paid Method dialog turns it into a variant.
      return !isPaymentUnset(form.paymentStatus) && form.paymentStatus.trim() !== "Paid";
    case "orderType":
      return form.orderType.trim() !== "";
    case "assignment":
      return form.warehouseAssignment.some((w) => w.trim() !== "");
    case "trucking":
      return truckingValue(form) !== "";
    case "notes":
      return true;
  }
}

/** The first step that is not satisfied, or null when the whole form can be saved. */
export function firstInvalidStep(steps: readonly Step[], form: StepperForm): StepKey | null {
  return steps.find((s) => !isStepValid(s.key, form))?.key ?? null;
}

/** A step is reachable only when every earlier step is valid. */
export function canReachStep(steps: readonly Step[], target: StepKey, form: StepperForm): boolean {
  for (const s of steps) {
    if (s.key === target) return true;
    if (!isStepValid(s.key, form)) return false;
  }
  return false;
}

/** The message under a step that blocks moving on (spec 001 §5). */
export function stepHint(step: StepKey): string {
  switch (step) {
    case "payment":
      return "Choose a payment status (not N/A) to continue.";
    case "orderType":
      return "Choose an order type to continue.";
    case "assignment":
      return "Assign at least one warehouse worker to continue.";
    case "trucking":
      return "Choose a trucking company, or enter one under Other.";
    case "notes":
      return "";
  }
}
