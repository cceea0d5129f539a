// Browser calls of the QuickBooks screens (spec 001 §7): customer search, one customer, ensure-auth. A failure
// is a QboApiError carrying the server's message and code, so spec 001 §8's retry rule can read it.
import type { QboConnectionStatus } from "~/domain/quickbooks/connection";
import { customerSearchUrl, type AccountingCustomer } from "~/domain/quickbooks/customers";
import { SEARCH_MESSAGES } from "~/domain/quickbooks/errors";
import { retryOnceAfterEnsureAuth } from "~/domain/quickbooks/retry";

type Json = Record<string, unknown>;

export class QboApiError extends Error {
  override name = "QboApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** An answer of /api/qb/* (or the page loader's copy of one) as {success, data} or {success:false, error, code}. */
export type QboAnswer<T> = { success: true; data: T } | { success: false; error: string; code?: string; status?: number };

/** The data of an answer, or the QboApiError it describes; `fallback` when the server gave no message. */
export function readAnswer<T>(body: unknown, status: number, fallback: string): T {
  const json = (body && typeof body === "object" ? body : {}) as Json;
  if (status >= 400 || json.success !== true) {
    const message = typeof json.error === "string" && json.error ? json.error : fallback;
    throw new QboApiError(message, status >= 400 ? status : 500, typeof json.code === "string" ? json.code : undefined);
  }
  return json.data as T;
}

async function call<T>(url: string, init: RequestInit, fallback: string, networkFallback: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) }, ...init });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new QboApiError(networkFallback, 0);
  }
  const body: unknown = await res.json().catch(() => null);
  return readAnswer<T>(body, res.status, fallback);
}

export function fetchCustomers(name: string, opts: { limit?: number; signal?: AbortSignal } = {}): Promise<AccountingCustomer[]> {
  return call(customerSearchUrl(name, opts.limit), { signal: opts.signal }, SEARCH_MESSAGES.searchFailed, SEARCH_MESSAGES.requestFailed);
}

export function fetchCustomer(id: string, signal?: AbortSignal): Promise<AccountingCustomer> {
  return call(`/api/qb/customers/${encodeURIComponent(id)}`, { signal }, SEARCH_MESSAGES.detailFailed, SEARCH_MESSAGES.detailRequestFailed);
}

/** POST /api/qb/ensure-auth: the connection's status (admins see who and when), or the reason it is not usable. */
export function ensureQboAuth(signal?: AbortSignal): Promise<QboConnectionStatus | { connected: boolean }> {
  return call("/api/qb/ensure-auth", { method: "POST", body: "{}", signal }, "QuickBooks authorization failed", SEARCH_MESSAGES.requestFailed);
}

/** Spec 001 §8: an authorization problem gets ensure-auth and one retry. */
export function withQboAuthRetry<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return retryOnceAfterEnsureAuth(run, () => ensureQboAuth(signal));
}
