// The customers page's search (spec 001 §2): what is typed is searched 600 ms after the last keystroke; Clear
// empties it at once. The loader's answer for the page's `?name=` is the first result (no second fetch).
import { useCallback, useEffect, useRef, useState } from "react";
import type { AccountingCustomer } from "~/domain/quickbooks/customers";
import { SEARCH_DEBOUNCE_MS } from "~/domain/quickbooks/customers";
import { isQboAuthProblem } from "~/domain/quickbooks/errors";
import { failureOf } from "~/domain/quickbooks/retry";
import { fetchCustomers, withQboAuthRetry, type QboAnswer } from "./api";

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; results: AccountingCustomer[] }
  | { status: "done"; results: AccountingCustomer[] }
  | { status: "error"; message: string; authProblem: boolean; reconnect: boolean };

function fromFailure(failure: { error: string; code?: unknown }): SearchState {
  const reconnect = failure.code === "qbo_not_connected" || failure.code === "qbo_reconnect";
  return { status: "error", message: failure.error, authProblem: isQboAuthProblem(failure), reconnect };
}

function fromAnswer(answer: QboAnswer<AccountingCustomer[]> | null, term: string): SearchState {
  if (!term || !answer) return term ? { status: "loading", results: [] } : { status: "idle" };
  return answer.success ? { status: "done", results: answer.data } : fromFailure(answer);
}

export function useCustomerSearch(initialName: string, initialAnswer: QboAnswer<AccountingCustomer[]> | null) {
  const [input, setInput] = useState(initialName);
  const [term, setTerm] = useState(initialName.trim());
  const [reloadKey, setReloadKey] = useState(0);
  const [state, setState] = useState<SearchState>(() => fromAnswer(initialAnswer, initialName.trim()));
  // The query the loader answered; forgotten once another query runs, so coming back to it fetches again.
  const first = useRef<string | null>(initialAnswer ? initialName.trim() : null);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    if (term === first.current && reloadKey === 0) return;
    first.current = null;
    if (!term) {
      setState({ status: "idle" });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ status: "loading", results: s.status === "done" || s.status === "loading" ? s.results : [] }));
    withQboAuthRetry(() => fetchCustomers(term, { signal: ctrl.signal }), ctrl.signal)
      .then((results) => !ctrl.signal.aborted && setState({ status: "done", results }))
      .catch((thrown: unknown) => {
        if (ctrl.signal.aborted) return;
        setState(fromFailure(failureOf(thrown) ?? { error: "Search failed" }));
      });
    return () => ctrl.abort();
  }, [term, reloadKey]);

  const clear = useCallback(() => {
    setInput("");
    setTerm("");
  }, []);
  const retry = useCallback(() => setReloadKey((k) => k + 1), []);
  /** Enter: no need to wait for the debounce (the same term again is a retry). */
  const searchNow = useCallback(() => {
    const next = input.trim();
    if (next === term) setReloadKey((k) => k + 1);
    else setTerm(next);
  }, [input, term]);

  return { input, setInput, term, state, clear, retry, searchNow };
}
