// QuickBooks for the pages and /api/qb/*: customer search and read, ensure-auth, the connection's status,
// and the admin's connect flow with a `state` bound to her session. QuickBooks' faults become typed errors
// with a `code` (app/domain/quickbooks/errors.ts) that respondToError answers as {success:false, error, code}.
import { z } from "zod";
import { hasGrant } from "~/domain/access/roles";
import { DomainError, NotFoundError } from "~/domain/errors";
import type { ConnectOutcome, QboConnectionStatus } from "~/domain/quickbooks/connection";
import type { AccountingCustomer } from "~/domain/quickbooks/customers";
import type { CustomerSearchQuery } from "~/domain/quickbooks/schemas";
import { QBO_ERROR_STATUS, QBO_MESSAGES, type QboErrorCode } from "~/domain/quickbooks/errors";
import type { AppContext } from "~/lib/context.server";
import { hmacHex, randomToken, safeEqual } from "~/lib/crypto.server";
import {
  createQboCustomer,
  ensureQboAuth,
  exchangeQboCode,
  getQboCustomer,
  QboAuthError,
  qboAuthorizeUrl,
  qboConnectionStatus,
  QboError,
  QboRateLimitError,
  QboTimeoutError,
  searchQboCustomers,
  verifyQboConnection,
  type NewQboCustomer,
} from "~/lib/quickbooks.server";
import type { Viewer } from "~/lib/session.server";

/** The connect flow must come back within this long (Intuit's codes live 5 minutes; the consent takes one). */
const STATE_TTL_S = 10 * 60;

function qboFailure(code: QboErrorCode, message: string, headers: Record<string, string> = {}): DomainError {
  return new DomainError(QBO_ERROR_STATUS[code], message, { code }, headers);
}

/** QuickBooks' faults as the answers of /api/qb/*; anything else is not ours to explain and propagates. */
export function qboDomainError(error: unknown): unknown {
  if (error instanceof QboAuthError) {
    if (error.reason === "not-connected") return qboFailure("qbo_not_connected", error.message);
    if (error.reason === "refused") return qboFailure("qbo_auth", error.message);
    return qboFailure("qbo_reconnect", error.message);
  }
  if (error instanceof QboRateLimitError) return qboFailure("qbo_rate_limited", error.message, { "Retry-After": String(error.retryAfterSeconds) });
  if (error instanceof QboTimeoutError) return qboFailure("qbo_timeout", error.message);
  if (error instanceof QboError) {
    const message = error.status === 0 ? QBO_MESSAGES.unreachable : error.status >= 500 ? QBO_MESSAGES.unavailable(error.status) : error.message;
    return qboFailure("qbo_unavailable", message);
  }
  return error;
}

async function qbo<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw qboDomainError(error);
  }
}

export function canManageQuickBooks(viewer: Pick<Viewer, "isAdmin" | "grants">): boolean {
  return viewer.isAdmin || hasGrant(viewer.grants, "admin:manage");
}

/** GET /api/qb/customers: by part of the display name, at most `limit`, ordered by name. */
export function searchCustomers(ctx: AppContext, query: CustomerSearchQuery): Promise<AccountingCustomer[]> {
  return qbo(() => searchQboCustomers(ctx, query.name, query.limit));
}

/** GET /api/qb/customers/{id}. */
export async function getCustomer(ctx: AppContext, id: string): Promise<AccountingCustomer> {
  const customer = await qbo(() => getQboCustomer(ctx, id));
  if (!customer) throw new NotFoundError("Customer not found");
  return customer;
}

/** The connection as the viewer may see it: admins get who, when and the expiry; others only whether. */
export async function connectionStatusFor(ctx: AppContext, viewer: Viewer): Promise<QboConnectionStatus | { connected: boolean }> {
  const status = await qboConnectionStatus(ctx);
  return canManageQuickBooks(viewer) ? status : { connected: status.connected && !status.refusedAt };
}

/**
 * POST /api/qb/ensure-auth: a token QuickBooks accepts right now (refreshed when it is about to lapse, and
 * once more if QuickBooks refuses it), proven with a CompanyInfo read. Answers the connection's status.
 */
export async function ensureAuth(ctx: AppContext, viewer: Viewer) {
  await qbo(async () => {
    await ensureQboAuth(ctx);
    await verifyQboConnection(ctx);
  });
  return connectionStatusFor(ctx, viewer);
}

// ---------------------------------------------------------------- the connect flow (admins)

function stateMessage(sessionId: string, nonce: string, expires: number) {
  return `qbo-connect|${sessionId}|${nonce}|${expires}`;
}

/** `nonce.expires.mac`: only this session can bring it back, and only for ten minutes. Nothing is stored. */
export async function connectState(ctx: AppContext, viewer: Viewer): Promise<string> {
  const nonce = randomToken(16);
  const expires = Math.floor(ctx.now().getTime() / 1000) + STATE_TTL_S;
  return `${nonce}.${expires}.${await hmacHex(ctx.env.SESSION_SECRET, stateMessage(viewer.sessionId, nonce, expires))}`;
}

export async function checkConnectState(ctx: AppContext, viewer: Viewer, state: string): Promise<"ok" | "expired" | "invalid"> {
  const m = /^([A-Za-z0-9_-]{16,64})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(state);
  if (!m) return "invalid";
  const [, nonce, expiresText, mac] = m;
  const expires = Number(expiresText);
  if (!safeEqual(mac!, await hmacHex(ctx.env.SESSION_SECRET, stateMessage(viewer.sessionId, nonce!, expires)))) return "invalid";
  return expires * 1000 < ctx.now().getTime() ? "expired" : "ok";
}

/** GET /api/qb/oauth/start: QuickBooks' consent page, with a state bound to this admin's session. */
export async function connectStartUrl(ctx: AppContext, viewer: Viewer): Promise<string> {
  return qboAuthorizeUrl(ctx, await connectState(ctx, viewer));
}

const callbackSchema = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().max(256).optional(),
  realmId: z.string().regex(/^\d{1,32}$/).optional(),
  error: z.string().max(128).optional(),
});

/**
 * GET /api/qb/oauth/callback: the state must be one this session issued (CSRF: nobody can make an admin's
 * browser complete a flow they started), then the code is exchanged and the tokens stored. The outcome is
 * one of a fixed list; nothing QuickBooks sent is shown back.
 */
export async function completeConnect(ctx: AppContext, viewer: Viewer, params: URLSearchParams): Promise<ConnectOutcome> {
  const parsed = callbackSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return "invalid";
  const { code, state, realmId, error } = parsed.data;
  const checked = state ? await checkConnectState(ctx, viewer, state) : "invalid";
  if (checked !== "ok") return checked;
  if (error) return error === "access_denied" ? "denied" : "failed";
  if (!code || !realmId) return "failed";
  try {
    await exchangeQboCode(ctx, { code, realmId, connectedBy: viewer.email });
    return "connected";
  } catch (thrown) {
    if (thrown instanceof QboAuthError || thrown instanceof QboError || thrown instanceof QboTimeoutError) return "failed";
    throw thrown;
  }
}

// ---------------------------------------------------------------- customers created by the app

/** Creates a customer in QuickBooks (an approved application); faults become the same typed answers. */
export function createCustomer(ctx: AppContext, customer: NewQboCustomer): Promise<AccountingCustomer> {
  return qbo(() => createQboCustomer(ctx, customer));
}

export type CustomerAttempt =
  | { ok: true; customer: AccountingCustomer }
  /** `unavailable`: QuickBooks itself cannot be used now (not connected, refused, down, slow, throttled), so the
   * next customers would fail alike; otherwise QuickBooks refused this customer (a duplicate name, say). */
  | { ok: false; reason: string; unavailable: boolean };

/**
 * Creates a customer, or says why QuickBooks did not (its answer as the screens word it). An application's
 * approval never waits on this (docs/decisions/028-trust-second-pass.md); anything that is not QuickBooks'
 * fault propagates.
 */
export async function tryCreateCustomer(ctx: AppContext, customer: NewQboCustomer): Promise<CustomerAttempt> {
  try {
    return { ok: true, customer: await createQboCustomer(ctx, customer) };
  } catch (error) {
    const answer = qboDomainError(error);
    if (answer === error) throw error;
    const refusedThisOne = error instanceof QboError && !(error instanceof QboRateLimitError) && error.status >= 400 && error.status < 500;
    return { ok: false, reason: (answer as DomainError).message, unavailable: !refusedThisOne };
  }
}

/** Whether QuickBooks is connected and its connection not refused: worth trying the owed customers. */
export async function quickBooksUsable(ctx: AppContext): Promise<boolean> {
  const status = await qboConnectionStatus(ctx);
  return status.connected && !status.refusedAt;
}
