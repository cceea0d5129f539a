// Signing in and out: staff from a verified Google identity, warehouse phones from a picklist passcode.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditEvents, authFailures, notifications, passcodes, roleGrants, roles, users } from "../../db/schema";
import { FIRST_ADMIN_ROLE, ROLE_DEFINITIONS, ROLE_IDS } from "~/domain/access/roles";
import { signInDecision, SIGN_IN_REFUSALS } from "~/domain/access/sign-in";
import { isFailureBurst, normalizeAddress, passcodeRateDecision, PASSCODE_WINDOW_MS } from "~/domain/access/rate-limit";
import type { AppContext } from "~/lib/context.server";
import { hashPasscode } from "~/lib/crypto.server";
import type { GoogleIdentity } from "~/lib/google.server";
import { createPasscodeSession, createStaffSession, type Viewer } from "~/lib/session.server";
import { recordAudit, recordAuditIfUpdated } from "~/lib/writes.server";

/**
 * Finds or creates the member for a verified company identity; new members start with no role. Name and
 * picture are refreshed from the verified token at every sign-in: it is the only source of them.
 */
export async function upsertMember(ctx: AppContext, identity: GoogleIdentity): Promise<{ user: typeof users.$inferSelect; created: boolean }> {
  const now = ctx.now().toISOString();
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (existing) {
    const [updated] = await ctx.db
      .update(users)
      .set({ name: identity.name || existing.name, avatarUrl: identity.picture ?? existing.avatarUrl, lastSeenAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: updated!, created: false };
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ email: identity.email, name: identity.name, avatarUrl: identity.picture, lastSeenAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) return upsertMember(ctx, identity); // a second tab signed the same person in a moment ago
  return { user: created, created: true };
}

/** Whether the latest audited change to this email's member is an admin's removal. */
async function wasRemoved(ctx: AppContext, email: string): Promise<boolean> {
  const [latest] = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "user"), eq(auditEvents.entityId, email)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  return latest?.action === "remove";
}

/**
 * Whether someone (an admin, or the setting itself) has ever set this member's role: from then on the role is
 * theirs to decide, and ADMIN_EMAILS no longer fills it. Without this, a listed admin whose role an admin took
 * away was made admin again at their next sign-in.
 */
async function roleEverDecided(ctx: AppContext, email: string): Promise<boolean> {
  const [row] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${auditEvents} e, json_each(e.changes) c
    WHERE e.entity_type = 'user' AND e.entity_id = ${email} AND e.action IN ('update', 'grant-admin')
      AND json_extract(c.value, '$.field') = 'roleId'`);
  return Number(row?.n ?? 0) > 0;
}

/** Who changes a member when ADMIN_EMAILS does: the setting itself, named in the audit trail. */
const ADMIN_EMAILS_ACTOR = { userId: null, email: "system", name: "ADMIN_EMAILS setting" };

/**
 * Day one: the five canonical roles (an empty production database has none) and the admin role for a listed
 * account. Existing roles are never touched; the role is set only while the member still has none, so a race
 * with an admin's edit keeps the admin's choice. Everything is audited in the same batch.
 */
async function grantFirstAdmin(ctx: AppContext, user: typeof users.$inferSelect) {
  const at = ctx.now().toISOString();
  const existing = new Set((await ctx.db.select({ id: roles.id }).from(roles)).map((r) => r.id));
  const missing = ROLE_IDS.filter((id) => !existing.has(id)).map((id) => ROLE_DEFINITIONS[id]);
  const statements: BatchItem<"sqlite">[] = missing.flatMap((def) => [
    ctx.db.insert(roles).values({ id: def.id, name: def.name, isAdmin: def.isAdmin, createdAt: at, updatedAt: at }).onConflictDoNothing(),
    ctx.db.insert(roleGrants).values(def.grants.map((g) => ({ roleId: def.id, key: g.key, scope: g.scope }))).onConflictDoNothing(),
    recordAudit(ctx.db, ADMIN_EMAILS_ACTOR, at, {
      entityType: "role",
      entityId: def.id,
      action: "create",
      changes: [{ field: "grants", before: null, after: def.grants }],
    }),
  ]);
  const [adminRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.isAdmin, true)).orderBy(desc(sql`${roles.id} = ${FIRST_ADMIN_ROLE}`)).limit(1);
  const roleId = adminRole?.id ?? FIRST_ADMIN_ROLE;
  statements.push(
    ctx.db
      .update(users)
      .set({ roleId, updatedAt: at, version: sql`${users.version} + 1` })
      .where(and(eq(users.id, user.id), isNull(users.roleId))),
    recordAuditIfUpdated(ctx.db, ADMIN_EMAILS_ACTOR, at, {
      entityType: "user",
      entityId: user.email,
      action: "grant-admin",
      changes: [{ field: "roleId", before: null, after: roleId }],
    }),
  );
  // One batch, one transaction: the roles exist before the member points at one (foreign key).
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return after!;
}

/** A new company account without a role: the admins hear of it once, in the Task Center. */
async function announceAccessRequest(ctx: AppContext, user: typeof users.$inferSelect) {
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.insert(notifications).values({
      audienceGrant: "admin:manage",
      type: "info",
      title: ACCESS_REQUEST_TITLE,
      message: `${user.name || user.email} (${user.email}) signed in and is waiting for a role. Give them one in Admin → Users.`,
      priority: "medium",
      category: "system",
      createdBy: "system",
      createdAt: at,
    }),
    recordAudit(ctx.db, { userId: user.id, email: user.email, name: user.name }, at, {
      entityType: "user",
      entityId: user.email,
      action: "request-access",
      changes: [{ field: "user", before: null, after: { name: user.name } }],
    }),
  ]);
}

export const ACCESS_REQUEST_TITLE = "Access request";

export type StaffSignIn =
  | { ok: true; cookie: string; expiresAt: string }
  | { ok: false; reason: keyof typeof SIGN_IN_REFUSALS; error: string };

/**
 * A verified company identity signs in (the Google callback and POST /api/session/login both come here).
 * Only a member with a role gets a session; see docs/decisions/029-day-one-deploy-and-first-admin.md.
 */
export async function signInStaff(ctx: AppContext, identity: GoogleIdentity): Promise<StaffSignIn> {
  const [member] = await ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, identity.email)).limit(1);
  const removed = !member && (await wasRemoved(ctx, identity.email));
  const listed = ctx.env.ADMIN_EMAILS.includes(identity.email) && !member?.roleId && !(await roleEverDecided(ctx, identity.email));
  const decision = signInDecision({ member: member ?? null, removed, listedAdmin: listed });
  if (decision === "removed") return { ok: false, reason: "removed", error: SIGN_IN_REFUSALS.removed };

  const upserted = await upsertMember(ctx, identity);
  const user = decision === "grant-admin" ? await grantFirstAdmin(ctx, upserted.user) : upserted.user;
  const created = upserted.created;
  if (!user.roleId) {
    if (created) await announceAccessRequest(ctx, user);
    return { ok: false, reason: "waiting", error: SIGN_IN_REFUSALS.waiting };
  }
  return { ok: true, ...(await createStaffSession(ctx, user, identity.tokenExp)) };
}

export type PasscodeLoginResult =
  | { ok: true; cookie: string; expiresAt: string; allowedLocations: string[] }
  | { ok: false; status: 401 | 429; error: string; retryAfterSeconds?: number };

/**
 * The client key for rate limiting: the platform's connecting address (ctx.clientAddress), normalised.
 * X-Forwarded-For, X-Real-IP and a client-sent CF-Connecting-IP are never read here: a client sets them.
 */
export function clientKey(ctx: Pick<AppContext, "clientAddress">, request: Request): string {
  return normalizeAddress(ctx.clientAddress?.(request));
}

/**
 * After a failure: when failures inside the window come from many addresses (a distributed guessing run
 * the per-address limit cannot stop), admins get one alert in the Task Center per window.
 */
async function alertOnFailureBurst(ctx: AppContext, now: Date): Promise<void> {
  const since = new Date(now.getTime() - PASSCODE_WINDOW_MS).toISOString();
  const [stats] = await ctx.db
    .select({ failures: sql<number>`count(*)`, addresses: sql<number>`count(DISTINCT ${authFailures.clientKey})` })
    .from(authFailures)
    .where(gt(authFailures.at, since));
  if (!isFailureBurst(Number(stats?.failures ?? 0), Number(stats?.addresses ?? 0))) return;
  const [recent] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.title, PASSCODE_BURST_TITLE), gt(notifications.createdAt, since)))
    .limit(1);
  if (recent) return;
  await ctx.db.insert(notifications).values({
    audienceGrant: "admin:manage",
    type: "error",
    title: PASSCODE_BURST_TITLE,
    message: `${stats!.failures} failed passcode attempts from ${stats!.addresses} addresses in the last ${PASSCODE_WINDOW_MS / 60_000} minutes. Consider rotating the picklist passcodes.`,
    priority: "high",
    category: "system",
    createdBy: "system",
    createdAt: now.toISOString(),
  });
}

export const PASSCODE_BURST_TITLE = "Passcode guessing detected";

export async function loginWithPasscode(ctx: AppContext, code: string, client: string): Promise<PasscodeLoginResult> {
  const now = ctx.now();
  const since = new Date(now.getTime() - PASSCODE_WINDOW_MS).toISOString();
  const failures = await ctx.db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.clientKey, client), gt(authFailures.at, since)));
  const decision = passcodeRateDecision(failures.map((f) => f.at), now);
  if (!decision.allowed) {
    return { ok: false, status: 429, error: "Too many failed attempts. Try again later.", retryAfterSeconds: decision.retryAfterSeconds };
  }

  const hash = await hashPasscode(code, ctx.env.PASSCODE_PEPPER);
  const [found] = await ctx.db.select().from(passcodes).where(eq(passcodes.codeHash, hash)).limit(1);
  const iso = now.toISOString();
  if (!found || !found.active || (found.expiresAt && found.expiresAt <= iso)) {
    await ctx.db.insert(authFailures).values({ clientKey: client, at: iso });
    await alertOnFailureBurst(ctx, now);
    return { ok: false, status: 401, error: "Invalid or inactive passcode" };
  }
  await ctx.db
    .update(passcodes)
    .set({ usageCount: sql`${passcodes.usageCount} + 1`, lastUsedAt: iso })
    .where(eq(passcodes.id, found.id));
  const session = await createPasscodeSession(ctx, found);
  return { ok: true, cookie: session.cookie, expiresAt: session.expiresAt, allowedLocations: found.locations };
}

/** The profile `/api/me` returns: grants, isAdmin, roleId and the session fields the client keeps. */
export function profileOf(viewer: Viewer) {
  return {
    email: viewer.email,
    name: viewer.name,
    picture: viewer.picture,
    roleId: viewer.roleId,
    isAdmin: viewer.isAdmin,
    grants: viewer.grants,
    locationIds: viewer.locationIds,
    orderTypes: viewer.orderTypes,
    serverSession: true,
    sessionKind: viewer.kind,
    sessionExp: viewer.sessionExp,
    tokenExp: viewer.tokenExp,
  };
}

/**
 * POST /api/users/seen: records that the member was seen. Nothing in the body is stored: name and picture
 * come only from the verified Google identity at sign-in (the spec's client sends its user object).
 */
export async function markSeen(ctx: AppContext, viewer: Viewer): Promise<{ seenAt: string }> {
  const seenAt = ctx.now().toISOString();
  if (viewer.userId !== null) await ctx.db.update(users).set({ lastSeenAt: seenAt }).where(eq(users.id, viewer.userId));
  return { seenAt };
}
