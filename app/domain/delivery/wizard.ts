// The delivery wizard as a state machine (spec 001 §4 'Driver wizard steps', §5, §8): which step shows, what each
// step's main button does, what the signature step still needs per payment kind and required proof, and what
// an answer, a queued write or the outbox's later answer does to the wizard. Pure: the screen renders the state
// and dispatches; tests/unit/delivery-wizard.test.ts walks it with tables.
import type { FieldErrors } from "~/domain/api-contract";
import { initialStep, parseDollars, PROOF_LABELS, wizardSteps, type ProofKind, type RequiredProof, type WizardStep } from "./rules";

/** What the wizard is waiting on: one call at a time, its button says so. */
export type Busy = "out" | "cod" | "issue" | "complete" | "do" | "proof" | "help";

export type WizardState = {
  paymentStatus: string | null;
  step: number;
  completed: boolean;
  /** A completion kept on the phone, not yet answered by the server. */
  waitingCompletion: boolean;
  busy: Busy | null;
  /** The server's (or the wizard's own) words on the signature step's fields, by the completion's field path. */
  fieldErrors: FieldErrors;
};

export type WizardEvent =
  | { type: "metaLoaded"; paymentStatus: string | null; completed: boolean }
  | { type: "next" }
  | { type: "back" }
  | { type: "start"; busy: Busy }
  | { type: "settled" }
  /** Out for delivery or a photo: saved now or kept on the phone, the wizard moves on either way. */
  | { type: "saved" }
  | { type: "completed" }
  | { type: "completionQueued" }
  | { type: "refused"; fieldErrors: FieldErrors }
  /** The outbox sent a queued completion: the server's answer arrived later. */
  | { type: "completionFlushed"; ok: boolean; fieldErrors?: FieldErrors }
  /** Help reverted the completion: back to the signature step. */
  | { type: "reverted" }
  | { type: "edited"; field: string };

export function initialWizard(opts: { paymentStatus: string | null; completed: boolean; remembered: number | null }): WizardState {
  return {
    paymentStatus: opts.paymentStatus,
    step: initialStep(opts),
    completed: opts.completed,
    waitingCompletion: false,
    busy: null,
    fieldErrors: {},
  };
}

export function stepsOf(state: Pick<WizardState, "paymentStatus">): WizardStep[] {
  return wizardSteps(state.paymentStatus);
}

export function currentStep(state: Pick<WizardState, "paymentStatus" | "step">): WizardStep {
  const steps = stepsOf(state);
  return steps[Math.min(state.step, steps.length - 1)]!;
}

function at(state: WizardState, step: WizardStep): number {
  return stepsOf(state).indexOf(step);
}

function last(state: WizardState): number {
  return stepsOf(state).length - 1;
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "metaLoaded": {
      const next = { ...state, paymentStatus: event.paymentStatus };
      // A delivery the server knows is complete opens at its last step (spec 001 §4).
      return event.completed ? { ...next, completed: true, step: last(next) } : next;
    }
    case "next":
    case "saved":
      return { ...state, step: Math.min(state.step + 1, last(state)) };
    case "back":
      return { ...state, step: Math.max(0, state.step - 1) };
    case "start":
      return { ...state, busy: event.busy };
    case "settled":
      return { ...state, busy: null };
    case "completed":
      return { ...state, completed: true, waitingCompletion: false, fieldErrors: {}, step: last(state) };
    case "completionQueued":
      return { ...state, waitingCompletion: true, fieldErrors: {}, step: last(state) };
    case "refused":
      return { ...state, fieldErrors: event.fieldErrors };
    case "completionFlushed":
      return event.ok
        ? { ...state, completed: true, waitingCompletion: false }
        : { ...state, waitingCompletion: false, fieldErrors: event.fieldErrors ?? {}, step: at(state, "signature") };
    case "reverted":
      return { ...state, completed: false, waitingCompletion: false, step: at(state, "signature") };
    case "edited": {
      if (!Object.keys(state.fieldErrors).some((k) => k === event.field || k.startsWith(`${event.field}.`))) return state;
      const fieldErrors = Object.fromEntries(Object.entries(state.fieldErrors).filter(([k]) => k !== event.field && !k.startsWith(`${event.field}.`)));
      return { ...state, fieldErrors };
    }
  }
}

/** The step's main button: what it does, its words, and its words while busy. The document step has two. */
export type MainAction = { run: "markOut" | "uploadCod" | "uploadIssue" | "complete"; busy: Busy; label: string; busyLabel: string };

export function mainAction(step: WizardStep): MainAction | null {
  switch (step) {
    case "out":
      return { run: "markOut", busy: "out", label: "Mark Out for Delivery", busyLabel: "Saving…" };
    case "cod":
      return { run: "uploadCod", busy: "cod", label: "Upload COD Photo", busyLabel: "Uploading…" };
    case "issue":
      return { run: "uploadIssue", busy: "issue", label: "Upload Issue Photo", busyLabel: "Uploading…" };
    case "signature":
      return { run: "complete", busy: "complete", label: "Complete Delivery", busyLabel: "Completing…" };
    case "document":
      return null;
  }
}

/** The footer: Back on every step but the first and the delivery order; Skip on the optional steps. */
export function footerButtons(state: WizardState): { back: boolean; skip: boolean } {
  const step = currentStep(state);
  return { back: state.step > 0 && step !== "document", skip: step === "cod" || step === "issue" || step === "out" };
}

export type ProofInputs = {
  receiver: string;
  signed: boolean;
  /** Photos the server already has (meta) and photos sent (or queued) from this phone since. */
  photos: { cod: number; issue: number };
  sent: { cod: number; issue: number };
  cashOnDelivery: boolean;
};

/** What the signature step still needs before Complete (the server checks the same: spec 001 §5, issue 8). */
export function missingProofOf(required: RequiredProof | undefined, have: ProofInputs): ProofKind[] {
  if (!required) return [];
  const provided: Record<ProofKind, boolean> = {
    receiverName: !!have.receiver.trim(),
    signature: have.signed,
    photo: have.photos.cod + have.photos.issue + have.sent.cod + have.sent.issue > 0,
    codPhoto: !have.cashOnDelivery || have.photos.cod + have.sent.cod > 0,
  };
  return (Object.keys(PROOF_LABELS) as ProofKind[]).filter((k) => required[k] && !provided[k]);
}

export type LineDraft = { count: string; reason: string };
export type CompletionDraft =
  | { ok: true; deliveredLines: { lineId: number; delivered: number; reason: string | null }[]; codCollectedCents?: number }
  | { ok: false; message: string; fieldErrors: FieldErrors };

/**
 * The door's inputs as the completion's fields, or what to fix first: missing proof, a shortfall without a whole
 * count or a reason, cash that is not an amount. Lines left empty or equal to the ordered quantity are not sent.
 */
export function completionDraft(input: {
  missing: readonly ProofKind[];
  lines: readonly { id: number; quantity: number }[];
  delivered: Record<number, LineDraft>;
  cashOnDelivery: boolean;
  collected: string;
}): CompletionDraft {
  if (input.missing.length) {
    const fieldErrors: FieldErrors = input.missing.includes("receiverName") ? { signedByName: ["Required"] } : {};
    return { ok: false, message: `Missing proof: ${input.missing.map((k) => PROOF_LABELS[k]).join(", ")}`, fieldErrors };
  }
  const deliveredLines = input.lines
    .filter((l) => input.delivered[l.id] && input.delivered[l.id]!.count.trim() !== "" && Number(input.delivered[l.id]!.count) !== l.quantity)
    .map((l) => ({ lineId: l.id, delivered: Number(input.delivered[l.id]!.count), reason: input.delivered[l.id]!.reason.trim() || null }));
  const short = deliveredLines.find((l) => !Number.isInteger(l.delivered) || l.delivered < 0 || (l.delivered < (input.lines.find((x) => x.id === l.lineId)?.quantity ?? 0) && !l.reason));
  if (short) return { ok: false, message: "Give a whole delivered count and a reason for each shortfall", fieldErrors: { [`line.${short.lineId}`]: ["Give the count delivered and a reason for the shortfall"] } };
  if (input.cashOnDelivery && input.collected.trim()) {
    const cents = parseDollars(input.collected);
    if (cents === null) return { ok: false, message: "Enter the cash collected as an amount, e.g. 120.50", fieldErrors: { codCollectedCents: ["Enter an amount, e.g. 120.50"] } };
    return { ok: true, deliveredLines, codCollectedCents: cents };
  }
  return { ok: true, deliveredLines };
}
