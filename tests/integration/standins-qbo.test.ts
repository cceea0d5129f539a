// QuickBooks Online through app/lib/quickbooks.server.ts against the local sandbox emulator: connect
// (consent → code → tokens, stored encrypted), customer search and read in the spec's shape, token refresh,
// the 401s, a revoked connection, and the stand-in's fault hooks (429, 500, a slow answer).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qboConnections } from "../../db/schema";
import { localEnv } from "../../config/local-env";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import {
  ensureQboAuth,
  exchangeQboCode,
  getQboCustomer,
  openToken,
  QboAuthError,
  qboAuthorizeUrl,
  qboConnectionStatus,
  QboError,
  QboRateLimitError,
  QboTimeoutError,
  searchQboCustomers,
} from "~/lib/quickbooks.server";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createTestDatabase } from "../support/db";

/** Response bodies under test are checked field by field. */
type Json = any;

const REALM = "9130350000000001";

let db: Database;
let standins: RunningStandins;
let ctx: AppContext;

beforeAll(async () => {
  db = await createTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "standins-qbo-")) });
  ctx = { env: parseEnv(localEnv({ ...process.env, STANDINS_URL: standins.url, QBO_TIMEOUT_MS: "400" })), db, files: {} as R2Bucket, now: () => new Date(), waitUntil: () => {} };
});

afterAll(async () => {
  await standins?.close();
});

/** Follows the connect link and presses 'Authorize' (or 'Cancel') like the browser would. */
async function consent(state: string, decision: "authorize" | "cancel" = "authorize") {
  const link = new URL(qboAuthorizeUrl(ctx, state));
  const pageRes = await fetch(link);
  expect(pageRes.status).toBe(200);
  expect(await pageRes.text()).toMatch(/<button[^>]*value="authorize"[^>]*>Authorize<\/button>/);
  const form = new URLSearchParams(link.searchParams);
  form.set("decision", decision);
  const res = await fetch(`${standins.url}/qbo/connect`, { method: "POST", body: form, redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") as string);
}

async function connection() {
  const rows = await db.select().from(qboConnections);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** The plain access token behind the stored ciphertext. */
async function plainAccessToken() {
  const row = await connection();
  return openToken(ctx, row.accessToken, "access", row.realmId);
}

async function injectFault(fault: Record<string, unknown>) {
  const res = await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify(fault) });
  expect(res.status).toBe(200);
}

async function apiGet(path: string, token?: string) {
  return fetch(`${standins.url}/qbo/v3/company/${REALM}/${path}`, { headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

describe("QuickBooks before connecting", () => {
  it("ensureQboAuth and the customer calls throw QboAuthError naming QuickBooks", async () => {
    await expect(ensureQboAuth(ctx)).rejects.toBeInstanceOf(QboAuthError);
    await expect(searchQboCustomers(ctx, "golden", 5)).rejects.toThrow(/QuickBooks is not connected/);
    await expect(getQboCustomer(ctx, "1")).rejects.toBeInstanceOf(QboAuthError);
  });

  it("the API answers 401 in QBO's Fault shape without a bearer token", async () => {
    const res = await apiGet("customer/1");
    expect(res.status).toBe(401);
    const body = await res.json<Json>();
    expect(body.Fault.type).toBe("AUTHENTICATION");
    expect(body.Fault.Error[0]).toMatchObject({ code: "3200", Message: expect.stringMatching(/AuthenticationFailed/) });
    expect((await apiGet("customer/1", "made-up-token")).status).toBe(401);
  });
});

describe("connecting QuickBooks", () => {
  it("the connect link carries the client, scope and the app's callback", () => {
    const link = new URL(qboAuthorizeUrl(ctx, "state-1"));
    expect(`${link.origin}${link.pathname}`).toBe(`${standins.url}/qbo/connect`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: "local-qbo-client",
      response_type: "code",
      scope: "com.intuit.quickbooks.accounting",
      redirect_uri: `${ctx.env.APP_URL}/api/qb/oauth/callback`,
      state: "state-1",
    });
  });

  it("'Cancel' comes back with access_denied and no code", async () => {
    const back = await consent("state-x", "cancel");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("'Authorize' returns code, state and realmId; the exchange stores the one connection", async () => {
    const back = await consent("state-2");
    expect(`${back.origin}${back.pathname}`).toBe(`${ctx.env.APP_URL}/api/qb/oauth/callback`);
    expect(back.searchParams.get("state")).toBe("state-2");
    expect(back.searchParams.get("realmId")).toBe(REALM);
    const code = back.searchParams.get("code") as string;

    const before = Date.now();
    await expect(exchangeQboCode(ctx, { code, realmId: REALM, connectedBy: "admin@goldengrain.test" })).resolves.toEqual({ realmId: REALM });
    const row = await connection();
    expect(row).toMatchObject({ realmId: REALM, connectedBy: "admin@goldengrain.test" });
    expect(Date.parse(row.accessTokenExpiresAt) - before).toBeGreaterThan(3590_000);

    // Stored encrypted: neither column holds a token QuickBooks would accept.
    expect(row.accessToken).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(row.refreshToken).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect((await apiGet("customer/1", row.accessToken)).status).toBe(401);
    expect((await apiGet("customer/1", await plainAccessToken())).status).toBe(200);
    expect(row.connectedAt).toBeTruthy();
    expect(row.refreshTokenExpiresAt).toBeTruthy();

    // A code works once.
    await expect(exchangeQboCode(ctx, { code, realmId: REALM })).rejects.toBeInstanceOf(QboAuthError);

    // Connecting again replaces the tokens in the same row.
    const again = (await consent("state-3")).searchParams.get("code") as string;
    await exchangeQboCode(ctx, { code: again, realmId: REALM });
    const replaced = await connection();
    expect(replaced.id).toBe(row.id);
    expect(replaced.accessToken).not.toBe(row.accessToken);
  });
});

describe("customers (after connecting)", () => {
  it("searches by part of the display name, any case, within the limit", async () => {
    const dragons = await searchQboCustomers(ctx, "golden DRAGON", 5);
    expect(dragons.map((c) => c.displayName)).toEqual(["Golden Dragon Express", "Golden Dragon Restaurant"]);

    const sushi = await searchQboCustomers(ctx, "sushi", 10);
    expect(sushi.map((c) => c.displayName)).toEqual(expect.arrayContaining(["Sakura Sushi Bar", "Kyoto Sushi & Grill", "Hoboken Sushi Co."]));
    expect(sushi.every((c) => /sushi/i.test(c.displayName))).toBe(true);

    expect(await searchQboCustomers(ctx, "market", 2)).toHaveLength(2);
    expect(await searchQboCustomers(ctx, "no such customer anywhere", 5)).toEqual([]);
    expect(await searchQboCustomers(ctx, "", 3)).toHaveLength(3);
  });

  it("escapes quotes in the name", async () => {
    expect((await searchQboCustomers(ctx, "tony's", 5)).map((c) => c.displayName)).toEqual(["Tony's Pizzeria"]);
    expect(await searchQboCustomers(ctx, "x' or DisplayName like '%", 5)).toEqual([]);
  });

  it("reads one customer in the spec's 'Accounting customer' shape", async () => {
    const [found] = await searchQboCustomers(ctx, "Sakura Sushi Bar", 1);
    const sakura = await getQboCustomer(ctx, found.id);
    expect(sakura).toEqual(found);
    expect(sakura).toMatchObject({
      displayName: "Sakura Sushi Bar",
      companyName: "Sakura Hospitality LLC",
      givenName: "Kenji",
      familyName: "Watanabe",
      primaryEmail: "ap@sakurasushibar.example",
      primaryPhone: expect.stringMatching(/^\(\d{3}\) 555-\d{4}$/),
      balance: expect.any(Number),
      balanceWithJobs: expect.any(Number),
      taxable: expect.any(Boolean),
      preferredDeliveryMethod: expect.stringMatching(/^(Email|Print|None)$/),
      meta: { created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      billAddr: { line1: expect.any(String), city: expect.any(String), state: expect.stringMatching(/^[A-Z]{2}$/), postalCode: expect.stringMatching(/^\d{5}$/) },
      shipAddr: null,
    });
    expect(sakura!.balance).toBeGreaterThan(0);

    const [dragon] = await searchQboCustomers(ctx, "Golden Dragon Restaurant", 1);
    expect(dragon.shipAddr).toEqual(dragon.billAddr);
    expect(await getQboCustomer(ctx, "99999")).toBeNull();
    expect(await getQboCustomer(ctx, "not-an-id")).toBeNull();
  });

  it("the raw API answers real QBO shapes, counts, and a Fault for a query it cannot parse", async () => {
    const { accessToken } = await ensureQboAuth(ctx);
    const query = (q: string) => apiGet(`query?query=${encodeURIComponent(q)}&minorversion=75`, accessToken);

    const listed = await (await query("select * from Customer startposition 1 maxresults 4")).json<Json>();
    expect(listed.QueryResponse.maxResults).toBe(4);
    expect(listed.QueryResponse.Customer).toHaveLength(4);
    expect(listed.QueryResponse.Customer[0]).toMatchObject({ Id: "1", DisplayName: "Golden Dragon Restaurant", MetaData: { CreateTime: expect.any(String) } });

    const liked = await (await query("SELECT * FROM Customer WHERE DisplayName LIKE '%fresh%' MAXRESULTS 10")).json<Json>();
    expect(liked.QueryResponse.Customer.map((c: { DisplayName: string }) => c.DisplayName)).toEqual(
      expect.arrayContaining(["Brooklyn Fresh Market", "Manhattan Fresh Foods", "Sunrise Fresh Produce"]),
    );

    const counted = await (await query("select count(*) from Customer")).json<Json>();
    expect(counted.QueryResponse.totalCount).toBeGreaterThanOrEqual(40);

    const none = await (await query("select * from Customer where DisplayName = 'Nobody'")).json<Json>();
    expect(none.QueryResponse).toEqual({});

    const broken = await query("select * from Customer where DisplayName like");
    expect(broken.status).toBe(400);
    expect((await broken.json<Json>()).Fault.Error[0].code).toBe("4000");

    const one = await (await apiGet("customer/3", accessToken)).json<Json>();
    expect(one.Customer.DisplayName).toBe("Brooklyn Fresh Market");
  });
});

describe("token refresh", () => {
  it("refreshes an access token that expires within two minutes and stores the new tokens", async () => {
    const before = await connection();
    await db.update(qboConnections).set({ accessTokenExpiresAt: new Date(Date.now() + 60_000).toISOString() }).where(eq(qboConnections.id, before.id));

    expect(await searchQboCustomers(ctx, "golden dragon", 5)).toHaveLength(2);
    const after = await connection();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 3500_000);
  });

  it("leaves a token with time to spare alone", async () => {
    const before = await connection();
    await ensureQboAuth(ctx);
    expect((await connection()).accessToken).toBe(before.accessToken);
  });

  it("recovers when QuickBooks says the token expired before our clock does", async () => {
    const before = await connection();
    const plain = await plainAccessToken();
    const expired = await fetch(`${standins.url}/qbo/test/expire-tokens`, { method: "POST", body: JSON.stringify({ accessToken: plain }) });
    expect(await expired.json<Json>()).toEqual({ expired: 1 });

    const stale = await apiGet("customer/1", plain);
    expect(stale.status).toBe(401);
    expect((await stale.json<Json>()).Fault.Error[0].Detail).toMatch(/expired/i);

    expect(await getQboCustomer(ctx, "1")).toMatchObject({ displayName: "Golden Dragon Restaurant" });
    expect((await connection()).accessToken).not.toBe(before.accessToken);
  });

  it("two refreshes at once keep one pair of tokens, both usable", async () => {
    const row = await connection();
    await db.update(qboConnections).set({ accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(qboConnections.id, row.id));
    const [a, b] = await Promise.all([ensureQboAuth(ctx), ensureQboAuth(ctx)]);
    for (const { accessToken } of [a, b]) expect((await apiGet("customer/1", accessToken)).status).toBe(200);
    expect(await plainAccessToken()).toMatch(/^eyJ/);
  });
});

describe("faults QuickBooks answers with", () => {
  it("429 is a rate limit with QuickBooks' Retry-After (or a minute)", async () => {
    await injectFault({ status: 429, retryAfter: 7, match: "sakura" });
    const error = await searchQboCustomers(ctx, "Sakura", 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QboRateLimitError);
    expect(error).toMatchObject({ retryAfterSeconds: 7, status: 429 });
    await injectFault({ status: 429, match: "sakura" });
    await expect(searchQboCustomers(ctx, "Sakura", 5)).rejects.toMatchObject({ retryAfterSeconds: 60 });
    // The faults were used up: the next call works.
    expect(await searchQboCustomers(ctx, "Sakura", 5)).toHaveLength(1);
  });

  it("500 is a QboError of that status; only the matching call fails", async () => {
    await injectFault({ status: 500, match: "kyoto" });
    expect(await searchQboCustomers(ctx, "Sakura", 5)).toHaveLength(1);
    await expect(searchQboCustomers(ctx, "Kyoto", 5)).rejects.toSatisfy((e: unknown) => e instanceof QboError && e.status === 500);
  });

  it("a slow answer is a timeout after QBO_TIMEOUT_MS", async () => {
    await injectFault({ status: 0, delayMs: 1500, match: "bangkok" });
    const started = Date.now();
    await expect(searchQboCustomers(ctx, "Bangkok", 5)).rejects.toBeInstanceOf(QboTimeoutError);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it("a 401 that a refresh does not cure is a QboAuthError the screens may retry", async () => {
    await injectFault({ status: 401, count: 2, match: "lotus" });
    await expect(getQboCustomer(ctx, "26")).resolves.toMatchObject({ displayName: "Lotus Vegetarian Kitchen" });
    await expect(searchQboCustomers(ctx, "Lotus", 5)).rejects.toMatchObject({ name: "QboAuthError", reason: "refused", status: 401 });
    expect(await searchQboCustomers(ctx, "Lotus", 5)).toHaveLength(1);
  });
});

describe("a revoked connection", () => {
  it("asks for a reconnect when the refresh token is no longer accepted, and records it for the admin", async () => {
    const revoked = await fetch(`${standins.url}/qbo/test/revoke`, { method: "POST" });
    expect((await revoked.json<Json>()).revoked).toBeGreaterThan(0);
    await expect(searchQboCustomers(ctx, "golden", 5)).rejects.toThrow(/reconnect QuickBooks/);
    const status = await qboConnectionStatus(ctx);
    expect(status).toMatchObject({ connected: true, refusedAt: expect.any(String), refusedReason: expect.stringMatching(/reconnect QuickBooks/) });
    // Refused once, QuickBooks is not asked again until an admin reconnects.
    await expect(ensureQboAuth(ctx)).rejects.toMatchObject({ reason: "reconnect" });

    const code = (await consent("state-again")).searchParams.get("code") as string;
    await exchangeQboCode(ctx, { code, realmId: REALM, connectedBy: "admin@goldengrain.test" });
    expect(await qboConnectionStatus(ctx)).toMatchObject({ refusedAt: null, refusedReason: null });
    expect(await searchQboCustomers(ctx, "golden dragon", 5)).toHaveLength(2);
  });

  it("a token that does not decrypt (another key, a plain legacy value) asks for a reconnect", async () => {
    const row = await connection();
    await db.update(qboConnections).set({ refreshToken: "revoked-refresh-token", accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(qboConnections.id, row.id));
    await expect(searchQboCustomers(ctx, "golden", 5)).rejects.toThrow(/reconnect QuickBooks/);
    await expect(ensureQboAuth(ctx)).rejects.toBeInstanceOf(QboAuthError);
  });

  it("a ciphertext moved to the other column does not open", async () => {
    const row = await connection();
    await expect(openToken(ctx, row.accessToken, "refresh", row.realmId)).rejects.toBeInstanceOf(QboAuthError);
    await expect(openToken(ctx, row.accessToken, "access", "9999")).rejects.toBeInstanceOf(QboAuthError);
  });
});
