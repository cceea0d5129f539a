// Browser calls of the QuickBooks screens (spec 001 §7): customer search, one customer, ensure-auth, through
// the one client (apiFetch) and the QuickBooks contract. A failure is thrown as a QboApiError carrying a plain
// message and the server's code, so spec 001 §8's retry rule (ensure-auth, then once more) can read it.
import type { QboAnswer } from "~/domain/quickbooks/contract";
import { customerSearchUrl, type AccountingCustomer, type CustomerBalance } from "~/domain/quickbooks/customers";
import { SEARCH_MESSAGES } from "~/domain/quickbooks/errors";
import { retryOnceAfterEnsureAuth } from "~/domain/quickbooks/retry";
import { apiFetch, contractOf, isConnectionFailure, type ApiError, type ApiSchema, type ContractOutput } from "~/lib/api-client";

export type { QboAnswer };

// Loaded with the first call instead of the first paint: zod and the contracts stay off the page's first load.
const contract = contractOf(() => import("~/domain/quickbooks/contract"));

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

/**
 * The words a person reads (spec 001 §8): the server's own reason when it gave one, `fallback` ('Search
 * failed') when it gave none, and 'Request failed' with what happened when no answer came.
 */
export function qboFailure(error: ApiError, fallback: string, networkFallback: string): QboApiError {
  const body = (error.body && typeof error.body === "object" ? error.body : {}) as Record<string, unknown>;
  const code = typeof body.code === "string" ? body.code : undefined;
  if (isConnectionFailure(error)) return new QboApiError(`${networkFallback}. ${error.message}`, 0);
  const said = error.kind === "answer" || (typeof body.error === "string" && body.error.trim() !== "");
  return new QboApiError(said ? error.message : fallback, error.status || 500, code);
}

async function call<S extends ApiSchema>(path: string, schema: S, init: { method?: string; json?: unknown; signal?: AbortSignal }, fallback: string, networkFallback: string): Promise<ContractOutput<S>> {
  const result = await apiFetch(path, schema, init);
  if (result.ok) return result.data;
  throw qboFailure(result.error, fallback, networkFallback);
}

export function fetchCustomers(name: string, opts: { limit?: number; signal?: AbortSignal } = {}): Promise<AccountingCustomer[]> {
  return call(customerSearchUrl(name, opts.limit), contract("CustomersAnswer"), { signal: opts.signal }, SEARCH_MESSAGES.searchFailed, SEARCH_MESSAGES.requestFailed);
}

/** The same search as the order screen's balance lookup reads it: a name and a balance per customer (spec 001 §2). */
export function fetchCustomerBalances(name: string, opts: { limit?: number; signal?: AbortSignal } = {}): Promise<CustomerBalance[]> {
  return call(customerSearchUrl(name, opts.limit), contract("CustomerBalancesAnswer"), { signal: opts.signal }, SEARCH_MESSAGES.searchFailed, SEARCH_MESSAGES.requestFailed);
}

export function fetchCustomer(id: string, signal?: AbortSignal): Promise<AccountingCustomer> {
  return call(`/api/qb/customers/${encodeURIComponent(id)}`, contract("CustomerAnswer"), { signal }, SEARCH_MESSAGES.detailFailed, SEARCH_MESSAGES.detailRequestFailed);
}

/** POST /api/qb/ensure-auth: the connection's status (admins see who and when), or the reason it is not usable. */
export function ensureQboAuth(signal?: AbortSignal) {
  return call("/api/qb/ensure-auth", contract("EnsureAuthAnswer"), { method: "POST", json: {}, signal }, "QuickBooks authorization failed", SEARCH_MESSAGES.requestFailed);
}

/** Spec 001 §8: an authorization problem gets ensure-auth and one retry. */
export function withQboAuthRetry<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return retryOnceAfterEnsureAuth(run, () => ensureQboAuth(signal));
}
