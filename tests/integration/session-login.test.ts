// POST /api/session/login {idToken}: an ID token from the identity provider (the local Google stand-in)
// becomes a server session only when it is genuine, unexpired, for our client, from the company domain, and
// its member has a role (decision 029).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notifications, users } from "../../db/schema";
import { loadSigningKey, signJwt } from "../../stand-ins/google";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { SIGN_IN_REFUSALS } from "~/domain/access/sign-in";
import { action as removeUser } from "~/routes/api.admin.users.$email";
import { action as sessionLogin } from "~/routes/api.session.login";
import { loader as me } from "~/routes/api.me";
import { ACCESS_REQUEST_TITLE } from "~/services/auth.server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

let standins: RunningStandins;
let dataDir: string;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "session-login-"));
  standins = await startStandins({ port: 0, db, dataDir });
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

  it("a first sign-in records the member without a role and opens no session: they wait for an admin", async () => {
    const res = await login({ idToken: await idToken({ email: "newhire@goldengrain.test", name: "New Hire" }) });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(((await res.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.waiting);
    const [member] = await ctx.app.db.select().from(users).where(eq(users.email, "newhire@goldengrain.test"));
    expect(member).toMatchObject({ name: "New Hire", roleId: null });
    // The admins hear of it once, however often the person tries.
    await login({ idToken: await idToken({ email: "newhire@goldengrain.test", name: "New Hire" }) });
    const requests = await ctx.app.db.select().from(notifications).where(eq(notifications.title, ACCESS_REQUEST_TITLE));
    expect(requests.map((n) => [n.audienceGrant, n.message])).toEqual([
      ["admin:manage", "New Hire (newhire@goldengrain.test) signed in and is waiting for a role. Give them one in Admin → Users."],
    ]);
    const trail = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, "newhire@goldengrain.test"));
    expect(trail.map((e) => [e.action, e.actorEmail])).toEqual([["request-access", "newhire@goldengrain.test"]]);
  });

  it("once an admin gives the waiting member a role, the same sign-in opens a session", async () => {
    await login({ idToken: await idToken({ email: "laterhire@goldengrain.test", name: "Later Hire" }) });
    await ctx.app.db.update(users).set({ roleId: "sales-rep" }).where(eq(users.email, "laterhire@goldengrain.test"));
    const res = await login({ idToken: await idToken({ email: "laterhire@goldengrain.test", name: "Later Hire" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^__session=/);
  });

  it("a member an admin removed stays out when they sign in again: no session, no new member, no new request", async () => {
    const admin = await staffCookie(ctx.app, "admin@goldengrain.test");
    await ctx.app.db.insert(users).values({ email: "leaver@goldengrain.test", name: "Lee Leaver", roleId: "sales-rep" });
    const before = await login({ idToken: await idToken({ email: "leaver@goldengrain.test" }) });
    expect(before.status).toBe(200);
    const removed = (await settle(() =>
      removeUser({ request: request("/api/admin/users/leaver%40goldengrain.test", { method: "DELETE", cookie: admin }), context: ctx, params: { email: "leaver@goldengrain.test" } }),
    )) as Response;
    expect(removed.status).toBe(200);
    const notesBefore = (await ctx.app.db.select().from(notifications)).length;

    const again = await login({ idToken: await idToken({ email: "leaver@goldengrain.test", name: "Lee Leaver" }) });
    expect(again.status).toBe(403);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(((await again.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.removed);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, "leaver@goldengrain.test"))).toEqual([]);
    expect((await ctx.app.db.select().from(notifications)).length).toBe(notesBefore);
  });

  it("taking a member's role away ends the session they hold at their next request", async () => {
    await ctx.app.db.insert(users).values({ email: "shifted@goldengrain.test", name: "Shifted", roleId: "sales-rep" });
    const res = await login({ idToken: await idToken({ email: "shifted@goldengrain.test" }) });
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    expect(((await me({ request: request("/api/me", { cookie }), context: ctx, params: {} })) as Response).status).toBe(200);
    await ctx.app.db.update(users).set({ roleId: null }).where(eq(users.email, "shifted@goldengrain.test"));
    const after = (await settle(() => me({ request: request("/api/me", { cookie }), context: ctx, params: {} }))) as Response;
    expect(after.status).toBe(401);
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

  // Genuine signature, our client, the company domain, but a claim left out: jwtVerify alone would accept it.
  it.each(["exp", "iat", "iss", "aud", "sub"])("refuses a signed company token without %s with 401 and no session", async (claim) => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: `${standins.url}/google`,
      aud: "local-client-id",
      sub: "1000000000000000000001",
      email: "sales@goldengrain.test",
      email_verified: true,
      hd: "goldengrain.test",
      iat: now,
      exp: now + 3600,
    };
    delete claims[claim];
    const res = await login({ idToken: signJwt(loadSigningKey(dataDir), claims) });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`Invalid ID token: .*"${claim}"`));
  });

  it("answers 401 to a token that is not a JWT at all", async () => {
    const res = await login({ idToken: "not-a-jwt-but-long-enough-to-pass" });
    expect(res.status).toBe(401);
  });
});
