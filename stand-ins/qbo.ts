// Local stand-in for QuickBooks Online: Intuit's OAuth 2 consent and token endpoints plus the v3
// accounting API's customer query, read and create, over a seeded sandbox company. Tokens survive a restart.
// Test hooks under /qbo/test/: expire access tokens, revoke the connection, and inject faults (401, 429,
// 500, a slow answer) into the next matching calls, so the app's retry and error paths can be exercised.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StandinsConfig } from "./config";
import { basicCredentials, bearerToken, escapeHtml, hiddenInputs, HttpError, isHttpUrl, page, readBody, readForm, readJson, redirect, sendHtml, sendJson, withParams, type Route } from "./http";
import { seedQboCustomers, type QboCustomer } from "./qbo-customers";
import { parseQboQuery, QboQueryError, runQboQuery } from "./qbo-query";

/** The one sandbox company the consent page connects. */
export const QBO_SANDBOX_REALM = "9130350000000001";
export const QBO_SANDBOX_COMPANY = "Golden Grain Sandbox Company";

const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 8_726_400; // Intuit's 101 days
const CODE_TTL_MS = 5 * 60 * 1000;
const ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting";

type TokenGrant = { realmId: string; expiresAt: number };
type TokenState = { access: Record<string, TokenGrant>; refresh: Record<string, TokenGrant> };
type PendingCode = { realmId: string; clientId: string; redirectUri: string; expiresAt: number };

/** An injected fault: the next `remaining` calls to `target` whose path and query contain `match` fail (or wait). */
type InjectedFault = { target: "api" | "token"; status: number; remaining: number; delayMs: number; match: string | null; retryAfter: number | null };
const FAULT_STATUSES = [0, 400, 401, 403, 429, 500, 503];
const MAX_DELAY_MS = 120_000;

function intuitTime(date = new Date()): string {
  return new Date(date.getTime() - 7 * 3600_000).toISOString().replace("Z", "-07:00");
}

/** QBO's error body: {Fault: {Error: [{Message, Detail, code}], type}, time}. */
function fault(status: number, type: string, code: string, message: string, detail: string) {
  return new HttpError(status, { Fault: { Error: [{ Message: message, Detail: detail, code, element: "" }], type }, time: intuitTime() });
}

function authFault(detail: string) {
  return fault(401, "AUTHENTICATION", "3200", "message=AuthenticationFailed; errorCode=003200; statusCode=401", detail);
}

export function qboStandin(config: StandinsConfig): Route {
  const customers: QboCustomer[] = seedQboCustomers();
  const codes = new Map<string, PendingCode>();
  const tokenFile = join(config.dataDir, "standins-qbo-tokens.json");
  // Customers the app created (an approved application): kept across restarts, like the company's books.
  const createdFile = join(config.dataDir, "standins-qbo-created-customers.json");
  mkdirSync(config.dataDir, { recursive: true });
  customers.push(...loadCreated(createdFile));
  const tokens: TokenState = loadTokens(tokenFile);
  const faults: InjectedFault[] = [];

  function saveTokens() {
    const now = Date.now();
    for (const kind of ["access", "refresh"] as const) {
      for (const [token, grant] of Object.entries(tokens[kind])) if (grant.expiresAt < now - 86400_000) delete tokens[kind][token];
    }
    writeFileSync(tokenFile, JSON.stringify(tokens), { mode: 0o600 });
  }

  function issueTokens(realmId: string) {
    const accessToken = `eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..${randomBytes(48).toString("base64url")}`;
    const refreshToken = `AB11${Date.now()}${randomBytes(18).toString("hex")}`;
    tokens.access[accessToken] = { realmId, expiresAt: Date.now() + ACCESS_TTL_S * 1000 };
    tokens.refresh[refreshToken] = { realmId, expiresAt: Date.now() + REFRESH_TTL_S * 1000 };
    saveTokens();
    return { token_type: "bearer", access_token: accessToken, refresh_token: refreshToken, expires_in: ACCESS_TTL_S, x_refresh_token_expires_in: REFRESH_TTL_S };
  }

  function connectProblem(params: URLSearchParams): string | null {
    if (params.get("client_id") !== config.qboClient.id) return `invalid_client: unknown client_id ${params.get("client_id") ?? "(missing)"}`;
    if (params.get("response_type") !== "code") return "unsupported_response_type: only response_type=code is supported";
    if (!isHttpUrl(params.get("redirect_uri"))) return "invalid_request: redirect_uri is missing or not a URL";
    if (!(params.get("scope") ?? "").split(/\s+/).includes(ACCOUNTING_SCOPE)) return `invalid_scope: the scope must include ${ACCOUNTING_SCOPE}`;
    return null;
  }

  function consentPage(res: ServerResponse, params: URLSearchParams) {
    const problem = connectProblem(params);
    if (problem) return sendHtml(res, 400, page("Connect to QuickBooks: error", `<h1>Connect to QuickBooks</h1><p class="error" role="alert">${escapeHtml(problem)}</p>`));
    sendHtml(
      res,
      200,
      page(
        "Connect to QuickBooks (local sandbox)",
        `<h1>Connect to QuickBooks</h1>
<p class="muted">Stand-in for Intuit's consent screen. The app asks to read and write the books of:</p>
<p><strong>${escapeHtml(QBO_SANDBOX_COMPANY)}</strong><br><span class="muted">Realm ${QBO_SANDBOX_REALM} &middot; ${customers.length} customers</span></p>
<form method="post" action="/qbo/connect">
${hiddenInputs(params, ["decision"])}
<button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
      ),
    );
  }

  async function decide(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const problem = connectProblem(form);
    if (problem) throw new HttpError(400, { error: problem });
    const redirectUri = form.get("redirect_uri") as string;
    const state = form.get("state") ?? undefined;
    if (form.get("decision") !== "authorize") return redirect(res, withParams(redirectUri, { error: "access_denied", state }));
    const code = `AB11${randomBytes(20).toString("hex")}`;
    codes.set(code, { realmId: QBO_SANDBOX_REALM, clientId: config.qboClient.id, redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
    redirect(res, withParams(redirectUri, { code, state, realmId: QBO_SANDBOX_REALM }));
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const client = basicCredentials(req);
    const form = await readForm(req);
    // Intuit accepts client credentials only as HTTP Basic.
    if (!client || client.id !== config.qboClient.id || client.secret !== config.qboClient.secret) {
      return sendJson(res, 401, { error: "invalid_client" });
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || pending.expiresAt < Date.now() || pending.clientId !== client.id || pending.redirectUri !== form.get("redirect_uri")) {
        return sendJson(res, 400, { error: "invalid_grant" });
      }
      return sendJson(res, 200, issueTokens(pending.realmId));
    }
    if (grantType === "refresh_token") {
      const grant = tokens.refresh[form.get("refresh_token") ?? ""];
      if (!grant || grant.expiresAt < Date.now()) return sendJson(res, 400, { error: "invalid_grant" });
      // Intuit rotates the refresh token; the previous one stays usable for a while, so it is kept.
      return sendJson(res, 200, issueTokens(grant.realmId));
    }
    sendJson(res, 400, { error: "unsupported_grant_type" });
  }

  async function revoke(req: IncomingMessage, res: ServerResponse) {
    const client = basicCredentials(req);
    if (!client || client.id !== config.qboClient.id || client.secret !== config.qboClient.secret) return sendJson(res, 401, { error: "invalid_client" });
    const body = await readJson(req, { error: "invalid_request" });
    const value = String(body.token ?? "");
    const realm = (tokens.refresh[value] ?? tokens.access[value])?.realmId;
    // Revoking either token ends the whole connection, as Intuit does.
    if (realm) {
      for (const kind of ["access", "refresh"] as const) for (const [t, g] of Object.entries(tokens[kind])) if (g.realmId === realm) delete tokens[kind][t];
      saveTokens();
    }
    res.writeHead(200).end();
  }

  function requireToken(req: IncomingMessage, realmId: string) {
    const presented = bearerToken(req);
    if (!presented) throw authFault("Authorization header is missing or is not a bearer token");
    const grant = tokens.access[presented];
    if (!grant) throw authFault("Token invalid or revoked");
    if (grant.expiresAt <= Date.now()) throw authFault("Token expired: the access token is older than 3600 seconds");
    if (grant.realmId !== realmId) {
      throw fault(403, "AUTHORIZATION", "003100", "message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403", `The token does not grant access to realm ${realmId}`);
    }
    const accept = req.headers.accept ?? "";
    // Without this header the real API answers XML, which a JSON client cannot read: fail loudly here.
    if (!accept.includes("application/json")) {
      throw fault(406, "ValidationFault", "4001", "Not acceptable", "Send 'Accept: application/json' (QuickBooks answers XML otherwise)");
    }
  }

  async function query(req: IncomingMessage, res: ServerResponse, url: URL, realmId: string) {
    requireToken(req, realmId);
    // The query comes in the query string (GET) or as an application/text body (POST).
    const text = req.method === "POST" ? (await readBody(req)).toString("utf8") : (url.searchParams.get("query") ?? "");
    let parsed;
    try {
      parsed = parseQboQuery(text);
    } catch (error) {
      if (error instanceof QboQueryError) throw fault(400, "ValidationFault", "4000", "Error parsing query", error.message);
      throw error;
    }
    if (parsed.entity.toLowerCase() !== "customer") {
      throw fault(400, "ValidationFault", "4001", "Invalid query", `QueryValidationError: the stand-in knows only Customer, not ${parsed.entity}`);
    }
    const { rows, total } = runQboQuery(customers as unknown as Record<string, unknown>[], parsed);
    if (parsed.count) return sendJson(res, 200, { QueryResponse: { totalCount: total }, time: intuitTime() });
    const response = rows.length ? { Customer: rows, startPosition: parsed.startPosition, maxResults: rows.length } : {};
    sendJson(res, 200, { QueryResponse: response, time: intuitTime() });
  }

  function readCustomer(req: IncomingMessage, res: ServerResponse, realmId: string, id: string) {
    requireToken(req, realmId);
    const customer = customers.find((c) => c.Id === id);
    if (!customer) {
      throw fault(400, "ValidationFault", "610", "Object Not Found", "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.");
    }
    sendJson(res, 200, { Customer: customer, time: intuitTime() });
  }

  /** POST /customer: QuickBooks' create. DisplayName is required and unique among customers (fault 6240). */
  async function createCustomer(req: IncomingMessage, res: ServerResponse, realmId: string) {
    requireToken(req, realmId);
    const body = await readJson(req, { error: "invalid JSON" });
    const displayName = typeof body.DisplayName === "string" ? body.DisplayName.trim() : "";
    if (!displayName) throw fault(400, "ValidationFault", "2020", "Required param missing, need to supply the required value for the API", "Required parameter DisplayName is missing in the request");
    if (customers.some((c) => c.DisplayName.toLowerCase() === displayName.toLowerCase())) {
      throw fault(400, "ValidationFault", "6240", "Duplicate Name Exists Error", `The name supplied already exists. : ${displayName}`);
    }
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
    const nested = (v: unknown, key: string) => (v && typeof v === "object" ? text((v as Record<string, unknown>)[key]) : undefined);
    const id = String(customers.reduce((max, c) => Math.max(max, Number(c.Id) || 0), 0) + 1);
    const now = intuitTime();
    const bill = body.BillAddr && typeof body.BillAddr === "object" ? (body.BillAddr as Record<string, unknown>) : null;
    const email = nested(body.PrimaryEmailAddr, "Address");
    const phone = nested(body.PrimaryPhone, "FreeFormNumber");
    const customer: QboCustomer = {
      Id: id,
      SyncToken: "0",
      domain: "QBO",
      sparse: false,
      Active: true,
      Job: false,
      BillWithParent: false,
      IsProject: false,
      DisplayName: displayName,
      FullyQualifiedName: displayName,
      PrintOnCheckName: text(body.CompanyName) ?? displayName,
      ...(text(body.CompanyName) ? { CompanyName: text(body.CompanyName) } : {}),
      ...(text(body.GivenName) ? { GivenName: text(body.GivenName) } : {}),
      ...(text(body.FamilyName) ? { FamilyName: text(body.FamilyName) } : {}),
      ...(email ? { PrimaryEmailAddr: { Address: email } } : {}),
      ...(phone ? { PrimaryPhone: { FreeFormNumber: phone } } : {}),
      ...(bill
        ? { BillAddr: { Id: `${id}01`, Line1: text(bill.Line1) ?? "", City: text(bill.City) ?? "", CountrySubDivisionCode: text(bill.CountrySubDivisionCode) ?? "", PostalCode: text(bill.PostalCode) ?? "" } }
        : {}),
      Balance: 0,
      BalanceWithJobs: 0,
      Taxable: false,
      PreferredDeliveryMethod: "Print",
      CurrencyRef: { value: "USD", name: "United States Dollar" },
      MetaData: { CreateTime: now, LastUpdatedTime: now },
    };
    customers.push(customer);
    const created = loadCreated(createdFile);
    created.push(customer);
    writeFileSync(createdFile, JSON.stringify(created));
    sendJson(res, 200, { Customer: customer, time: now });
  }

  function companyInfo(req: IncomingMessage, res: ServerResponse, realmId: string) {
    requireToken(req, realmId);
    sendJson(res, 200, { CompanyInfo: { Id: "1", CompanyName: QBO_SANDBOX_COMPANY, LegalName: QBO_SANDBOX_COMPANY, Country: "US", domain: "QBO" }, time: intuitTime() });
  }

  async function expireTokens(req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req, { error: "invalid JSON" });
    const only = typeof body.accessToken === "string" ? body.accessToken : null;
    let expired = 0;
    for (const [t, grant] of Object.entries(tokens.access)) {
      if (only && t !== only) continue;
      grant.expiresAt = Date.now() - 1000;
      expired++;
    }
    saveTokens();
    sendJson(res, 200, { expired });
  }

  /** Revokes every token of the sandbox company, as disconnecting the app in QuickBooks does. */
  function revokeAll(res: ServerResponse) {
    let revoked = 0;
    for (const kind of ["access", "refresh"] as const) {
      for (const [t, g] of Object.entries(tokens[kind])) {
        if (g.realmId !== QBO_SANDBOX_REALM) continue;
        delete tokens[kind][t];
        revoked++;
      }
    }
    saveTokens();
    sendJson(res, 200, { revoked });
  }

  /**
   * POST /qbo/test/faults {status, count?, match?, delayMs?, retryAfter?, target?: "api"|"token"} queues a fault;
   * {clear: true} drops them all ({clear: true, match} only those with that match). status 0 with delayMs is a slow but correct answer (a timeout for the app).
   */
  async function injectFault(req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req, { error: "invalid JSON" });
    if (body.clear === true) {
      // With a match, only that journey's leftovers go; without, all of them.
      const only = typeof body.match === "string" && body.match ? body.match.toLowerCase() : null;
      for (let i = faults.length - 1; i >= 0; i--) if (!only || faults[i]!.match === only) faults.splice(i, 1);
      return sendJson(res, 200, { faults: faults.length });
    }
    const status = Number(body.status ?? 0);
    const count = Number(body.count ?? 1);
    const delayMs = Number(body.delayMs ?? 0);
    const retryAfter = body.retryAfter === undefined ? null : Number(body.retryAfter);
    const target = body.target === "token" ? "token" : "api";
    if (!FAULT_STATUSES.includes(status) || !Number.isInteger(count) || count < 1 || count > 100 || !(delayMs >= 0 && delayMs <= MAX_DELAY_MS)) {
      throw new HttpError(400, { error: `status one of ${FAULT_STATUSES.join(", ")}, count 1-100, delayMs 0-${MAX_DELAY_MS}` });
    }
    if (status === 0 && delayMs === 0) throw new HttpError(400, { error: "a fault needs a status or a delay" });
    const match = typeof body.match === "string" && body.match ? body.match.toLowerCase() : null;
    faults.push({ target, status, remaining: count, delayMs, match, retryAfter: retryAfter !== null && Number.isFinite(retryAfter) ? retryAfter : null });
    sendJson(res, 200, { faults: faults.length });
  }

  /** The first queued fault for this call, used up by one. */
  function takeFault(target: InjectedFault["target"], url: URL): InjectedFault | null {
    let where = `${url.pathname}${url.search}`;
    try {
      where = decodeURIComponent(where.replace(/\+/g, " "));
    } catch {
      // an undecodable query is matched as sent
    }
    const i = faults.findIndex((f) => f.target === target && (!f.match || where.toLowerCase().includes(f.match)));
    if (i < 0) return null;
    const found = faults[i];
    if (--found.remaining <= 0) faults.splice(i, 1);
    return found;
  }

  /** Waits, then answers the fault as QuickBooks would; false when the call should go on (a slow answer). */
  async function applyFault(res: ServerResponse, found: InjectedFault): Promise<boolean> {
    if (found.delayMs) await new Promise((done) => setTimeout(done, found.delayMs));
    if (res.destroyed || found.status === 0) return res.destroyed;
    if (found.target === "token") {
      sendJson(res, found.status, { error: found.status === 400 ? "invalid_grant" : found.status === 401 ? "invalid_client" : "server_error" });
      return true;
    }
    const headers: Record<string, string> = found.retryAfter !== null ? { "retry-after": String(found.retryAfter) } : {};
    const body =
      found.status === 401
        ? authFault("Token expired: the access token is no longer valid (injected by the stand-in)").body
        : found.status === 403
          ? fault(403, "AUTHORIZATION", "003100", "message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403", "Injected by the stand-in").body
          : found.status === 429
            ? fault(429, "ThrottleExceeded", "003001", "message=ThrottleExceeded; errorCode=003001; statusCode=429", "The request limit was reached (injected)").body
            : found.status === 400
              ? fault(400, "ValidationFault", "4000", "Error parsing query", "Injected by the stand-in").body
              : fault(found.status, "SystemFault", "10000", "An application error has occurred while processing your request", "System Failure Error (injected)").body;
    sendJson(res, found.status, body, headers);
    return true;
  }

  return async (req, res, url) => {
    const path = url.pathname.slice("/qbo".length) || "/";
    const method = req.method ?? "GET";
    if (path === "/connect" && method === "GET") return consentPage(res, url.searchParams);
    if (path === "/connect" && method === "POST") return decide(req, res);
    if (path === "/oauth2/token" && method === "POST") {
      const found = takeFault("token", url);
      if (found && (await applyFault(res, found))) return;
      return token(req, res);
    }
    if (path === "/oauth2/revoke" && method === "POST") return revoke(req, res);
    if (path === "/test/expire-tokens" && method === "POST") return expireTokens(req, res);
    if (path === "/test/revoke" && method === "POST") return revokeAll(res);
    if (path === "/test/faults" && method === "POST") return injectFault(req, res);
    const api = /^\/v3\/company\/([^/]+)\/(query|customer|customer\/([^/]+)|companyinfo\/[^/]+)$/.exec(path);
    if (api) {
      const found = takeFault("api", url);
      if (found && (await applyFault(res, found))) return;
      const [, realmId, resource, customerId] = api;
      if (resource === "query" && (method === "GET" || method === "POST")) return query(req, res, url, realmId);
      if (resource === "customer" && method === "POST") return createCustomer(req, res, realmId);
      if (customerId !== undefined && method === "GET") return readCustomer(req, res, realmId, decodeURIComponent(customerId));
      if (resource.startsWith("companyinfo/") && method === "GET") return companyInfo(req, res, realmId);
    }
    throw fault(404, "ValidationFault", "404", "Not found", `The stand-in has no route for ${method} /qbo${path}`);
  };
}

function loadTokens(file: string): TokenState {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<TokenState>;
    return { access: saved.access ?? {}, refresh: saved.refresh ?? {} };
  } catch {
    return { access: {}, refresh: {} };
  }
}

function loadCreated(file: string): QboCustomer[] {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return Array.isArray(saved) ? (saved as QboCustomer[]) : [];
  } catch {
    return [];
  }
}
