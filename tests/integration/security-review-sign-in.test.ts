// An attacker's review of sign-in (decision 029) through POST /api/session/login with genuinely signed ID tokens:
// an address that only becomes a member's after Unicode lower-casing, case and '+tag' variants of an
// ADMIN_EMAILS address, a lookalike domain, a removed member signing in with another case, and a listed admin
// whose role an admin took away.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { loadSigningKey, signJwt } from "../../stand-ins/google";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { SIGN_IN_REFUSALS } from "~/domain/access/sign-in";
import { action as removeUser } from "~/routes/api.admin.users.$email";
import { action as saveUsers } from "~/routes/api.admin.users.bulk";
import { action as sessionLogin } from "~/routes/api.session.login";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

let standins: RunningStandins;
let dataDir: string;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "security-sign-in-"));
  standins = await startStandins({ port: 0, db, dataDir });
  const u = standins.url;
  ctx = createTestContext(db, {
    env: { GOOGLE_JWKS_URL: `${u}/google/jwks`, GOOGLE_ISSUERS: `${u}/google`, GOOGLE_TOKEN_URL: `${u}/google/token`, ADMIN_EMAILS: "boss@goldengrain.test,chief@goldengrain.test" },
  });
}, 60_000);

afterAll(() => standins?.close());

/** A token signed with the identity provider's own key, with exactly these claims (as Google would sign them). */
function token(email: string, over: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(loadSigningKey(dataDir), {
    iss: `${standins.url}/google`,
    aud: ctx.app.env.GOOGLE_CLIENT_ID,
    sub: `sub-${Buffer.from(email).toString("hex").slice(0, 20)}`,
    email,
    email_verified: true,
    hd: "goldengrain.test",
    iat: now,
    exp: now + 3600,
    ...over,
  });
}

function login(idToken: string) {
  return settle(() => sessionLogin({ request: request("/api/session/login", { method: "POST", json: { idToken } }), context: ctx, params: {} })) as Promise<Response>;
}

async function member(email: string) {
  return (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0];
}

describe("sign-in: whose address is it", () => {
  it("an address with KELVIN SIGN that lower-cases onto a member's never signs in as that member", async () => {
    await ctx.app.db.insert(users).values({ email: "kim@goldengrain.test", name: "Kim Admin", roleId: "admin" });
    const res = await login(token("\u212Aim@goldengrain.test"));
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await res.json()) as { error: string }).toEqual({ success: false, error: "Only company Google accounts may sign in" });
  });

  it("ADMIN_EMAILS matches an address in any case, and only that address: not its '+tag' or a lookalike domain", async () => {
    const tagged = await login(token("boss+x@goldengrain.test"));
    expect(tagged.status).toBe(403);
    expect(((await tagged.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.waiting);
    expect(await member("boss+x@goldengrain.test")).toMatchObject({ roleId: null });

    const lookalike = await login(token("boss@goldengrain.test.example", { hd: "goldengrain.test" }));
    expect(lookalike.status).toBe(401);

    const cased = await login(token("Boss@GoldenGrain.test"));
    expect(cased.status).toBe(200);
    expect(await member("boss@goldengrain.test")).toMatchObject({ roleId: "admin" });
    const [{ n }] = (await ctx.app.db.all(sql`SELECT count(*) AS n FROM users WHERE lower(email) = 'boss@goldengrain.test'`)) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it("a removed member signing in with another case of their address stays out", async () => {
    await ctx.app.db.insert(users).values({ email: "gone@goldengrain.test", name: "Gone", roleId: "sales-rep" });
    const admin = await staffCookie(ctx.app, "admin@goldengrain.test");
    const removed = (await settle(() =>
      removeUser({ request: request("/api/admin/users/gone%40goldengrain.test", { method: "DELETE", cookie: admin }), context: ctx, params: { email: "gone@goldengrain.test" } }),
    )) as Response;
    expect(removed.status).toBe(200);
    const again = await login(token("GONE@goldengrain.test"));
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.removed);
    expect(await member("gone@goldengrain.test")).toBeUndefined();
  });

  it("ADMIN_EMAILS does not give back the role an admin took from a listed account", async () => {
    const first = await login(token("chief@goldengrain.test"));
    expect(first.status).toBe(200);
    expect(await member("chief@goldengrain.test")).toMatchObject({ roleId: "admin" });
    const admin = await staffCookie(ctx.app, "admin@goldengrain.test");
    const taken = (await settle(() =>
      saveUsers({ request: request("/api/admin/users/bulk", { method: "PUT", cookie: admin, json: [{ email: "chief@goldengrain.test", roleId: null }] }), context: ctx, params: {} }),
    )) as Response;
    expect(taken.status).toBe(200);
    expect(await member("chief@goldengrain.test")).toMatchObject({ roleId: null });

    const again = await login(token("chief@goldengrain.test"));
    expect(again.status).toBe(403);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(((await again.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.waiting);
    expect(await member("chief@goldengrain.test")).toMatchObject({ roleId: null });
  });
});
