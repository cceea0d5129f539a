// QuickBooks through the app's own doors, against the real stand-in and a seeded libSQL file: /api/qb/* as
// allowed and refused roles, the admin's connect flow (state bound to the session, tokens stored encrypted),
// hostile search strings, QuickBooks' 401/429/500 and timeouts, expiry → ensure-auth, a revoked refresh
// token → reconnect, and the customers page's first data equal to the /api answer (decision 008).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qboConnections } from "../../db/schema";
import { openToken } from "~/lib/quickbooks.server";
import * as customersRoute from "~/routes/api.qb.customers";
import * as customerRoute from "~/routes/api.qb.customers.$id";
import * as ensureAuthRoute from "~/routes/api.qb.ensure-auth";
import { CustomerAnswer, CustomersAnswer, EnsureAuthAnswer } from "~/domain/quickbooks/contract";
import * as startRoute from "~/routes/api.qb.oauth.start";
import * as callbackRoute from "~/routes/api.qb.oauth.callback";
import * as pageRoute from "~/routes/_app.quickbooks-customers/route";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";
import type { Database } from "~/lib/db.server";

/** Response bodies under test are checked field by field. */
type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

const REALM = "9130350000000001";
const ADMIN = "admin@goldengrain.test";

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;

function contextAt(now?: Date) {
  return createTestContext(db, {
    now,
    env: {
      QBO_API_BASE_URL: `${standins.url}/qbo`,
      QBO_AUTHORIZATION_URL: `${standins.url}/qbo/connect`,
      QBO_TOKEN_URL: `${standins.url}/qbo/oauth2/token`,
      QBO_TIMEOUT_MS: "400",
    },
  });
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "quickbooks-api-")) });
  ctx = contextAt();
}, 60_000);

afterAll(async () => {
  await standins?.close();
});

const cookie = (name: string) => staffCookie(ctx.app, `${name}@goldengrain.test`);

async function call(handler: Handler, path: string, init: { cookie?: string; method?: string; json?: unknown; body?: string; headers?: Record<string, string>; params?: Record<string, string>; context?: AppLoadContext } = {}) {
  const req = request(path, { method: init.method ?? "GET", cookie: init.cookie, json: init.json, body: init.body, headers: init.headers });
  return (await settle(() => handler({ request: req, context: init.context ?? ctx, params: init.params ?? {} }))) as Response;
}

const search = async (name: string, who = "sales", extra = "") => call(customersRoute.loader, `/api/qb/customers?name=${encodeURIComponent(name)}${extra}`, { cookie: await cookie(who) });
const ensureAuth = async (who = "sales") => call(ensureAuthRoute.action, "/api/qb/ensure-auth", { method: "POST", cookie: await cookie(who), json: {} });

async function injectFault(fault: Record<string, unknown>) {
  expect((await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify(fault) })).status).toBe(200);
}

async function connection() {
  const rows = await db.select().from(qboConnections);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The admin's whole connect flow: start (this session) → the consent page's button → the callback (`finishWith` session). */
async function connect(opts: { startWith?: string; finishWith?: string; decision?: "authorize" | "cancel"; finishContext?: AppLoadContext } = {}) {
  const startCookie = opts.startWith ?? (await cookie("admin"));
  const started = await call(startRoute.loader, "/api/qb/oauth/start", { cookie: startCookie });
  expect(started.status).toBe(302);
  const consent = new URL(started.headers.get("location")!);
  expect(`${consent.origin}${consent.pathname}`).toBe(`${standins.url}/qbo/connect`);
  const form = new URLSearchParams(consent.searchParams);
  form.set("decision", opts.decision ?? "authorize");
  const back = await fetch(`${standins.url}/qbo/connect`, { method: "POST", body: form, redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  expect(callback.pathname).toBe("/api/qb/oauth/callback");
  const done = await call(callbackRoute.loader, `${callback.pathname}${callback.search}`, { cookie: opts.finishWith ?? startCookie, context: opts.finishContext });
  return { done, callback, session: opts.finishWith ?? startCookie, outcome: done.status === 302 ? new URL(done.headers.get("location")!, "http://x").searchParams.get("qbo") : null };
}

describe("before QuickBooks is connected", () => {
  it("the calls answer 409 'not connected' with a code, never a 5xx", async () => {
    const res = await search("golden");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, error: "QuickBooks is not connected. An admin must connect QuickBooks.", code: "qbo_not_connected" });
    const ensured = await ensureAuth();
    expect(ensured.status).toBe(409);
    expect((await ensured.json<Json>()).code).toBe("qbo_not_connected");
  });

  it("the page shows the same answer as data, and admins the status", async () => {
    const page = (await pageRoute.loader({ request: request("/quickbooks-customers?name=golden", { cookie: await cookie("sales") }), context: ctx, params: {} } as never)) as Json;
    expect(page.search).toMatchObject({ success: false, code: "qbo_not_connected" });
    expect(page.connection).toBeNull();
    const admin = (await pageRoute.loader({ request: request("/quickbooks-customers", { cookie: await cookie("admin") }), context: ctx, params: {} } as never)) as Json;
    expect(admin).toMatchObject({ search: null, canConnect: true, connection: { connected: false } });
  });
});

describe("who may call", () => {
  it("warehouse employees, drivers and passcode phones are refused every QuickBooks call", async () => {
    for (const who of ["warehouse", "driver"]) {
      expect((await search("golden", who)).status).toBe(403);
      expect((await call(customerRoute.loader, "/api/qb/customers/1", { cookie: await cookie(who), params: { id: "1" } })).status).toBe(403);
      expect((await ensureAuth(who)).status).toBe(403);
    }
    const phone = await passcodeCookie(ctx.app);
    expect((await call(customersRoute.loader, "/api/qb/customers?name=a", { cookie: phone })).status).toBe(403);
    expect((await call(customersRoute.loader, "/api/qb/customers?name=a")).status).toBe(401);
  });

  it("only admins start or finish the connect flow", async () => {
    for (const who of ["logistics", "sales", "warehouse", "driver"]) {
      expect((await call(startRoute.loader, "/api/qb/oauth/start", { cookie: await cookie(who) })).status).toBe(403);
      expect((await call(callbackRoute.loader, "/api/qb/oauth/callback?code=x&state=y&realmId=1", { cookie: await cookie(who) })).status).toBe(403);
    }
    expect((await call(startRoute.action, "/api/qb/oauth/start", { method: "POST", cookie: await cookie("admin") })).status).toBe(405);
  });
});

describe("connecting QuickBooks (admin)", () => {
  it("a state from another session is refused and stores nothing (CSRF)", async () => {
    const { outcome } = await connect({ startWith: await cookie("admin"), finishWith: await cookie("admin") });
    expect(outcome).toBe("invalid");
    expect(await db.select().from(qboConnections)).toHaveLength(0);
  });

  it("a state older than ten minutes is refused", async () => {
    const { outcome } = await connect({ finishContext: contextAt(new Date(Date.now() + 11 * 60_000)) });
    expect(outcome).toBe("expired");
    expect(await db.select().from(qboConnections)).toHaveLength(0);
  });

  it("a missing or tampered state, and Cancel on QuickBooks' page, store nothing", async () => {
    const admin = await cookie("admin");
    for (const query of ["?code=abc&realmId=1", "?code=abc&realmId=1&state=aaaaaaaaaaaaaaaaaaaa.9999999999.00", "?state=%27%3Cscript%3E"]) {
      const res = await call(callbackRoute.loader, `/api/qb/oauth/callback${query}`, { cookie: admin });
      expect(res.headers.get("location")).toBe("/quickbooks-customers?qbo=invalid");
    }
    expect((await connect({ decision: "cancel" })).outcome).toBe("denied");
    expect(await db.select().from(qboConnections)).toHaveLength(0);
  });

  it("start → consent → callback stores the connection encrypted, by whom and when", async () => {
    const before = Date.now();
    const { done, outcome, callback, session } = await connect();
    expect(done.headers.get("location")).toBe("/quickbooks-customers?qbo=connected");
    expect(outcome).toBe("connected");
    const row = await connection();
    expect(row).toMatchObject({ realmId: REALM, connectedBy: ADMIN, refusedAt: null });
    expect(Date.parse(row.connectedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const access = await openToken(ctx.app, row.accessToken, "access", REALM);
    const refresh = await openToken(ctx.app, row.refreshToken, "refresh", REALM);
    // At rest the columns hold ciphertext: neither the plain tokens nor anything QuickBooks accepts.
    expect(row.accessToken).not.toContain(access);
    expect(row.refreshToken).not.toContain(refresh);
    expect(row.accessToken).toMatch(/^v1\./);
    const raw = await fetch(`${standins.url}/qbo/v3/company/${REALM}/customer/1`, { headers: { accept: "application/json", authorization: `Bearer ${row.accessToken}` } });
    expect(raw.status).toBe(401);

    // The code was spent: the same callback again (same session, valid state) fails and keeps the connection.
    const again = await call(callbackRoute.loader, `${callback.pathname}${callback.search}`, { cookie: session });
    expect(again.headers.get("location")).toBe("/quickbooks-customers?qbo=failed");
    expect((await connection()).accessToken).toBe(row.accessToken);
  });

  it("admins see who connected and the expiry; the others only whether it is connected", async () => {
    const asAdmin = await ensureAuth("admin");
    expect(asAdmin.status).toBe(200);
    // The screens read these answers through their contracts: a renamed field fails here first.
    expect(EnsureAuthAnswer.parse(await asAdmin.clone().json())).toMatchObject({ connected: true, connectedBy: ADMIN });
    expect((await asAdmin.json<Json>()).data).toMatchObject({ connected: true, connectedBy: ADMIN, realmId: REALM, accessTokenExpiresAt: expect.any(String), refreshTokenExpiresAt: expect.any(String) });
    const asSales = await ensureAuth("sales");
    expect(EnsureAuthAnswer.parse(await asSales.clone().json())).toEqual({ connected: true });
    expect((await asSales.json<Json>()).data).toEqual({ connected: true });
  });
});

describe("customer search and detail", () => {
  it("office roles search by part of the name; limit=5 is the balance lookup's displayName and balance", async () => {
    for (const who of ["admin", "logistics", "sales"]) {
      const res = await search("golden dragon", who, "&limit=5");
      expect(res.status).toBe(200);
      const body = await res.json<Json>();
      expect(body.success).toBe(true);
      expect(CustomersAnswer.parse(body)).toHaveLength(body.data.length);
      expect(body.data.map((c: Json) => c.displayName)).toEqual(["Golden Dragon Express", "Golden Dragon Restaurant"]);
      expect(body.data[0]).toMatchObject({ displayName: expect.any(String), balance: expect.any(Number) });
    }
    expect((await (await search("market", "sales", "&limit=2")).json<Json>()).data).toHaveLength(2);
    expect((await (await search("", "sales", "&limit=3")).json<Json>()).data).toHaveLength(3);
    expect((await (await search("no such customer")).json<Json>()).data).toEqual([]);
  });

  it.each([
    ["a quote", "tony's", ["Tony's Pizzeria"]],
    ["a quote at the end", "Mama Rosa'", ["Mama Rosa's Trattoria"]],
    ["an injection attempt", "x' or DisplayName like '%", []],
    ["an escaped quote", "\\'", []],
    ["a backslash", "\\", []],
    ["backslashes before a quote", "\\\\' or Id = '1", []],
    ["a percent sign", "%", []],
    ["percent around a real name", "%sushi%", []],
    ["percent inside a word", "Gold%n", []],
    ["SQL comment", "'; --", []],
    ["unicode", "Café 北京 🍚", []],
  ])("%s is searched literally, never injected", async (_label, name, expected) => {
    const res = await search(name);
    expect(res.status, await res.clone().text()).toBe(200);
    const found = ((await res.json<Json>()).data as Json[]).map((c) => c.displayName);
    expect(found).toEqual(expected);
  });

  it("bad queries are 400s with the field", async () => {
    for (const extra of ["&limit=0", "&limit=101", "&limit=abc", "&limit=1e3", "&limit=0x5"]) {
      const res = await search("golden", "sales", extra);
      expect(res.status, extra).toBe(400);
      expect((await res.json<Json>()).fieldErrors.limit).toBeDefined();
    }
    expect((await search("x".repeat(101))).status).toBe(400);
    expect((await search("tab\there")).status).toBe(400);
  });

  it("the detail call answers every field of the accounting customer; unknown ids are 404", async () => {
    const sales = await cookie("sales");
    const res = await call(customerRoute.loader, "/api/qb/customers/3", { cookie: sales, params: { id: "3" } });
    const body = await res.json<Json>();
    expect(CustomerAnswer.parse(body)).toStrictEqual(body.data);
    expect(body).toMatchObject({ success: true, data: { id: "3", displayName: "Brooklyn Fresh Market", meta: { created: expect.any(String), updated: expect.any(String) } } });
    expect(Object.keys(body.data).sort()).toEqual(
      ["balance", "balanceWithJobs", "billAddr", "companyName", "displayName", "familyName", "givenName", "id", "meta", "preferredDeliveryMethod", "primaryEmail", "primaryPhone", "shipAddr", "taxable"].sort(),
    );
    for (const id of ["99999", "abc", "1 or 1=1", "-1"]) {
      const missing = await call(customerRoute.loader, `/api/qb/customers/${encodeURIComponent(id)}`, { cookie: sales, params: { id } });
      expect(missing.status, id).toBe(404);
      expect(await missing.json<Json>()).toMatchObject({ success: false, error: expect.any(String) });
    }
  });
});

describe("QuickBooks' faults reach the screens as the spec's messages, with a code", () => {
  it("429: rate limited, with Retry-After", async () => {
    await injectFault({ status: 429, retryAfter: 12, match: "sakura" });
    const res = await search("Sakura");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("12");
    expect(await res.json()).toEqual({ success: false, code: "qbo_rate_limited", error: "QuickBooks is receiving too many requests (429). Try again in 12 seconds." });
    expect((await search("Sakura")).status).toBe(200);
  });

  it("500: QuickBooks is not available (502)", async () => {
    await injectFault({ status: 500, match: "customer/3" });
    const res = await call(customerRoute.loader, "/api/qb/customers/3", { cookie: await cookie("sales"), params: { id: "3" } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, code: "qbo_unavailable", error: "QuickBooks is not available right now (500). Try again in a moment." });
  });

  it("a timeout is a 504 after QBO_TIMEOUT_MS", async () => {
    await injectFault({ status: 0, delayMs: 1500, match: "bangkok" });
    const res = await search("Bangkok");
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ success: false, code: "qbo_timeout", error: "QuickBooks did not answer within 1 second. Try again." });
  });

  it("the page's first search carries the fault as data, not the error page", async () => {
    await injectFault({ status: 500, match: "kyoto" });
    const page = (await pageRoute.loader({ request: request("/quickbooks-customers?name=Kyoto", { cookie: await cookie("sales") }), context: ctx, params: {} } as never)) as Json;
    expect(page.search).toMatchObject({ success: false, code: "qbo_unavailable", status: 502 });
  });

  it("401 a refresh does not cure: qbo_auth; ensure-auth then the retry succeed (the screens' path)", async () => {
    await injectFault({ status: 401, count: 2, match: "lotus" });
    const res = await search("Lotus");
    expect(res.status).toBe(502);
    const body = await res.json<Json>();
    expect(body.code).toBe("qbo_auth");
    expect(body.error).toMatch(/QuickBooks refused the access token \(401\)/);
    expect((await ensureAuth()).status).toBe(200);
    expect((await (await search("Lotus")).json<Json>()).data).toHaveLength(1);
  });
});

describe("token lifetime", () => {
  it("an access token QuickBooks expired early is replaced on the next call", async () => {
    const before = await connection();
    const plain = await openToken(ctx.app, before.accessToken, "access", REALM);
    await fetch(`${standins.url}/qbo/test/expire-tokens`, { method: "POST", body: JSON.stringify({ accessToken: plain }) });
    expect((await search("golden dragon")).status).toBe(200);
    expect(await openToken(ctx.app, (await connection()).accessToken, "access", REALM)).not.toBe(plain);
  });

  it("ensure-auth refreshes a token that is about to expire, and stores the new one encrypted", async () => {
    const before = await connection();
    await db.update(qboConnections).set({ accessTokenExpiresAt: new Date(Date.now() + 30_000).toISOString() }).where(eq(qboConnections.id, before.id));
    const res = await ensureAuth("admin");
    expect(res.status).toBe(200);
    const after = await connection();
    expect(Date.parse(after.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 3500_000);
    expect(await openToken(ctx.app, after.accessToken, "access", REALM)).not.toBe(await openToken(ctx.app, before.accessToken, "access", REALM));
    expect((await ensureAuth("admin").then((r) => r.json<Json>())).data.accessTokenExpiresAt).toBe(after.accessTokenExpiresAt);
  });

  it("ensure-auth reads its body first: malformed or non-JSON bodies are refused and nothing is refreshed", async () => {
    const before = await connection();
    await db.update(qboConnections).set({ accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(qboConnections.id, before.id));
    const admin = await cookie("admin");
    expect((await call(ensureAuthRoute.action, "/api/qb/ensure-auth", { method: "POST", cookie: admin, body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await call(ensureAuthRoute.action, "/api/qb/ensure-auth", { method: "POST", cookie: admin, body: "x", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await call(ensureAuthRoute.action, "/api/qb/ensure-auth", { method: "POST", cookie: admin, json: [1] })).status).toBe(400);
    expect((await connection()).accessToken).toBe(before.accessToken);
    expect((await call(ensureAuthRoute.loader, "/api/qb/ensure-auth", { cookie: admin })).status).toBe(405);
  });

  it("a revoked refresh token asks an admin to reconnect; reconnecting clears it", async () => {
    await fetch(`${standins.url}/qbo/test/revoke`, { method: "POST" });
    const res = await search("golden");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      success: false,
      code: "qbo_reconnect",
      error: "QuickBooks refused the saved connection (the refresh token was revoked or has expired). An admin must reconnect QuickBooks.",
    });
    expect((await ensureAuth()).status).toBe(409);
    const admin = (await pageRoute.loader({ request: request("/quickbooks-customers", { cookie: await cookie("admin") }), context: ctx, params: {} } as never)) as Json;
    expect(admin.connection).toMatchObject({ connected: true, refusedAt: expect.any(String), refusedReason: expect.stringMatching(/reconnect/) });
    expect(JSON.stringify(admin)).not.toMatch(/v1\.[\w-]{10,}/);

    expect((await connect()).outcome).toBe("connected");
    expect((await search("golden")).status).toBe(200);
    expect(await connection()).toMatchObject({ refusedAt: null });
  });
});

describe("the customers page brings its first data (decision 008)", () => {
  it("`?name=` is answered by the loader exactly as /api answers it", async () => {
    const sales = await cookie("sales");
    const page = (await pageRoute.loader({ request: request("/quickbooks-customers?name=sushi", { cookie: sales }), context: ctx, params: {} } as never)) as Json;
    const api = await (await search("sushi")).json<Json>();
    expect(page.search).toEqual(api);
    expect(page).toMatchObject({ name: "sushi", canConnect: false, connection: null, outcome: null });
  });

  it("a name the API refuses shows the API's message", async () => {
    const page = (await pageRoute.loader({ request: request(`/quickbooks-customers?name=${"y".repeat(120)}`, { cookie: await cookie("sales") }), context: ctx, params: {} } as never)) as Json;
    expect(page.search).toMatchObject({ success: false, status: 400, error: expect.stringMatching(/name: must be at most 100 characters/) });
  });

  it("only known connect outcomes are read from the URL, and the page takes no writes", async () => {
    const admin = await cookie("admin");
    const ok = (await pageRoute.loader({ request: request("/quickbooks-customers?qbo=connected", { cookie: admin }), context: ctx, params: {} } as never)) as Json;
    expect(ok.outcome).toBe("connected");
    const odd = (await pageRoute.loader({ request: request("/quickbooks-customers?qbo=%3Cb%3E", { cookie: admin }), context: ctx, params: {} } as never)) as Json;
    expect(odd.outcome).toBeNull();
    const posted = (await settle(() => pageRoute.action({ request: request("/quickbooks-customers", { method: "POST", cookie: admin, json: {} }), context: ctx, params: {} } as never))) as Response;
    expect(posted.status).toBe(405);
  });
});
