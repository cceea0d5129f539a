// Signing in and out: staff from a verified Google identity, warehouse phones from a picklist passcode.
import { and, eq, gt, sql } from "drizzle-orm";
import { authFailures, notifications, passcodes, users } from "../../db/schema";
import { isFailureBurst, normalizeAddress, passcodeRateDecision, PASSCODE_WINDOW_MS } from "~/domain/access/rate-limit";
import type { AppContext } from "~/lib/context.server";
import { hashPasscode } from "~/lib/crypto.server";
import type { GoogleIdentity } from "~/lib/google.server";
import { createPasscodeSession, createStaffSession, type Viewer } from "~/lib/session.server";

/**
 * Finds or creates the member for a verified company identity; new members start with no role. Name and
 * picture are refreshed from the verified token at every sign-in: it is the only source of them.
 */
export async function upsertMember(ctx: AppContext, identity: GoogleIdentity) {
  const now = ctx.now().toISOString();
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (existing) {
    const [updated] = await ctx.db
      .update(users)
      .set({ name: identity.name || existing.name, avatarUrl: identity.picture ?? existing.avatarUrl, lastSeenAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ email: identity.email, name: identity.name, avatarUrl: identity.picture, lastSeenAt: now })
    .returning();
  return created!;
}

export async function signInStaff(ctx: AppContext, identity: GoogleIdentity) {
  const user = await upsertMember(ctx, identity);
  return createStaffSession(ctx, user, identity.tokenExp);
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
