// Sessions, sign-in by ID token, /api/me, passcode login with rate limiting, against a real libSQL file.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { passcodes, sessions, users } from "../../db/schema";
import { action as passcodeLogin } from "~/routes/api.picklist.passcode.login";
import { loader as pickListSession } from "~/routes/api.picklist.session";
import { loader as me } from "~/routes/api.me";
import { action as seen } from "~/routes/api.users.seen";
import { action as logout } from "~/routes/logout";
import { getStaffViewer } from "~/lib/session.server";
import { createSeededTestDatabase } from "../support/db";
import { TEST_ADDRESS_HEADER, createTestContext, request, settle, staffCookie } from "../support/context";

let ctx: ReturnType<typeof createTestContext>;
beforeAll(async () => {
  ctx = createTestContext(await createSeededTestDatabase());
});

async function json(res: unknown): Promise<any> {
  return (res as Response).json();
}

describe("staff sessions", () => {
  it("GET /api/me answers 401 without a session and the profile with one", async () => {
    const anon = (await settle(() => me({ request: request("/api/me"), context: ctx, params: {} }))) as Response;
    expect(anon.status).toBe(401);
    expect(await json(anon)).toEqual({ success: false, error: "Not signed in" });

    const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
    const res = (await me({ request: request("/api/me", { cookie }), context: ctx, params: {} })) as Response;
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ roleId: "logistics-manager", isAdmin: false, serverSession: true, email: "logistics@goldengrain.test" });
    expect(body.data.grants).toContainEqual({ key: "picklists:print", scope: "all" });
    expect(Date.parse(body.data.sessionExp) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
  });

  it("a session past its expiry is refused", async () => {
    const cookie = await staffCookie(ctx.app, "sales@goldengrain.test");
    const later = createTestContext(ctx.app.db, { now: new Date(Date.now() + 12 * 3600_000 + 1000) });
    const res = (await settle(() => me({ request: request("/api/me", { cookie }), context: later, params: {} }))) as Response;
    expect(res.status).toBe(401);
  });

  it("changing a member's role takes effect on their next request", async () => {
    const cookie = await staffCookie(ctx.app, "driver@goldengrain.test");
    await ctx.app.db.update(users).set({ roleId: "sales-rep" }).where(eq(users.email, "driver@goldengrain.test"));
    const body = await json(await me({ request: request("/api/me", { cookie }), context: ctx, params: {} }));
    expect(body.data.roleId).toBe("sales-rep");
    await ctx.app.db.update(users).set({ roleId: "delivery-driver" }).where(eq(users.email, "driver@goldengrain.test"));
  });

  it("removing a member ends their sessions at once", async () => {
    const [temp] = await ctx.app.db.insert(users).values({ email: "temp@goldengrain.test", name: "Temp", roleId: "sales-rep" }).returning();
    const cookie = await staffCookie(ctx.app, temp!.email);
    expect((await getStaffViewer(request("/api/me", { cookie }), ctx.app))?.email).toBe(temp!.email);
    await ctx.app.db.delete(users).where(eq(users.id, temp!.id));
    const res = (await settle(() => me({ request: request("/api/me", { cookie }), context: ctx, params: {} }))) as Response;
    expect(res.status).toBe(401);
  });

  it("POST /api/users/seen records the visit and validates its body", async () => {
    const cookie = await staffCookie(ctx.app, "admin@goldengrain.test");
    const ok = (await seen({ request: request("/api/users/seen", { method: "POST", cookie, json: { name: "Alice Admin", email: "x", extra: 1 } }), context: ctx, params: {} })) as Response;
    expect(ok.status).toBe(200);
    const [admin] = await ctx.app.db.select().from(users).where(eq(users.email, "admin@goldengrain.test"));
    expect(admin!.lastSeenAt).toBeTruthy();
    const bad = (await settle(() => seen({ request: request("/api/users/seen", { method: "POST", cookie, body: "{not json", headers: { "content-type": "application/json" } }), context: ctx, params: {} }))) as Response;
    expect(bad.status).toBe(400);
  });

  it("logout deletes the server session and clears the cookie", async () => {
    const cookie = await staffCookie(ctx.app, "admin@goldengrain.test");
    const before = (await ctx.app.db.select().from(sessions)).length;
    const res = (await settle(() => logout({ request: request("/logout", { method: "POST", cookie }), context: ctx, params: {} }))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(res.headers.get("set-cookie")).toContain("__session=;");
    expect((await ctx.app.db.select().from(sessions)).length).toBe(before - 1);
  });
});

describe("picklist passcode sessions", () => {
  function login(code: unknown, ip: string) {
    return settle(() =>
      passcodeLogin({ request: request("/api/picklist/passcode/login", { method: "POST", json: { code }, headers: { [TEST_ADDRESS_HEADER]: ip } }), context: ctx, params: {} }),
    ) as Promise<Response>;
  }

  it("an empty code is 400 'Enter code' and writes nothing", async () => {
    const res = await login("   ", "10.0.0.1");
    expect(res.status).toBe(400);
    expect((await json(res)).error).toContain("Enter code");
  });

  it("the documented code opens an 8-hour session limited to its warehouses", async () => {
    const res = await login("RICE-2468", "10.0.0.2");
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__picklist=.+HttpOnly; SameSite=Lax; Max-Age=28800/);
    const cookie = setCookie.split(";")[0]!;
    const session = await json(await pickListSession({ request: request("/api/picklist/session", { cookie }), context: ctx, params: {} }));
    expect(session).toMatchObject({ success: true, authenticated: true, user: { allowedLocations: ["NY-MAIN"] } });
    expect(session.user.email).toMatch(/^picklist\+\d+@goldengrain\.test$/);
    const [code] = await ctx.app.db.select().from(passcodes).where(eq(passcodes.label, "Main floor phones"));
    expect(code!.usageCount).toBeGreaterThan(0);
  });

  it("without a passcode session the session call says not authenticated", async () => {
    const session = await json(await pickListSession({ request: request("/api/picklist/session"), context: ctx, params: {} }));
    expect(session).toEqual({ success: true, authenticated: false, user: null });
  });

  it("deactivating a passcode ends its sessions", async () => {
    const res = await login("PICK-1357", "10.0.0.3");
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    await ctx.app.db.update(passcodes).set({ active: false }).where(eq(passcodes.label, "All warehouses"));
    const session = await json(await pickListSession({ request: request("/api/picklist/session", { cookie }), context: ctx, params: {} }));
    expect(session.authenticated).toBe(false);
    await ctx.app.db.update(passcodes).set({ active: true }).where(eq(passcodes.label, "All warehouses"));
  });

  it("five wrong codes from one client give 429 with Retry-After; other clients are unaffected", async () => {
    for (let i = 0; i < 5; i++) expect((await login(`WRONG-${i}`, "10.9.9.9")).status).toBe(401);
    const limited = await login("RICE-2468", "10.9.9.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login("RICE-2468", "10.9.9.8")).status).toBe(200);
  });

  it("headers a client sets never pick the bucket, and spellings of one address share it", async () => {
    const attempt = (code: string, headers: Record<string, string>) =>
      settle(() =>
        passcodeLogin({ request: request("/api/picklist/passcode/login", { method: "POST", json: { code }, headers: { [TEST_ADDRESS_HEADER]: "10.7.7.7", ...headers } }), context: ctx, params: {} }),
      ) as Promise<Response>;
    // Rotating forwarded headers: every guess still counts against the connecting address.
    for (let i = 0; i < 5; i++) {
      const spoof = `203.0.113.${i}`;
      expect((await attempt(`WRONG-${i}`, { "x-forwarded-for": spoof, "x-real-ip": spoof, "cf-connecting-ip": spoof })).status).toBe(401);
    }
    expect((await attempt("RICE-2468", { "x-forwarded-for": "198.51.100.1" })).status).toBe(429);
    // '1.2.3.4:1', '::ffff:1.2.3.4' and '1.2.3.004' are one client.
    for (const [i, spelling] of ["10.6.6.6", "10.6.6.6:1", "::ffff:10.6.6.6", "10.6.6.006", "[::ffff:10.6.6.6]:443"].entries()) {
      expect((await attempt(`WRONG-B${i}`, { [TEST_ADDRESS_HEADER]: spelling })).status).toBe(i < 5 ? 401 : 429);
    }
    expect((await attempt("RICE-2468", { [TEST_ADDRESS_HEADER]: "10.6.6.6:9" })).status).toBe(429);
  });
});
