// Day one (issue 21): on an empty production database, ADMIN_EMAILS makes the listed company accounts admins at
// their first sign-in, through the real Google round trip (the local OpenID stand-in) and POST /api/session/login.
// Audited, never demotes, never reaches outside the company domain, never brings back someone an admin removed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notifications, roleGrants, roles, users } from "../../db/schema";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { ROLE_DEFINITIONS, ROLE_IDS } from "~/domain/access/roles";
import { SIGN_IN_REFUSALS } from "~/domain/access/sign-in";
import type { Database } from "~/lib/db.server";
import { action as removeUser } from "~/routes/api.admin.users.$email";
import { action as saveUsers } from "~/routes/api.admin.users.bulk";
import { loader as me } from "~/routes/api.me";
import { action as sessionLogin } from "~/routes/api.session.login";
import { action as startGoogle } from "~/routes/auth.google";
import { loader as loginPage } from "~/routes/login";
import { loader as googleCallback } from "~/routes/auth.google_.callback";
import { ACCESS_REQUEST_TITLE } from "~/services/auth.server";
import { createTestDatabase } from "../support/db";
import { createTestContext, request, settle } from "../support/context";

const OWNER = "owner@goldengrain.test";
const SECOND = "second@goldengrain.test";

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;

function googleEnv(url: string) {
  return {
    GOOGLE_AUTHORIZATION_URL: `${url}/google/authorize`,
    GOOGLE_TOKEN_URL: `${url}/google/token`,
    GOOGLE_USERINFO_URL: `${url}/google/userinfo`,
    GOOGLE_JWKS_URL: `${url}/google/jwks`,
    GOOGLE_ISSUERS: `${url}/google`,
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "first-admin-")) });
  // The operator's list, written the way people type it: spaces and capitals.
  ctx = createTestContext(db, { env: { ...googleEnv(standins.url), ADMIN_EMAILS: ` Owner@GoldenGrain.test, ${SECOND} ` } });
}, 60_000);

afterAll(() => standins?.close());

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));

/** The whole browser round trip: the sign-in button, Google's account chooser, the callback. */
async function signInWithGoogle(email: string, context = ctx) {
  const form = new URLSearchParams({ redirectTo: "/admin/access/users" });
  const start = (await settle(() =>
    startGoogle({ request: request("/auth/google", { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } }), context, params: {} }),
  )) as Response;
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${standins.url}/google/authorize`);
  const chooser = new URLSearchParams(authorize.searchParams);
  chooser.set("email", email);
  const chosen = await fetch(`${standins.url}/google/authorize`, { method: "POST", body: chooser, redirect: "manual" });
  const callback = new URL(chosen.headers.get("location")!);
  expect(callback.pathname).toBe("/auth/google/callback");
  return (await settle(() =>
    googleCallback({ request: request(`${callback.pathname}${callback.search}`, { cookie: cookiesOf(start).join("; ") }), context, params: {} }),
  )) as Response;
}

async function idTokenFor(email: string) {
  const res = await fetch(`${standins.url}/google/test/id-token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  return ((await res.json()) as { idToken: string }).idToken;
}

async function apiLogin(email: string) {
  const idToken = await idTokenFor(email);
  return (await settle(() => sessionLogin({ request: request("/api/session/login", { method: "POST", json: { idToken } }), context: ctx, params: {} }))) as Response;
}

async function profile(cookie: string) {
  const res = (await settle(() => me({ request: request("/api/me", { cookie }), context: ctx, params: {} }))) as Response;
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { data: { roleId: string; isAdmin: boolean } }).data : null };
}

const sessionCookie = (res: Response) => cookiesOf(res).find((c) => c.startsWith("__session="))!;

const trailOf = (entityId: string) =>
  db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(asc(auditEvents.id));

describe("the first admin (ADMIN_EMAILS)", () => {
  it("on an empty database, the listed owner signs in through Google and is the admin, with the five roles made for them", async () => {
    expect(await db.select().from(users)).toEqual([]);
    expect(await db.select().from(roles)).toEqual([]);

    const res = await signInWithGoogle(OWNER);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth/complete?to=${encodeURIComponent("/admin/access/users")}`);
    const { status, body } = await profile(sessionCookie(res));
    expect(status).toBe(200);
    expect(body).toMatchObject({ roleId: "admin", isAdmin: true });

    // The canonical roles, so the admin can give everyone else theirs; each with its grants.
    expect((await db.select().from(roles).orderBy(asc(roles.id))).map((r) => [r.id, r.isAdmin])).toEqual(
      [...ROLE_IDS].sort().map((id) => [id, ROLE_DEFINITIONS[id].isAdmin]),
    );
    expect((await db.select().from(roleGrants).where(eq(roleGrants.roleId, "sales-rep"))).length).toBe(ROLE_DEFINITIONS["sales-rep"].grants.length);

    // Audited: who (the setting), what, before and after.
    const [grant] = await trailOf(OWNER);
    expect(grant).toMatchObject({ actorEmail: "system", actorName: "ADMIN_EMAILS setting", entityType: "user", action: "grant-admin" });
    expect(grant!.changes).toEqual([{ field: "roleId", before: null, after: "admin" }]);
    const roleEvents = await db.select().from(auditEvents).where(eq(auditEvents.entityType, "role"));
    expect(roleEvents.map((e) => [e.entityId, e.action, e.actorEmail]).sort()).toEqual([...ROLE_IDS].sort().map((id) => [id, "create", "system"]));
  });

  it("a second listed account becomes admin at its first sign-in too, without touching the roles again", async () => {
    const rolesBefore = await db.select().from(auditEvents).where(eq(auditEvents.entityType, "role"));
    const res = await apiLogin(SECOND);
    expect(res.status).toBe(200);
    expect((await profile(sessionCookie(res))).body).toMatchObject({ roleId: "admin", isAdmin: true });
    expect(await db.select().from(auditEvents).where(eq(auditEvents.entityType, "role"))).toEqual(rolesBefore);
  });

  it("an unlisted company account lands on 'waiting for access' with no session; the admins are told", async () => {
    const res = await signInWithGoogle("new.hire@goldengrain.test");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=waiting");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const [member] = await db.select().from(users).where(eq(users.email, "new.hire@goldengrain.test"));
    expect(member!.roleId).toBeNull();
    const [note] = await db.select().from(notifications).where(eq(notifications.title, ACCESS_REQUEST_TITLE));
    expect(note).toMatchObject({ audienceGrant: "admin:manage", message: expect.stringContaining("new.hire@goldengrain.test") });
    // The page they land on says so.
    const page = (await loginPage({ request: request("/login?error=waiting"), context: ctx, params: {} })) as { error: string };
    expect(page.error).toBe(SIGN_IN_REFUSALS.waiting);
  });

  it("never demotes: a listed admin moved to another role by an admin keeps that role at the next sign-in", async () => {
    const owner = sessionCookie(await apiLogin(OWNER));
    const put = (await settle(() =>
      saveUsers({ request: request("/api/admin/users/bulk", { method: "PUT", cookie: owner, json: [{ email: SECOND, roleId: "sales-rep" }] }), context: ctx, params: {} }),
    )) as Response;
    expect(put.status).toBe(200);
    const res = await signInWithGoogle(SECOND);
    expect(res.status).toBe(302);
    expect((await profile(sessionCookie(res))).body).toMatchObject({ roleId: "sales-rep", isAdmin: false });
    expect((await trailOf(SECOND)).map((e) => e.action)).toEqual(["grant-admin", "update"]);
  });

  it("does not bring back a listed account that an admin removed", async () => {
    const owner = sessionCookie(await apiLogin(OWNER));
    const del = (await settle(() =>
      removeUser({ request: request(`/api/admin/users/${encodeURIComponent(SECOND)}`, { method: "DELETE", cookie: owner }), context: ctx, params: { email: SECOND } }),
    )) as Response;
    expect(del.status).toBe(200);
    const res = await signInWithGoogle(SECOND);
    expect(res.headers.get("location")).toBe("/login?error=removed");
    expect(((await loginPage({ request: request("/login?error=removed"), context: ctx, params: {} })) as { error: string }).error).toBe(SIGN_IN_REFUSALS.removed);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await db.select().from(users).where(eq(users.email, SECOND))).toEqual([]);
    const api = await apiLogin(SECOND);
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: string }).error).toBe(SIGN_IN_REFUSALS.removed);
  });

  it("a company account that signed in before it was listed becomes admin at its next sign-in", async () => {
    await apiLogin("ops.lead@goldengrain.test");
    const listed = createTestContext(db, { env: { ...googleEnv(standins.url), ADMIN_EMAILS: `${OWNER},ops.lead@goldengrain.test` } });
    const res = await signInWithGoogle("ops.lead@goldengrain.test", listed);
    const cookie = sessionCookie(res);
    const body = (await ((await me({ request: request("/api/me", { cookie }), context: listed, params: {} })) as Response).json()) as { data: { isAdmin: boolean } };
    expect(body.data.isAdmin).toBe(true);
  });

  it("cannot name anyone outside the company domain: the environment is refused, naming the setting", () => {
    for (const list of ["boss@gmail.example", `${OWNER},someone@goldengrain.test.evil.example`, "not-an-email"]) {
      expect(() => createTestContext(db, { env: { ADMIN_EMAILS: list } })).toThrow(/Invalid environment: ADMIN_EMAILS/);
    }
  });

  it("an outside account signing in is refused before any member is written, listed or not", async () => {
    const res = await signInWithGoogle("boss@gmail.example");
    expect(res.headers.get("location")).toBe("/login?error=domain");
    expect(await db.select().from(users).where(eq(users.email, "boss@gmail.example"))).toEqual([]);
  });
});
