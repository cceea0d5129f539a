// What a failed QuickBooks call means to a screen: the error codes /api/qb/* answers with, their messages,
// and spec 001 §8's rule for "this looks like an authorization problem" (ensure-auth, then retry once).
// Client-safe.

export const QBO_ERROR_CODES = ["qbo_not_connected", "qbo_reconnect", "qbo_auth", "qbo_rate_limited", "qbo_unavailable", "qbo_timeout"] as const;
export type QboErrorCode = (typeof QBO_ERROR_CODES)[number];

/** Codes a new token (ensure-auth) or a new connection (an admin) can cure. */
const AUTH_CODES: readonly QboErrorCode[] = ["qbo_not_connected", "qbo_reconnect", "qbo_auth"];
/** Codes only an admin's connect flow cures: ensure-auth cannot help, so the screen asks for a reconnect. */
const RECONNECT_CODES: readonly QboErrorCode[] = ["qbo_not_connected", "qbo_reconnect"];

/** Spec 001 §8: the words that make the product call ensure-auth and retry once. */
export const AUTH_PROBLEM_PATTERN = /unauthorized|forbidden|token|realm|expired|401|403|quickbooks/i;

export function isQboErrorCode(value: unknown): value is QboErrorCode {
  return typeof value === "string" && (QBO_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Whether a failure looks like an authorization problem. Our /api answers carry a `code`, which decides
 * (a rate limit or an outage is not cured by a new token, though its message names QuickBooks); an answer
 * without one (a proxy's, an older server's) is judged by spec 001's words.
 */
export function isQboAuthProblem(failure: { error?: string | null; code?: unknown }): boolean {
  if (isQboErrorCode(failure.code)) return AUTH_CODES.includes(failure.code);
  return AUTH_PROBLEM_PATTERN.test(failure.error ?? "");
}

/** Whether only an admin's (re)connect can help: retrying or ensure-auth will not. */
export function needsReconnect(failure: { code?: unknown }): boolean {
  return isQboErrorCode(failure.code) && RECONNECT_CODES.includes(failure.code);
}

/** HTTP status of each code. 409 for the connection's state: a 5xx would say our server failed. */
export const QBO_ERROR_STATUS: Record<QboErrorCode, number> = {
  qbo_not_connected: 409,
  qbo_reconnect: 409,
  qbo_auth: 502,
  qbo_rate_limited: 429,
  qbo_unavailable: 502,
  qbo_timeout: 504,
};

export const QBO_MESSAGES = {
  notConnected: "QuickBooks is not connected. An admin must connect QuickBooks.",
  reconnect: "QuickBooks refused the saved connection (the refresh token was revoked or has expired). An admin must reconnect QuickBooks.",
  unreadable: "The saved QuickBooks tokens cannot be read (the encryption key changed). An admin must reconnect QuickBooks.",
  auth: (status: number) => `QuickBooks refused the access token (${status}). Try again; if it keeps failing, an admin must reconnect QuickBooks.`,
  rateLimited: (seconds: number) => `QuickBooks is receiving too many requests (429). Try again in ${seconds} seconds.`,
  unavailable: (status: number) => `QuickBooks is not available right now (${status}). Try again in a moment.`,
  unreachable: "QuickBooks could not be reached. Try again in a moment.",
  unreadableAnswer: "QuickBooks answered with something this app cannot read. Try again in a moment.",
  timeout: (ms: number) => {
    const seconds = Math.max(1, Math.round(ms / 1000));
    return `QuickBooks did not answer within ${seconds} second${seconds === 1 ? "" : "s"}. Try again.`;
  },
} as const;

/** Spec 001 §8's texts on the screens. */
export const BALANCE_MESSAGES = {
  failed: "Failed to load QuickBooks balance",
  notFound: "Not found",
  noName: "No customer name on this order",
} as const;

export const SEARCH_MESSAGES = {
  start: "Start typing a customer name to search",
  searching: "Searching…",
  none: "No customers found.",
  searchFailed: "Search failed",
  requestFailed: "Request failed",
  detailFailed: "Failed to load detail",
  detailRequestFailed: "Detail load failed",
} as const;
