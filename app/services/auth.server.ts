// Signing in and out: staff from a verified Google identity, warehouse phones from a picklist passcode.
import { and, eq, gt, sql } from "drizzle-orm";
import { authFailures, passcodes, users } from "../../db/schema";
import { passcodeRateDecision, PASSCODE_WINDOW_MS } from "~/domain/access/rate-limit";
import type { AppContext } from "~/lib/context.server";
import { hashPasscode } from "~/lib/crypto.server";
import type { GoogleIdentity } from "~/lib/google.server";
import { createPasscodeSession, createStaffSession, type Viewer } from "~/lib/session.server";

/** Finds or creates the member for a verified company identity; new members start with no role. */
export async function upsertMember(ctx: AppContext, identity: GoogleIdentity) {
  const now = ctx.now().toISOString();
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (existing) {
    const [updated] = await ctx.db
      .update(users)
      .set({ name: existing.name || identity.name, avatarUrl: identity.picture ?? existing.avatarUrl, lastSeenAt: now })
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

/** The client key for rate limiting: Cloudflare's connecting IP, else the first forwarded hop, else local. */
export function clientKey(request: Request): string {
  return (
    request.headers.get("cf-connecting-ip") ??
    request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ??
    request.headers.get("x-real-ip") ??
    "local"
  );
}

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

export async function markSeen(ctx: AppContext, viewer: Viewer, update: { name?: string; picture?: string | null }) {
  if (viewer.userId === null) return;
  const set: Partial<typeof users.$inferInsert> = { lastSeenAt: ctx.now().toISOString() };
  if (update.name) set.name = update.name;
  if (update.picture) set.avatarUrl = update.picture;
  await ctx.db.update(users).set(set).where(eq(users.id, viewer.userId));
}
