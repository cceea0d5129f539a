// POST /api/session/login {idToken}: an ID token from the identity provider (the local Google stand-in)
// becomes a server session only when it is genuine, unexpired, for our client and from the company domain.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { action as sessionLogin } from "~/routes/api.session.login";
import { loader as me } from "~/routes/api.me";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle } from "../support/context";

let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "session-login-")) });
  const u = standins.url;
  ctx = createTestContext(db, {
    env: { GOOGLE_JWKS_URL: `${u}/google/jwks`, GOOGLE_ISSUERS: `${u}/google`, GOOGLE_TOKEN_URL: `${u}/google/token` },
  });
}, 60_000);

afterAll(() => standins?.close());

async function idToken(claims: Record<string, unknown>) {
  const res = await fetch(`${standins.url}/google/test/id-token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(claims) });
  return ((await res.json()) as { idToken: string }).idToken;
}

function login(body: unknown) {
  return settle(() => sessionLogin({ request: request("/api/session/login", { method: "POST", json: body }), context: ctx, params: {} })) as Promise<Response>;
}

describe("POST /api/session/login", () => {
  it("a company ID token opens a 12-hour session that /api/me recognises", async () => {
    const res = await login({ idToken: await idToken({ email: "sales@goldengrain.test", name: "Sam Sales" }) });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200/);
    const profile = (await (await me({ request: request("/api/me", { cookie: cookie.split(";")[0] }), context: ctx, params: {} }) as Response).json()) as { data: { roleId: string } };
    expect(profile.data.roleId).toBe("sales-rep");
  });

  it("a first sign-in creates the member without a role", async () => {
    const res = await login({ idToken: await idToken({ email: "newhire@goldengrain.test", name: "New Hire" }) });
    expect(res.status).toBe(200);
    const [member] = await ctx.app.db.select().from(users).where(eq(users.email, "newhire@goldengrain.test"));
    expect(member).toMatchObject({ name: "New Hire", roleId: null });
  });

  it.each([
    ["an outside domain", { email: "someone@gmail.example", hd: null }, "Only company Google accounts may sign in"],
    ["a forged hd claim", { email: "someone@gmail.example", hd: "goldengrain.test" }, "Only company Google accounts may sign in"],
    ["an unverified email", { email: "x@goldengrain.test", emailVerified: false }, "not verified"],
    ["another client's token", { email: "sales@goldengrain.test", aud: "someone-else" }, "Invalid ID token"],
    ["an expired token", { email: "sales@goldengrain.test", expSeconds: -120 }, "Invalid ID token"],
    ["another issuer", { email: "sales@goldengrain.test", iss: "https://evil.example" }, "Invalid ID token"],
  ])("refuses %s with 401 and no session", async (_label, claims, message) => {
    const res = await login({ idToken: await idToken(claims) });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });

  it.each([
    ["no body", undefined],
    ["a missing idToken", {}],
    ["a non-string idToken", { idToken: 42 }],
  ])("answers 400 to %s", async (_label, body) => {
    const res = await login(body);
    expect(res.status).toBe(400);
  });

  it("answers 401 to a token that is not a JWT at all", async () => {
    const res = await login({ idToken: "not-a-jwt-but-long-enough-to-pass" });
    expect(res.status).toBe(401);
  });
});
