// The report screens' calls through the one client (apiFetch): a submission goes through the floor's outbox
// (app/lib/outbox.ts), so with no signal it is kept on the phone with its Idempotency-Key, also across a closed
// app, and sent when the signal returns (the server answers a resend that did arrive with the first result);
// every answer is read by its contract (app/domain/reports/contract.ts) into typed data or a plain-words error.
import { contractOf, parseContract, type ApiError, type ApiInit, type ApiResult, type ApiSchema, type ContractOutput } from "~/lib/api-client";
import { discardEntry, flushOutbox, onOutboxAnswered, preloadOutbox, sendThroughOutbox, type AnsweredEvent } from "~/lib/outbox-lazy";
import { MESSAGES } from "~/domain/reports/constants";

/** The reports contract by name, loaded with the first call instead of the first paint (zod stays off the page's first load). */
export const contract = contractOf(() => import("~/domain/reports/contract"));

/** A report form calls this once it is on screen: its submit must be readable with no signal (issue 23). */
export function prepareForNoSignal(): void {
  contract.preload();
  preloadOutbox();
}

/** While a form waits for its kept submission, the outbox is asked this often (it keeps its own backoff). */
const WAIT_POLL_MS = 3000;

/** What the outbox screen calls a report's write, and its group (a report's photos go before its submit). */
function describe(path: string): { label: string; group: string } {
  if (path.startsWith("/api/devanning-reports/upload-photos")) return { label: "Devanning report photos", group: "devanning-report" };
  if (path.startsWith("/api/devanning-reports")) return { label: "Devanning report", group: "devanning-report" };
  if (path.startsWith("/api/stock-transfer-reports")) return { label: "Stock transfer report", group: "stock-transfer-report" };
  return { label: "Report", group: path };
}

/** The answer to a kept write, as apiFetch would have given it (read through its contract). */
async function resultOf<S extends ApiSchema>(event: AnsweredEvent, schema: S): Promise<ApiResult<ContractOutput<S>>> {
  if (event.verdict === "sent") {
    const data = await parseContract(schema, event.data).catch(() => null);
    if (data !== null) return { ok: true, status: event.status, data };
    return { ok: false, error: { kind: "answer", status: event.status, message: "The server's answer could not be read. Reload the page and try again.", fieldErrors: {}, body: event.data } };
  }
  // The form shows the refusal next to its fields, and keeps the draft: the outbox need not keep it too.
  await discardEntry(event.entry.id).catch(() => {});
  const refusal = event.entry.refusal;
  return { ok: false, error: { kind: "http", status: event.status, message: refusal?.message ?? MESSAGES.submitFailed, fieldErrors: refusal?.fieldErrors ?? {}, body: event.data } };
}

/**
 * Sends until the server answers: a connection failure (no signal, a dropped connection, no answer in time) keeps
 * the write in the floor's outbox, calls `onWaiting`, and answers when the outbox's send is answered, with the
 * same body and Idempotency-Key. Any HTTP answer ends it, read by `schema`. An abort (the form closed) leaves the
 * write in the outbox, which sends it later.
 */
export async function sendUntilAnswered<S extends ApiSchema>(
  path: string,
  schema: S,
  init: Omit<ApiInit, "signal"> & { idempotencyKey: string },
  opts: { onWaiting?: (waiting: boolean) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<ContractOutput<S>>> {
  if (opts.signal?.aborted) throw new DOMException("Aborted", "AbortError");
  const first = await sendThroughOutbox({ path, method: init.method, json: init.json, form: init.form, idempotencyKey: init.idempotencyKey, ...describe(path) }, schema);
  if (first.ok !== "queued") {
    opts.onWaiting?.(false);
    return first;
  }
  opts.onWaiting?.(true);
  const id = first.entry.id;
  const event = await new Promise<AnsweredEvent>((resolve, reject) => {
    const timer = window.setInterval(() => void flushOutbox(), WAIT_POLL_MS);
    const stop = onOutboxAnswered((e) => {
      if (e.entry.id !== id) return;
      done();
      resolve(e);
    });
    const aborted = () => {
      done();
      reject(new DOMException("Aborted", "AbortError"));
    };
    function done() {
      window.clearInterval(timer);
      stop();
      opts.signal?.removeEventListener("abort", aborted);
    }
    opts.signal?.addEventListener("abort", aborted);
  });
  opts.onWaiting?.(false);
  return resultOf(event, schema);
}

/** A failed answer in the spec's words, with the server's reason (in plain words) after it when it gave one. */
export function failureText(error: Pick<ApiError, "message">, lead: string = MESSAGES.submitFailed): string {
  return error.message && error.message !== lead ? `${lead} ${error.message}` : lead;
}
