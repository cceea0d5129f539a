// QuickBooks Online over OAuth 2: the connect flow, token refresh, and the customer search and read the
// spec's accounting screens use. fetch only, so it runs in workerd; locally it talks to the /qbo stand-in.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { qboConnections } from "../../db/schema";
import type { AppContext } from "./context.server";

/** Refresh this long before expiry so a token never lapses between the check and the call. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting";
const MINOR_VERSION = "75";
const MAX_RESULTS = 1000;

/** No connection, or QuickBooks refused ours: the user has to (re)connect. The message names QuickBooks
 * so the screens' retry rule (unauthorized|token|quickbooks…) offers 'Connect QuickBooks'. */
export class QboAuthError extends Error {
  override name = "QboAuthError";
}

/** QuickBooks answered with a fault that is not about authorization. */
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

export type AccountingAddress = { line1: string; city: string; state: string; postalCode: string };

/** Spec 001, 'Accounting customer'. Balances are dollars, as QuickBooks reports them. */
export type AccountingCustomer = {
  id: string;
  displayName: string;
  companyName: string | null;
  givenName: string | null;
  familyName: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  balance: number;
  balanceWithJobs: number;
  taxable: boolean;
  preferredDeliveryMethod: string | null;
  meta: { created: string | null; updated: string | null };
  billAddr: AccountingAddress | null;
  shipAddr: AccountingAddress | null;
};

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  x_refresh_token_expires_in: z.coerce.number().optional(),
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

/** Exchanges the callback's code for tokens and keeps them as the one QuickBooks connection. */
export async function exchangeQboCode(ctx: AppContext, input: { code: string; realmId: string; connectedBy?: string }): Promise<{ realmId: string }> {
  if (!input.code || !input.realmId) throw new QboAuthError("QuickBooks did not return an authorization code and company (realmId)");
  const tokens = await requestTokens(ctx, { grant_type: "authorization_code", code: input.code, redirect_uri: qboRedirectUri(ctx) });
  await saveConnection(ctx, { realmId: input.realmId, ...tokens, connectedBy: input.connectedBy });
  return { realmId: input.realmId };
}

/** A usable access token for the connected company, refreshed when it expires within two minutes. */
export async function ensureQboAuth(ctx: AppContext, options: { forceRefresh?: boolean } = {}): Promise<{ realmId: string; accessToken: string }> {
  const connection = await currentConnection(ctx);
  if (!connection) throw new QboAuthError("QuickBooks is not connected: connect QuickBooks first");
  const expiresAt = Date.parse(connection.accessTokenExpiresAt);
  if (!options.forceRefresh && Number.isFinite(expiresAt) && expiresAt - ctx.now().getTime() > REFRESH_MARGIN_MS) {
    return { realmId: connection.realmId, accessToken: connection.accessToken };
  }
  const tokens = await requestTokens(ctx, { grant_type: "refresh_token", refresh_token: connection.refreshToken });
  await saveConnection(ctx, { realmId: connection.realmId, ...tokens, connectedBy: connection.connectedBy ?? undefined }, connection.id);
  return { realmId: connection.realmId, accessToken: tokens.accessToken };
}

/** Customers whose display name contains `name` (any case), by name; an empty name lists the first ones. */
export async function searchQboCustomers(ctx: AppContext, name: string, limit = 5): Promise<AccountingCustomer[]> {
  const max = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_RESULTS);
  const term = name.trim();
  const where = term ? ` where DisplayName like '%${escapeQboString(term)}%'` : "";
  const body = await qboGet(ctx, `query?query=${encodeURIComponent(`select * from Customer${where} orderby DisplayName startposition 1 maxresults ${max}`)}`);
  const parsed = z.object({ QueryResponse: z.object({ Customer: z.array(qboCustomerSchema).optional() }) }).safeParse(body);
  if (!parsed.success) throw new QboError("QuickBooks answered the customer search with an unexpected shape", 502);
  return (parsed.data.QueryResponse.Customer ?? []).map(toAccountingCustomer);
}

/** One customer by QuickBooks id, or null when there is none. */
export async function getQboCustomer(ctx: AppContext, id: string): Promise<AccountingCustomer | null> {
  if (!/^\d+$/.test(id)) return null; // QuickBooks ids are numeric; anything else cannot exist
  try {
    const body = await qboGet(ctx, `customer/${id}`);
    const parsed = z.object({ Customer: qboCustomerSchema }).safeParse(body);
    if (!parsed.success) throw new QboError("QuickBooks answered the customer read with an unexpected shape", 502);
    return toAccountingCustomer(parsed.data.Customer);
  } catch (error) {
    if (error instanceof QboError && (error.code === "610" || error.status === 404)) return null;
    throw error;
  }
}

/** QBO string literals are single-quoted with backslash escapes. */
export function escapeQboString(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
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

/** GET on the company's API; a 401 gets one forced refresh and retry before asking for a reconnect. */
async function qboGet(ctx: AppContext, path: string): Promise<unknown> {
  let auth = await ensureQboAuth(ctx);
  for (let attempt = 0; ; attempt++) {
    const separator = path.includes("?") ? "&" : "?";
    const url = `${ctx.env.QBO_API_BASE_URL.replace(/\/$/, "")}/v3/company/${encodeURIComponent(auth.realmId)}/${path}${separator}minorversion=${MINOR_VERSION}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${auth.accessToken}`, accept: "application/json" } });
    if (response.ok) return response.json();
    if (response.status === 401 && attempt === 0) {
      auth = await ensureQboAuth(ctx, { forceRefresh: true });
      continue;
    }
    const fault = readFault(await response.text(), response.statusText);
    if (response.status === 401 || response.status === 403) throw new QboAuthError(`QuickBooks refused the request (${response.status}): ${fault.message}`);
    throw new QboError(`QuickBooks error (${response.status}): ${fault.message}`, response.status, fault.code);
  }
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

async function requestTokens(ctx: AppContext, form: Record<string, string>) {
  const response = await fetch(ctx.env.QBO_TOKEN_URL, {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${ctx.env.QBO_CLIENT_ID}:${ctx.env.QBO_CLIENT_SECRET}`)}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams(form),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const reason = z.object({ error: z.string() }).safeParse(body);
    // invalid_grant means the code or refresh token is spent or revoked: only a new connect helps.
    throw new QboAuthError(`QuickBooks token request failed (${response.status} ${reason.success ? reason.data.error : "error"}): reconnect QuickBooks`);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw new QboAuthError("QuickBooks token response was not understood: reconnect QuickBooks");
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    accessTokenExpiresAt: new Date(ctx.now().getTime() + parsed.data.expires_in * 1000).toISOString(),
  };
}

async function currentConnection(ctx: AppContext) {
  const [row] = await ctx.db.select().from(qboConnections).orderBy(desc(qboConnections.id)).limit(1);
  return row;
}

/** There is one connection for the company: update it in place, or create it the first time. */
async function saveConnection(
  ctx: AppContext,
  values: { realmId: string; accessToken: string; refreshToken: string; accessTokenExpiresAt: string; connectedBy?: string },
  existingId?: number,
) {
  const id = existingId ?? (await currentConnection(ctx))?.id;
  const row = { ...values, connectedBy: values.connectedBy ?? null, updatedAt: ctx.now().toISOString() };
  if (id === undefined) await ctx.db.insert(qboConnections).values(row);
  else await ctx.db.update(qboConnections).set(row).where(eq(qboConnections.id, id));
}
