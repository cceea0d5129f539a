// The Devanning Report form's state as a pure reducer (spec 002 §4, §5): the draft and its edits, whether it holds
// unsent work, the restored-draft note, which errors show (touched fields, every field after a refused submit,
// the server's), the banner, and the submission's status (sending, waiting for a signal). The form's views only
// dispatch; the rules stay table-tested here. Client-safe.
import type { FieldErrors } from "../api-contract";
import { MESSAGES } from "./constants";
import { devanningErrors, type DevanningDraft, type DevanningProductDraft } from "./devanning";
import { joinedFieldErrors } from "./server-errors";
import type { FieldErrorMap } from "./stock-transfer";

export type DevanningBanner = { tone: "error" | "success"; text: string };
export type DevanningSubmitStatus = "idle" | "sending" | "waiting";

export type DevanningFormState = {
  draft: DevanningDraft;
  /** The form holds work not yet on the server: the draft is saved locally and leaving asks first. */
  dirty: boolean;
  /** When a saved draft was restored on load (the note with Discard draft). */
  restoredAt: string | null;
  /** Every field's error shows (after a submit with errors); before that only touched fields'. */
  showErrors: boolean;
  touched: Record<string, boolean>;
  /** The server's field errors of the last refused submit, in plain words; cleared by the next edit. */
  serverErrors: FieldErrors;
  banner: DevanningBanner | null;
  status: DevanningSubmitStatus;
};

/** A section's field: `["cargoDetails", "containerNumber"]` and the like. */
export type DevanningPath = { [K in keyof DevanningDraft]: [K, keyof DevanningDraft[K]] }[keyof DevanningDraft];

export type DevanningFormAction =
  | { type: "edit"; section: DevanningPath[0]; field: DevanningPath[1]; value: unknown }
  | { type: "products"; products: DevanningProductDraft[] }
  | { type: "photos-changed" }
  | { type: "touch"; key: string }
  | { type: "restore"; draft: DevanningDraft; savedAt: string }
  /** Back to an empty form: after Discard draft. */
  | { type: "start-over"; initial: DevanningDraft }
  /** Submit pressed while the form's own rules find errors. */
  | { type: "invalid" }
  | { type: "sending" }
  | { type: "waiting"; waiting: boolean }
  | { type: "photo-failed"; text: string }
  | { type: "submitted"; initial: DevanningDraft }
  | { type: "refused"; fieldErrors: FieldErrors; text: string }
  | { type: "settled" }
  | { type: "dismiss-banner" };

export function initialDevanningForm(draft: DevanningDraft): DevanningFormState {
  return { draft, dirty: false, restoredAt: null, showErrors: false, touched: {}, serverErrors: {}, banner: null, status: "idle" };
}

function emptied(state: DevanningFormState, initial: DevanningDraft): DevanningFormState {
  return { ...state, draft: initial, dirty: false, restoredAt: null, showErrors: false, touched: {}, serverErrors: {} };
}

export function devanningFormReducer(state: DevanningFormState, action: DevanningFormAction): DevanningFormState {
  switch (action.type) {
    case "edit": {
      const section = state.draft[action.section] as Record<string, unknown>;
      const draft = { ...state.draft, [action.section]: { ...section, [action.field]: action.value } } as DevanningDraft;
      return { ...state, draft, dirty: true, serverErrors: {} };
    }
    case "products":
      return { ...state, draft: { ...state.draft, cargoDetails: { ...state.draft.cargoDetails, products: action.products } }, dirty: true, serverErrors: {} };
    case "photos-changed":
      return { ...state, dirty: true };
    case "touch":
      return state.touched[action.key] ? state : { ...state, touched: { ...state.touched, [action.key]: true } };
    case "restore":
      return { ...state, draft: action.draft, restoredAt: action.savedAt, dirty: true };
    case "start-over":
      return emptied(state, action.initial);
    case "invalid":
      return { ...state, showErrors: true, banner: { tone: "error", text: MESSAGES.devanningInvalid } };
    case "sending":
      return { ...state, status: "sending", banner: null };
    case "waiting":
      return state.status === "idle" ? state : { ...state, status: action.waiting ? "waiting" : "sending" };
    case "photo-failed":
      return { ...state, banner: { tone: "error", text: action.text } };
    case "submitted":
      return { ...emptied(state, action.initial), banner: { tone: "success", text: MESSAGES.devanningSubmitted } };
    case "refused":
      return { ...state, serverErrors: action.fieldErrors, banner: { tone: "error", text: action.text } };
    case "settled":
      return { ...state, status: "idle" };
    case "dismiss-banner":
      return { ...state, banner: null };
  }
}

/**
 * The errors the form shows: its own rules' (every one after a refused submit, else the touched fields') and
 * then the server's, which win for the same field.
 */
export function visibleDevanningErrors(state: DevanningFormState, photoCounts: Parameters<typeof devanningErrors>[1]): FieldErrorMap {
  const all = devanningErrors(state.draft, photoCounts);
  const own = state.showErrors ? all : Object.fromEntries(Object.entries(all).filter(([k]) => state.touched[k]));
  return { ...own, ...joinedFieldErrors(state.serverErrors) };
}
