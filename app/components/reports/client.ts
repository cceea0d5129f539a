// The report screens' calls through the one client (apiFetch): a submission keeps its Idempotency-Key and is
// sent again when the signal returns (the server answers a resend that did arrive with the first result), and
// every answer is read by its contract (app/domain/reports/contract.ts) into typed data or a plain-words error.
import { apiFetch, contractOf, isConnectionFailure, type ApiError, type ApiInit, type ApiResult, type ApiSchema, type ContractOutput } from "~/lib/api-client";
import { MESSAGES } from "~/domain/reports/constants";

/** The reports contract by name, loaded with the first call instead of the first paint (zod stays off the page's first load). */
export const contract = contractOf(() => import("~/domain/reports/contract"));

function waitForSignal(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("online", done);
      clearTimeout(timer);
      resolve();
    };
    // 'online' may never fire on a flaky network that never went fully offline: try again every 3 s too.
    const timer = setTimeout(done, navigator.onLine ? 3000 : 60_000);
    window.addEventListener("online", done);
    signal?.addEventListener("abort", done);
  });
}

/**
 * Sends until the server answers: a connection failure (no signal, a dropped connection, no answer in time) calls
 * `onWaiting` and tries again when the phone is back online, with the same body and Idempotency-Key. Any HTTP
 * answer ends it, read by `schema`.
 */
export async function sendUntilAnswered<S extends ApiSchema>(
  path: string,
  schema: S,
  init: Omit<ApiInit, "signal"> & { idempotencyKey: string },
  opts: { onWaiting?: (waiting: boolean) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<ContractOutput<S>>> {
  for (;;) {
    if (opts.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      opts.onWaiting?.(true);
      await waitForSignal(opts.signal);
      continue;
    }
    const res = await apiFetch(path, schema, { ...init, signal: opts.signal });
    if (!res.ok && isConnectionFailure(res.error)) {
      opts.onWaiting?.(true);
      await waitForSignal(opts.signal);
      continue;
    }
    opts.onWaiting?.(false);
    return res;
  }
}

/** A failed answer in the spec's words, with the server's reason (in plain words) after it when it gave one. */
export function failureText(error: Pick<ApiError, "message">, lead: string = MESSAGES.submitFailed): string {
  return error.message && error.message !== lead ? `${lead} ${error.message}` : lead;
}
