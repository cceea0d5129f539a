// QuickBooks Online over OAuth 2: the connect flow, tokens kept encrypted and refreshed before they lapse,
// and the customer search and read the spec's accounting screens use. fetch and WebCrypto only, so it runs
// in workerd; locally it talks to the /qbo stand-in. Faults are typed here; the service maps them to answers.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { qboConnections } from "../../db/schema";
import type { AccountingAddress, AccountingCustomer } from "~/domain/quickbooks/customers";
import { NOT_CONNECTED, type QboConnectionStatus } from "~/domain/quickbooks/connection";
import { QBO_MESSAGES } from "~/domain/quickbooks/errors";
import { customerSearchStatement, escapeQboString, nameContains } from "~/domain/quickbooks/query";
import type { AppContext } from "./context.server";
import { openSealedToken, sealToken } from "./quickbooks-tokens.server";

export type { AccountingAddress, AccountingCustomer };
export { escapeQboString, sealToken };

/** Refresh this long before expiry so a token never lapses between the check and the call. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting";
const MINOR_VERSION = "75";
const MAX_RESULTS = 1000;
/** Intuit's answer to a throttled app carries no Retry-After; its limits are per minute. */
const DEFAULT_RETRY_AFTER_S = 60;

export type QboAuthReason = "not-connected" | "reconnect" | "unreadable" | "refused" | "failed";

/**
 * No connection, or QuickBooks refused ours. `reason` says what helps: `refused` (the access token, even
 * after a refresh) may pass with a new token; `not-connected`, `reconnect` (refresh token revoked or
 * expired), `unreadable` (the encryption key changed) and `failed` (the connect flow) need an admin.
 * The message names QuickBooks so the screens' retry rule (unauthorized|token|quickbooks…) applies.
 */
export class QboAuthError extends Error {
  override name = "QboAuthError";
  constructor(
    message: string,
    readonly reason: QboAuthReason = "refused",
    readonly status?: number,
  ) {
    super(message);
  }
}

/** QuickBooks answered with a fault that is not about authorization, or could not be reached (status 0). */
export class QboError extends Error {
  override name = "QboError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 429 from QuickBooks: try again after `retryAfterSeconds`. */
export class QboRateLimitError extends QboError {
  override name = "QboRateLimitError";
  constructor(readonly retryAfterSeconds: number) {
    super(QBO_MESSAGES.rateLimited(retryAfterSeconds), 429);
  }
}

/** QuickBooks did not answer within QBO_TIMEOUT_MS. */
export class QboTimeoutError extends Error {
  override name = "QboTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(QBO_MESSAGES.timeout(timeoutMs));
  }
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  x_refresh_token_expires_in: z.coerce.number().positive().optional(),
});

const addressSchema = z
  .object({ Line1: z.string().optional(), City: z.string().optional(), CountrySubDivisionCode: z.string().optional(), PostalCode: z.string().optional() })
  .optional();

const qboCustomerSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  CompanyName: z.string().optional(),
  GivenName: z.string().optional(),
  FamilyName: z.string().optional(),
  PrimaryEmailAddr: z.object({ Address: z.string().optional() }).optional(),
  PrimaryPhone: z.object({ FreeFormNumber: z.string().optional() }).optional(),
  Balance: z.number().optional(),
  BalanceWithJobs: z.number().optional(),
  Taxable: z.boolean().optional(),
  PreferredDeliveryMethod: z.string().optional(),
  MetaData: z.object({ CreateTime: z.string().optional(), LastUpdatedTime: z.string().optional() }).optional(),
  BillAddr: addressSchema,
  ShipAddr: addressSchema,
});

type QboCustomer = z.infer<typeof qboCustomerSchema>;

const faultSchema = z.object({
  Fault: z.object({ Error: z.array(z.object({ Message: z.string().optional(), Detail: z.string().optional(), code: z.string().optional() })), type: z.string().optional() }),
});

// ---------------------------------------------------------------- connect flow

export function qboRedirectUri(ctx: AppContext): string {
  return `${ctx.env.APP_URL.replace(/\/$/, "")}/api/qb/oauth/callback`;
}

/** Where to send the user to connect QuickBooks; `state` is checked again in the callback. */
export function qboAuthorizeUrl(ctx: AppContext, state: string): string {
  const url = new URL(ctx.env.QBO_AUTHORIZATION_URL);
  url.searchParams.set("client_id", ctx.env.QBO_CLIENT_ID);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", ACCOUNTING_SCOPE);
  url.searchParams.set("redirect_uri", qboRedirectUri(ctx));
  url.searchParams.set("state", state);
  return url.toString();
}

/** Exchanges the callback's code for tokens and keeps them, encrypted, as the one QuickBooks connection. */
export async function exchangeQboCode(ctx: AppContext, input: { code: string; realmId: string; connectedBy?: string }): Promise<{ realmId: string }> {
  if (!input.code || !input.realmId) throw new QboAuthError("QuickBooks did not return an authorization code and company (realmId)", "failed");
  const tokens = await requestTokens(ctx, { grant_type: "authorization_code", code: input.code, redirect_uri: qboRedirectUri(ctx) }, "failed");
  const now = ctx.now().toISOString();
  const row = {
    realmId: input.realmId,
    ...(await sealTokens(ctx, input.realmId, tokens)),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    connectedBy: input.connectedBy ?? null,
    connectedAt: now,
    refusedAt: null,
    refusedReason: null,
    updatedAt: now,
  };
  // There is one connection for the company: replaced in place, or created the first time.
  const existing = await currentConnection(ctx);
  if (existing) await ctx.db.update(qboConnections).set(row).where(eq(qboConnections.id, existing.id));
  else await ctx.db.insert(qboConnections).values(row);
  return { realmId: input.realmId };
}

// ---------------------------------------------------------------- tokens

/** A usable access token for the connected company, refreshed when it expires within two minutes. */
export async function ensureQboAuth(ctx: AppContext, options: { forceRefresh?: boolean } = {}): Promise<{ realmId: string; accessToken: string }> {
  const connection = await currentConnection(ctx);
  if (!connection) throw new QboAuthError(QBO_MESSAGES.notConnected, "not-connected");
  // Once QuickBooks refused the refresh token, asking again cannot help: only a reconnect clears this.
  if (connection.refusedAt) throw new QboAuthError(QBO_MESSAGES.reconnect, "reconnect");
  const expiresAt = Date.parse(connection.accessTokenExpiresAt);
  let tokens;
  try {
    if (!options.forceRefresh && Number.isFinite(expiresAt) && expiresAt - ctx.now().getTime() > REFRESH_MARGIN_MS) {
      return { realmId: connection.realmId, accessToken: await openToken(ctx, connection.accessToken, "access", connection.realmId) };
    }
    const refreshToken = await openToken(ctx, connection.refreshToken, "refresh", connection.realmId);
    tokens = await requestTokens(ctx, { grant_type: "refresh_token", refresh_token: refreshToken }, "reconnect");
  } catch (error) {
    // Recorded, so an admin sees it on the connection and nobody asks QuickBooks again in vain.
    if (error instanceof QboAuthError && (error.reason === "reconnect" || error.reason === "unreadable")) await markRefused(ctx, connection.id, error.message);
    throw error;
  }
  const now = ctx.now().toISOString();
  const sealed = await sealTokens(ctx, connection.realmId, tokens);
  // Compare-and-set on the refresh token we used: when two requests refresh at once, the later one keeps the
  // winner's tokens rather than overwriting them (both are valid; Intuit keeps the previous one a while).
  const result = await ctx.db
    .update(qboConnections)
    .set({ ...sealed, accessTokenExpiresAt: tokens.accessTokenExpiresAt, refreshTokenExpiresAt: tokens.refreshTokenExpiresAt, updatedAt: now })
    .where(and(eq(qboConnections.id, connection.id), eq(qboConnections.refreshToken, connection.refreshToken)));
  if (result.rowsAffected === 0) {
    const winner = await currentConnection(ctx);
    if (winner) return { realmId: winner.realmId, accessToken: await openToken(ctx, winner.accessToken, "access", winner.realmId) };
  }
  return { realmId: connection.realmId, accessToken: tokens.accessToken };
}

/** What an admin sees of the connection: never a token. */
export async function qboConnectionStatus(ctx: AppContext): Promise<QboConnectionStatus> {
  const [row] = await ctx.db
    .select({
      realmId: qboConnections.realmId,
      connectedBy: qboConnections.connectedBy,
      connectedAt: qboConnections.connectedAt,
      accessTokenExpiresAt: qboConnections.accessTokenExpiresAt,
      refreshTokenExpiresAt: qboConnections.refreshTokenExpiresAt,
      refusedAt: qboConnections.refusedAt,
      refusedReason: qboConnections.refusedReason,
    })
    .from(qboConnections)
    .orderBy(desc(qboConnections.id))
    .limit(1);
  return row ? { connected: true, ...row } : NOT_CONNECTED;
}

/** Proves the token works with the cheapest call there is (CompanyInfo); a 401 gets the usual refresh and retry. */
export async function verifyQboConnection(ctx: AppContext): Promise<void> {
  await qboGet(ctx, (realmId) => `companyinfo/${encodeURIComponent(realmId)}`);
}

// ---------------------------------------------------------------- customers

/** Customers whose display name contains `name` (any case), by name; an empty name lists the first ones. */
export async function searchQboCustomers(ctx: AppContext, name: string, limit = 5): Promise<AccountingCustomer[]> {
  const max = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_RESULTS);
  // A '%' in the name cannot be sent (see customerSearchStatement): ask for every candidate, keep the real matches.
  const { statement, exact } = customerSearchStatement(name, max);
  const query = exact ? customerSearchStatement(name, MAX_RESULTS).statement : statement;
  const body = await qboGet(ctx, () => `query?query=${encodeURIComponent(query)}`);
  const parsed = z.object({ QueryResponse: z.object({ Customer: z.array(qboCustomerSchema).optional() }) }).safeParse(body);
  if (!parsed.success) throw new QboError(QBO_MESSAGES.unreadableAnswer, 502);
  const customers = (parsed.data.QueryResponse.Customer ?? []).map(toAccountingCustomer);
  return exact ? customers.filter((c) => nameContains(c.displayName, name)).slice(0, max) : customers;
}

/** One customer by QuickBooks id, or null when there is none. */
export async function getQboCustomer(ctx: AppContext, id: string): Promise<AccountingCustomer | null> {
  if (!/^\d+$/.test(id)) return null; // QuickBooks ids are numeric; anything else cannot exist
  try {
    const body = await qboGet(ctx, () => `customer/${id}`);
    const parsed = z.object({ Customer: qboCustomerSchema }).safeParse(body);
    if (!parsed.success) throw new QboError(QBO_MESSAGES.unreadableAnswer, 502);
    return toAccountingCustomer(parsed.data.Customer);
  } catch (error) {
    if (error instanceof QboError && (error.code === "610" || error.status === 404)) return null;
    throw error;
  }
}

export type NewQboCustomer = {
  DisplayName: string;
  CompanyName?: string;
  GivenName?: string;
  FamilyName?: string;
  PrimaryEmailAddr?: { Address: string };
  PrimaryPhone?: { FreeFormNumber: string };
  BillAddr?: { Line1: string; City: string; CountrySubDivisionCode: string; PostalCode: string };
};

/** Creates a customer (POST /customer); QuickBooks refuses a display name already in use (code 6240). */
export async function createQboCustomer(ctx: AppContext, customer: NewQboCustomer): Promise<AccountingCustomer> {
  const body = await qboCall(ctx, () => "customer", customer);
  const parsed = z.object({ Customer: qboCustomerSchema }).safeParse(body);
  if (!parsed.success) throw new QboError(QBO_MESSAGES.unreadableAnswer, 502);
  return toAccountingCustomer(parsed.data.Customer);
}

function toAccountingCustomer(c: QboCustomer): AccountingCustomer {
  return {
    id: c.Id,
    displayName: c.DisplayName,
    companyName: c.CompanyName ?? null,
    givenName: c.GivenName ?? null,
    familyName: c.FamilyName ?? null,
    primaryEmail: c.PrimaryEmailAddr?.Address ?? null,
    primaryPhone: c.PrimaryPhone?.FreeFormNumber ?? null,
    balance: c.Balance ?? 0,
    balanceWithJobs: c.BalanceWithJobs ?? c.Balance ?? 0,
    taxable: c.Taxable ?? false,
    preferredDeliveryMethod: c.PreferredDeliveryMethod ?? null,
    meta: { created: c.MetaData?.CreateTime ?? null, updated: c.MetaData?.LastUpdatedTime ?? null },
    billAddr: toAddress(c.BillAddr),
    shipAddr: toAddress(c.ShipAddr),
  };
}

function toAddress(a: z.infer<typeof addressSchema>): AccountingAddress | null {
  if (!a || !(a.Line1 || a.City || a.PostalCode)) return null;
  return { line1: a.Line1 ?? "", city: a.City ?? "", state: a.CountrySubDivisionCode ?? "", postalCode: a.PostalCode ?? "" };
}

// ---------------------------------------------------------------- HTTP

/** fetch with the configured timeout; an unreachable QuickBooks is a QboError of status 0. */
async function qboFetch(ctx: AppContext, url: string, init: RequestInit): Promise<{ status: number; ok: boolean; headers: Headers; text: string }> {
  const timeoutMs = ctx.env.QBO_TIMEOUT_MS;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    // The body is read under the same deadline: a server that sends headers and stalls is a timeout too.
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") throw new QboTimeoutError(timeoutMs);
    throw new QboError(QBO_MESSAGES.unreachable, 0);
  }
}

/** GET on the company's API; a 401 gets one forced refresh and retry before the caller is told. */
function qboGet(ctx: AppContext, path: (realmId: string) => string): Promise<unknown> {
  return qboCall(ctx, path);
}

/** GET, or POST of a JSON body, on the company's API; a 401 gets one forced refresh and retry. */
async function qboCall(ctx: AppContext, path: (realmId: string) => string, body?: unknown): Promise<unknown> {
  let auth = await ensureQboAuth(ctx);
  for (let attempt = 0; ; attempt++) {
    const relative = path(auth.realmId);
    const separator = relative.includes("?") ? "&" : "?";
    const url = `${ctx.env.QBO_API_BASE_URL.replace(/\/$/, "")}/v3/company/${encodeURIComponent(auth.realmId)}/${relative}${separator}minorversion=${MINOR_VERSION}`;
    const headers: Record<string, string> = { authorization: `Bearer ${auth.accessToken}`, accept: "application/json" };
    const init: RequestInit = body === undefined ? { headers } : { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
    const response = await qboFetch(ctx, url, init);
    if (response.ok) {
      try {
        return JSON.parse(response.text) as unknown;
      } catch {
        throw new QboError(QBO_MESSAGES.unreadableAnswer, 502);
      }
    }
    if (response.status === 401 && attempt === 0) {
      auth = await ensureQboAuth(ctx, { forceRefresh: true });
      continue;
    }
    const fault = readFault(response.text, `HTTP ${response.status}`);
    if (response.status === 401 || response.status === 403) throw new QboAuthError(`${QBO_MESSAGES.auth(response.status)} ${fault.message}`.trim(), "refused", response.status);
    if (response.status === 429) throw new QboRateLimitError(retryAfterSeconds(response.headers.get("retry-after")));
    throw new QboError(`QuickBooks error (${response.status}): ${fault.message}`, response.status, fault.code);
  }
}

function retryAfterSeconds(header: string | null): number {
  const seconds = header && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
}

/** QBO faults carry {Fault: {Error: [{Message, Detail, code}]}}; anything else is reported as text. */
function readFault(text: string, fallback: string): { message: string; code?: string } {
  try {
    const parsed = faultSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const errors = parsed.data.Fault.Error;
      return { message: errors.map((e) => [e.Message, e.Detail].filter(Boolean).join(": ")).join("; "), code: errors[0]?.code };
    }
  } catch {
    // not JSON: fall back to the raw text
  }
  return { message: text.slice(0, 300) || fallback };
}

type Tokens = { accessToken: string; refreshToken: string; accessTokenExpiresAt: string; refreshTokenExpiresAt: string | null };

/** The token endpoint. `invalid_grant` (code or refresh token spent, revoked or expired) is `refusal`: a reconnect. */
async function requestTokens(ctx: AppContext, form: Record<string, string>, refusal: "failed" | "reconnect"): Promise<Tokens> {
  const response = await qboFetch(ctx, ctx.env.QBO_TOKEN_URL, {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${ctx.env.QBO_CLIENT_ID}:${ctx.env.QBO_CLIENT_SECRET}`)}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams(form),
  });
  let body: unknown = null;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    if (response.status === 429) throw new QboRateLimitError(retryAfterSeconds(response.headers.get("retry-after")));
    if (response.status >= 500) throw new QboError(QBO_MESSAGES.unavailable(response.status), response.status);
    const reason = z.object({ error: z.string() }).safeParse(body);
    const code = reason.success ? reason.data.error : "error";
    if (code === "invalid_grant") {
      throw new QboAuthError(refusal === "reconnect" ? QBO_MESSAGES.reconnect : "QuickBooks did not accept the authorization code (invalid_grant): connect QuickBooks again", refusal, response.status);
    }
    // invalid_client and the like: this app's QuickBooks credentials are wrong, which no user can fix.
    throw new QboError(`QuickBooks token request failed (${response.status} ${code})`, 502, code);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw new QboError(QBO_MESSAGES.unreadableAnswer, 502);
  const now = ctx.now().getTime();
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    accessTokenExpiresAt: new Date(now + parsed.data.expires_in * 1000).toISOString(),
    refreshTokenExpiresAt: parsed.data.x_refresh_token_expires_in ? new Date(now + parsed.data.x_refresh_token_expires_in * 1000).toISOString() : null,
  };
}

async function currentConnection(ctx: AppContext) {
  const [row] = await ctx.db.select().from(qboConnections).orderBy(desc(qboConnections.id)).limit(1);
  return row;
}

async function markRefused(ctx: AppContext, id: number, reason: string) {
  const now = ctx.now().toISOString();
  await ctx.db.update(qboConnections).set({ refusedAt: now, refusedReason: reason, updatedAt: now }).where(eq(qboConnections.id, id));
}

/** The plain token; one that does not open asks for a reconnect (a rotated key, tampering, a legacy plain value). */
export async function openToken(ctx: AppContext, sealed: string, kind: "access" | "refresh", realmId: string): Promise<string> {
  const plain = await openSealedToken(ctx, sealed, kind, realmId);
  if (plain === null) throw new QboAuthError(QBO_MESSAGES.unreadable, "unreadable");
  return plain;
}

async function sealTokens(ctx: AppContext, realmId: string, tokens: Tokens) {
  return {
    accessToken: await sealToken(ctx, tokens.accessToken, "access", realmId),
    refreshToken: await sealToken(ctx, tokens.refreshToken, "refresh", realmId),
  };
}
