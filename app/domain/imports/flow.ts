// The import screen's steps as a reducer (the house style for a screen with steps): choose a file → checked (the
// server's answer) → importing chunk by chunk → done, or stopped with the reason. Pure; the screen renders the
// state and dispatches, and the tests drive it with tables.
import type { ImportError, ImportKind, ImportOutcome } from "./csv-file";

/** The server's check of a file (csv-import.server.ts answers it with `success: true`). */
export type CheckAnswer = {
  kind: ImportKind;
  /** The header as the file names it. */
  header: string[];
  /** Data rows (blank rows left out) and the records they make (an order is several rows). */
  rows: number;
  records: number;
  preview: { row: number; cells: string[] }[];
  /** The first MAX_LISTED_ERRORS problems, by row and column; errorCount has them all. */
  errors: ImportError[];
  errorCount: number;
  /** No error at all: the import may start. */
  ready: boolean;
};

export type Counts = { created: number; updated: number; unchanged: number; refused: number };
const ZERO: Counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };

export type ImportState =
  | { step: "choose"; busy: boolean; error: string | null }
  | { step: "checked"; check: CheckAnswer; fileName: string }
  | { step: "importing"; check: CheckAnswer; fileName: string; chunks: number; done: number; outcomes: ImportOutcome[]; counts: Counts }
  | { step: "done"; check: CheckAnswer; fileName: string; chunks: number; done: number; outcomes: ImportOutcome[]; counts: Counts; stopped: string | null };

export type ImportAction =
  | { type: "checking" }
  | { type: "checkFailed"; error: string }
  | { type: "checked"; check: CheckAnswer; fileName: string }
  | { type: "start"; chunks: number }
  | { type: "chunkDone"; outcomes: ImportOutcome[]; counts: Counts }
  | { type: "chunkFailed"; error: string }
  | { type: "reset" };

export const INITIAL_IMPORT: ImportState = { step: "choose", busy: false, error: null };

function add(a: Counts, b: Counts): Counts {
  return { created: a.created + b.created, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged, refused: a.refused + b.refused };
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case "checking":
      return state.step === "importing" ? state : { step: "choose", busy: true, error: null };
    case "checkFailed":
      return state.step === "importing" ? state : { step: "choose", busy: false, error: action.error };
    case "checked":
      return state.step === "importing" ? state : { step: "checked", check: action.check, fileName: action.fileName };
    case "start":
      // Only a file the server found ready starts; a file with errors cannot be imported in part.
      if (state.step !== "checked" || !state.check.ready || action.chunks < 1) return state;
      return { step: "importing", check: state.check, fileName: state.fileName, chunks: action.chunks, done: 0, outcomes: [], counts: ZERO };
    case "chunkDone": {
      if (state.step !== "importing") return state;
      const next = { ...state, done: state.done + 1, outcomes: [...state.outcomes, ...action.outcomes], counts: add(state.counts, action.counts) };
      return next.done >= next.chunks ? { ...next, step: "done", stopped: null } : next;
    }
    case "chunkFailed":
      if (state.step !== "importing") return state;
      return { ...state, step: "done", stopped: action.error };
    case "reset":
      return state.step === "importing" ? state : INITIAL_IMPORT;
  }
}

/** The progress bar's value, 0 to 100. */
export function importProgress(state: ImportState): number {
  if (state.step === "importing") return Math.round((state.done / state.chunks) * 100);
  if (state.step === "done") return Math.round((state.done / state.chunks) * 100);
  return 0;
}
