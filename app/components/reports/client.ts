// The report screens' calls: a submission keeps its Idempotency-Key and is sent again when the signal returns
// (the server answers a resend that did arrive with the first result), and answers are read in one way.
import { MESSAGES } from "~/domain/reports/constants";

export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export type Answer<T = Record<string, unknown>> = { ok: true; status: number; body: T } | { ok: false; status: number; error: string; fieldErrors?: Record<string, string[]> };

export async function readAnswer<T>(res: Response, fallback: string): Promise<Answer<T>> {
  const body = (await res.json().catch(() => null)) as (T & { success?: boolean; error?: string; fieldErrors?: Record<string, string[]> }) | null;
  if (res.ok && body) return { ok: true, status: res.status, body };
  return { ok: false, status: res.status, error: body?.error || fallback, fieldErrors: body?.fieldErrors };
}

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
 * Sends until the server answers: a network failure (no signal, a dropped connection) calls `onWaiting` and
 * tries again when the phone is back online, with the same body and Idempotency-Key. Any HTTP answer ends it.
 */
export async function sendUntilAnswered(url: string, init: RequestInit & { idempotencyKey: string }, opts: { onWaiting?: (waiting: boolean) => void; signal?: AbortSignal } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Idempotency-Key", init.idempotencyKey);
  for (;;) {
    if (opts.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      opts.onWaiting?.(true);
      await waitForSignal(opts.signal);
      continue;
    }
    try {
      const res = await fetch(url, { ...init, headers });
      opts.onWaiting?.(false);
      return res;
    } catch (error) {
      if ((error as Error)?.name === "AbortError") throw error;
      opts.onWaiting?.(true);
      await waitForSignal(opts.signal);
    }
  }
}

export const SUBMIT_FAILED = MESSAGES.submitFailed;

/** A failed answer in the spec's words, with the server's reason after it when it gave one. */
export function failureText(answer: { error: string }, lead: string = MESSAGES.submitFailed): string {
  return answer.error && answer.error !== lead ? `${lead} ${answer.error}` : lead;
}
