// The local Google OpenID stand-in: account chooser from the users table, code → token → ID token that
// verifies against /google/jwks, userinfo, the test ID-token helper and a signing key that survives restarts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, users } from "../../db/schema";
import { localEnv } from "../../config/local-env";
import { parseEnv } from "~/lib/env.server";
import { verifyGoogleIdToken } from "~/lib/google.server";
import type { Database } from "~/lib/db.server";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createTestDatabase } from "../support/db";

/** Response bodies under test are checked field by field. */
type Json = any;

const CLIENT_ID = "local-client-id";
const CLIENT_SECRET = "local-client-secret";
const REDIRECT = "http://127.0.0.1:5173/auth/google/callback";

let db: Database;
let dataDir: string;
let standins: RunningStandins;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "standins-google-"));
  await db.insert(roles).values([
    { id: "admin", name: "Admin", isAdmin: true },
    { id: "warehouse-employee", name: "Warehouse Employee" },
  ]).onConflictDoNothing();
  await db.insert(users).values([
    { email: "admin@goldengrain.test", name: "Ada Admin", roleId: "admin" },
    { email: "warehouse@goldengrain.test", name: "Walt Warehouse", roleId: "warehouse-employee" },
  ]);
  standins = await startStandins({ port: 0, db, dataDir });
});

afterAll(async () => {
  await standins?.close();
});

function authorizeUrl(extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT, state: "st-123", scope: "openid email profile", response_type: "code", ...extra });
  return `${standins.url}/google/authorize?${params}`;
}

/** Picks an account on the chooser the way the browser's form post does; returns the redirect target. */
async function chooseAccount(fields: Record<string, string>, extra: Record<string, string> = {}) {
  const params = new URL(authorizeUrl(extra)).searchParams;
  for (const [k, v] of Object.entries(fields)) params.set(k, v);
  const res = await fetch(`${standins.url}/google/authorize`, { method: "POST", body: params, redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") as string);
}

async function exchange(code: string, auth: "post" | "basic" = "post", secret = CLIENT_SECRET) {
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "basic") headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString("base64")}`;
  else {
    form.set("client_id", CLIENT_ID);
    form.set("client_secret", secret);
  }
  return fetch(`${standins.url}/google/token`, { method: "POST", headers, body: form });
}

describe("Google sign-in stand-in", () => {
  it("lists the seeded staff with their roles on a page marked as a local stand-in", async () => {
    const res = await fetch(authorizeUrl());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Local Google sign-in");
    expect(html).toContain("Local stand-in");
    expect(html).toMatch(/<button[^>]*name="account" value="admin@goldengrain.test"[\s\S]*?Ada Admin[\s\S]*?admin@goldengrain.test[\s\S]*?Admin[\s\S]*?<\/button>/);
    expect(html).toContain("warehouse@goldengrain.test");
    expect(html).toContain("Warehouse Employee");
    expect(html).toContain('name="email"');
  });

  it("refuses an unknown client or a missing redirect URI", async () => {
    expect((await fetch(authorizeUrl({ client_id: "someone-else" }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ redirect_uri: "" }))).status).toBe(400);
  });

  it("redirects with a one-time code and the state, and the code buys a signed ID token", async () => {
    const target = await chooseAccount({ account: "admin@goldengrain.test" }, { nonce: "n-1" });
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT);
    expect(target.searchParams.get("state")).toBe("st-123");
    const code = target.searchParams.get("code") as string;
    expect(code).toBeTruthy();

    const res = await exchange(code);
    expect(res.status).toBe(200);
    const body = await res.json<Json>();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
    expect(body.access_token).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(`${standins.url}/google/jwks`));
    const { payload, protectedHeader } = await jwtVerify(body.id_token, jwks, { issuer: `${standins.url}/google`, audience: CLIENT_ID });
    expect(protectedHeader.alg).toBe("RS256");
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      email: "admin@goldengrain.test",
      email_verified: true,
      hd: "goldengrain.test",
      name: "Ada Admin",
      given_name: "Ada",
      family_name: "Admin",
      nonce: "n-1",
    });
    expect(payload.sub).toMatch(/^\d{21}$/);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.picture).toEqual(expect.any(String));

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json<Json>()).toMatchObject({ error: "invalid_grant" });
  });

  it("accepts HTTP Basic client authentication and rejects a wrong secret", async () => {
    const good = await exchange((await chooseAccount({ account: "warehouse@goldengrain.test" })).searchParams.get("code") as string, "basic");
    expect(good.status).toBe(200);
    const bad = await exchange((await chooseAccount({ account: "warehouse@goldengrain.test" })).searchParams.get("code") as string, "basic", "wrong");
    expect(bad.status).toBe(401);
    expect(await bad.json<Json>()).toMatchObject({ error: "invalid_client" });
  });

  it("answers userinfo for the access token and 401 without one", async () => {
    const code = (await chooseAccount({ account: "warehouse@goldengrain.test" })).searchParams.get("code") as string;
    const { access_token } = await (await exchange(code)).json<Json>();
    const info = await fetch(`${standins.url}/google/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json<Json>()).toMatchObject({
      email: "warehouse@goldengrain.test",
      email_verified: true,
      name: "Walt Warehouse",
      given_name: "Walt",
      family_name: "Warehouse",
      hd: "goldengrain.test",
      locale: "en",
    });
    expect((await fetch(`${standins.url}/google/userinfo`)).status).toBe(401);
    expect((await fetch(`${standins.url}/google/userinfo`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
  });

  it("signs in an outsider typed into the email field without an hd claim, and the app refuses them", async () => {
    const code = (await chooseAccount({ email: "stranger@gmail.com", name: "Sam Stranger" })).searchParams.get("code") as string;
    const { id_token } = await (await exchange(code)).json<Json>();
    const jwks = createRemoteJWKSet(new URL(`${standins.url}/google/jwks`));
    const { payload } = await jwtVerify(id_token, jwks, { issuer: `${standins.url}/google`, audience: CLIENT_ID });
    expect(payload.email).toBe("stranger@gmail.com");
    expect(payload.name).toBe("Sam Stranger");
    expect(payload).not.toHaveProperty("hd");

    const env = parseEnv(localEnv({ ...process.env, STANDINS_URL: standins.url }));
    await expect(verifyGoogleIdToken(env, id_token)).rejects.toThrow(/company/i);
  });

  it("issues test ID tokens the app's verifier accepts, and expired or foreign-audience ones it refuses", async () => {
    const mint = async (body: Record<string, unknown>) => {
      const res = await fetch(`${standins.url}/google/test/id-token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return ((await res.json<Json>()) as { idToken: string }).idToken;
    };
    const env = parseEnv(localEnv({ ...process.env, STANDINS_URL: standins.url }));
    await expect(verifyGoogleIdToken(env, await mint({ email: "admin@goldengrain.test" }))).resolves.toMatchObject({ email: "admin@goldengrain.test", name: "Ada Admin" });
    await expect(verifyGoogleIdToken(env, await mint({ email: "admin@goldengrain.test", expSeconds: -60 }))).rejects.toThrow(/exp/i);
    await expect(verifyGoogleIdToken(env, await mint({ email: "admin@goldengrain.test", aud: "another-app" }))).rejects.toThrow(/aud/i);
    await expect(verifyGoogleIdToken(env, await mint({ email: "admin@goldengrain.test", hd: null }))).rejects.toThrow(/company/i);

    const bad = await fetch(`${standins.url}/google/test/id-token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "x" }) });
    expect(bad.status).toBe(400);
  });

  it("keeps its signing key across a restart, so earlier tokens still verify", async () => {
    const code = (await chooseAccount({ account: "admin@goldengrain.test" })).searchParams.get("code") as string;
    const { id_token } = await (await exchange(code)).json<Json>();
    const kid = decodeProtectedHeader(id_token).kid;

    const second = await startStandins({ port: 0, db, dataDir });
    try {
      const { keys } = await (await fetch(`${second.url}/google/jwks`)).json<Json>();
      expect(keys.map((k: { kid: string }) => k.kid)).toEqual([kid]);
      const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(`${second.url}/google/jwks`)), { audience: CLIENT_ID });
      expect(payload.email).toBe("admin@goldengrain.test");
    } finally {
      await second.close();
    }
  });
});
