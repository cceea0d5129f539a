// Server sessions: a random 256-bit token in an HttpOnly cookie, its SHA-256 in the `sessions` table.
// Staff sessions use `__session` (12 h); picklist passcode sessions use `__picklist` (8 h), so a
// signed-in user on a shared phone can add passcode access without losing their own session.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { passcodes, roleGrants, roles, sessions, users, warehouseWorkers } from "../../db/schema";
import { isGrantKey, isScope, PASSCODE_GRANTS, type Grant } from "~/domain/access/roles";
import type { AppContext } from "./context.server";
import { randomToken, sha256Hex } from "./crypto.server";
import { isLocal } from "./env.server";

export const STAFF_COOKIE = "__session";
export const PASSCODE_COOKIE = "__picklist";
export const STAFF_SESSION_HOURS = 12;
export const PASSCODE_SESSION_HOURS = 8;

export type Viewer = {
  kind: "user" | "passcode";
  sessionId: string;
  userId: number | null;
  passcodeId: number | null;
  email: string;
  name: string;
  picture: string | null;
  roleId: string | null;
  isAdmin: boolean;
  grants: Grant[];
  locationIds: string[];
  orderTypes: string[];
  /** Passcode sessions: the warehouses the passcode allows (empty = all). */
  allowedLocations: string[];
  /**
   * Members: the names on the warehouse worker records carrying their e-mail (the assignment scope), read
   * with the session; absent when the viewer was built another way (then the scope reads them itself).
   */
  workerNames?: string[];
  sessionExp: string;
  tokenExp: string | null;
};

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      return null; // malformed percent-encoding: no session, never a 500
    }
  }
  return null;
}

export function sessionCookie(ctx: AppContext, name: string, token: string, maxAgeSeconds: number): string {
  const secure = isLocal(ctx.env) ? "" : "; Secure";
  return `${name}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearCookie(ctx: AppContext, name: string): string {
  return sessionCookie(ctx, name, "", 0);
}

type NewSession = Omit<typeof sessions.$inferInsert, "id" | "expiresAt" | "createdAt">;

async function createSession(ctx: AppContext, cookieName: string, hours: number, values: NewSession) {
  const token = randomToken();
  const expiresAt = new Date(ctx.now().getTime() + hours * 3600_000).toISOString();
  await ctx.db.insert(sessions).values({ ...values, id: await sha256Hex(token), expiresAt });
  return { cookie: sessionCookie(ctx, cookieName, token, hours * 3600), expiresAt };
}

export function createStaffSession(
  ctx: AppContext,
  user: { id: number; email: string; name: string; avatarUrl: string | null },
  tokenExp: string | null,
) {
  return createSession(ctx, STAFF_COOKIE, STAFF_SESSION_HOURS, {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    picture: user.avatarUrl,
    tokenExp,
  });
}

export function createPasscodeSession(ctx: AppContext, passcode: { id: number; label: string; locations: string[] }) {
  return createSession(ctx, PASSCODE_COOKIE, PASSCODE_SESSION_HOURS, {
    kind: "passcode",
    passcodeId: passcode.id,
    email: `picklist+${passcode.id}@${ctx.env.COMPANY_DOMAIN}`,
    name: passcode.label,
    allowedLocations: passcode.locations,
  });
}

export async function destroySession(ctx: AppContext, request: Request, cookieName: string) {
  const token = readCookie(request, cookieName);
  if (token) await ctx.db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
  return clearCookie(ctx, cookieName);
}

/**
 * One round trip per request (in production each query is a trip from the edge to Turso): the session, its
 * member or passcode, the role and its grants, and the names of the warehouse worker records carrying the
 * member's e-mail (their assignment scope) come back from a single statement.
 */
async function loadSession(ctx: AppContext, token: string | null, kind: "user" | "passcode"): Promise<Viewer | null> {
  if (!token) return null;
  const now = ctx.now().toISOString();
  const sessionMatch = and(eq(sessions.id, await sha256Hex(token)), eq(sessions.kind, kind), gt(sessions.expiresAt, now));

  if (kind === "passcode") {
    const [found] = await ctx.db
      .select({ session: sessions, code: passcodes })
      .from(sessions)
      .leftJoin(passcodes, eq(passcodes.id, sessions.passcodeId))
      .where(sessionMatch)
      .limit(1);
    if (!found) return null;
    const { session: row, code } = found;
    // A deactivated, expired or deleted passcode ends its sessions at once.
    if (!code || !code.active || (code.expiresAt && code.expiresAt <= now)) return null;
    return {
      ...sessionBase(row),
      kind: "passcode",
      userId: null,
      email: row.email,
      name: row.name,
      roleId: null,
      isAdmin: false,
      grants: PASSCODE_GRANTS,
      locationIds: code.locations,
      orderTypes: [],
      allowedLocations: code.locations,
    };
  }

  // Role and grants are read on every request: a removed user or a changed role takes effect at once.
  const rows = await ctx.db
    .select({
      session: sessions,
      user: users,
      role: roles,
      grant: { key: roleGrants.key, scope: roleGrants.scope },
      workerNames: sql<string>`(SELECT json_group_array(${warehouseWorkers.name}) FROM ${warehouseWorkers} WHERE lower(${warehouseWorkers.email}) = lower(${users.email}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(roleGrants, eq(roleGrants.roleId, roles.id))
    .where(sessionMatch);
  const first = rows[0];
  // A member without a role has no session (decision 029): sign-in refuses them, and an admin taking the role
  // away ends the sessions they hold at their next request, the same as removing them.
  if (!first?.role) return null;
  const access = accessOf(first.role, rows.flatMap((r) => (r.grant ? [r.grant] : [])));
  const viewer = viewerOf(first.user, access, { ...sessionBase(first.session), picture: first.user.avatarUrl ?? first.session.picture });
  viewer.workerNames = parseNames(first.workerNames);
  return viewer;
}

function sessionBase(row: typeof sessions.$inferSelect) {
  return { sessionId: row.id, passcodeId: row.passcodeId, picture: row.picture, sessionExp: row.expiresAt, tokenExp: row.tokenExp };
}

function parseNames(json: string | null): string[] {
  try {
    const list: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}

type Access = { roleId: string | null; roleName: string | null; isAdmin: boolean; grants: Grant[] };

function accessOf(role: typeof roles.$inferSelect | null | undefined, stored: { key: string; scope: string }[]): Access {
  // Only grants the product knows count: a stray row can never open a door no code checks for.
  const grants: Grant[] = role ? stored.flatMap((g) => (isGrantKey(g.key) && isScope(g.scope) ? [{ key: g.key, scope: g.scope }] : [])) : [];
  return { roleId: role?.id ?? null, roleName: role?.name ?? null, isAdmin: role?.isAdmin ?? false, grants };
}

/** A member's role, isAdmin and grants as their session sees them (read from the database, never cached). */
export async function memberAccess(ctx: Pick<AppContext, "db">, roleId: string | null): Promise<Access> {
  if (!roleId) return accessOf(null, []);
  const rows = await ctx.db
    .select({ role: roles, grant: { key: roleGrants.key, scope: roleGrants.scope } })
    .from(roles)
    .leftJoin(roleGrants, eq(roleGrants.roleId, roles.id))
    .where(eq(roles.id, roleId));
  return accessOf(rows[0]?.role, rows.flatMap((r) => (r.grant ? [r.grant] : [])));
}

function viewerOf(user: typeof users.$inferSelect, access: Access, base: Pick<Viewer, "sessionId" | "passcodeId" | "picture" | "sessionExp" | "tokenExp">): Viewer {
  return {
    ...base,
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    roleId: access.roleId,
    isAdmin: access.isAdmin,
    grants: access.grants,
    locationIds: user.locationIds,
    orderTypes: user.orderTypes,
    allowedLocations: [],
  };
}

/**
 * The Viewer a member's session loads: the one construction the guard uses, also used by the RBAC debug
 * panel to answer "what would this member see" with the product's own scope functions.
 */
export async function memberViewer(
  ctx: Pick<AppContext, "db">,
  user: typeof users.$inferSelect,
  base: Pick<Viewer, "sessionId" | "passcodeId" | "picture" | "sessionExp" | "tokenExp">,
): Promise<Viewer> {
  return viewerOf(user, await memberAccess(ctx, user.roleId), base);
}

const staffCache = new WeakMap<Request, Promise<Viewer | null>>();
const passcodeCache = new WeakMap<Request, Promise<Viewer | null>>();

function memo(cache: WeakMap<Request, Promise<Viewer | null>>, request: Request, load: () => Promise<Viewer | null>) {
  let hit = cache.get(request);
  if (!hit) {
    hit = load();
    cache.set(request, hit);
  }
  return hit;
}

/** The signed-in staff member, or null. */
export function getStaffViewer(request: Request, ctx: AppContext) {
  return memo(staffCache, request, () => loadSession(ctx, readCookie(request, STAFF_COOKIE), "user"));
}

/** The picklist passcode session on this device, or null. */
export function getPasscodeViewer(request: Request, ctx: AppContext) {
  return memo(passcodeCache, request, () => loadSession(ctx, readCookie(request, PASSCODE_COOKIE), "passcode"));
}

/** Staff first; a device with only a passcode session is that passcode identity. */
export async function getViewer(request: Request, ctx: AppContext): Promise<Viewer | null> {
  return (await getStaffViewer(request, ctx)) ?? (await getPasscodeViewer(request, ctx));
}

export async function deleteSessionsForUsers(ctx: AppContext, userIds: number[]) {
  if (userIds.length) await ctx.db.delete(sessions).where(inArray(sessions.userId, userIds));
}
