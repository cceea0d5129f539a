// Scheduled housekeeping: ends expired sessions and passcodes and trims the rate-limit and idempotency logs
// (one transaction per run); with the file bucket, also sweeps delivery files no row names (decision 026).
// Runs from the cron entry (workers/app.ts) and from tests with a fixed clock.
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { authFailures, idempotencyKeys, passcodes, sessions } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import { sweepOrphanDeliveryFiles, type SweepResult } from "./delivery-files.server";

export type HousekeepingContext = { db: Database; now: () => Date; files?: R2Bucket };
export type HousekeepingResult = { expiredSessions: number; expiredPasscodes: number; authFailuresPurged: number; idempotencyPurged: number; deliveryFiles?: SweepResult };

const DAY_MS = 24 * 3600_000;
/** Failed attempts only matter inside the 15-minute rate-limit window; a day keeps them for inspection. */
export const AUTH_FAILURE_RETENTION_MS = DAY_MS;
/** A retried mobile submission arrives within minutes; a week covers a phone that was offline for days. */
export const IDEMPOTENCY_RETENTION_MS = 7 * DAY_MS;

function affected(result: unknown): number {
  return (result as { rowsAffected?: number }).rowsAffected ?? 0;
}

export async function runHousekeeping(ctx: HousekeepingContext): Promise<HousekeepingResult> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const passcodeExpired = and(eq(passcodes.active, true), isNotNull(passcodes.expiresAt), lte(passcodes.expiresAt, nowIso));
  const deadPasscodeIds = ctx.db
    .select({ id: passcodes.id })
    .from(passcodes)
    .where(or(eq(passcodes.active, false), and(isNotNull(passcodes.expiresAt), lte(passcodes.expiresAt, nowIso))));

  // One batch is one transaction: a passcode is never left deactivated with live sessions, or the reverse.
  const [deactivated, sessionsOfDeadPasscodes, expiredSessions, authPurged, idempotencyPurged] = await ctx.db.batch([
    ctx.db
      .update(passcodes)
      .set({ active: false, version: sql`${passcodes.version} + 1`, updatedAt: nowIso })
      .where(passcodeExpired),
    ctx.db.delete(sessions).where(inArray(sessions.passcodeId, deadPasscodeIds)),
    ctx.db.delete(sessions).where(lte(sessions.expiresAt, nowIso)),
    ctx.db.delete(authFailures).where(lt(authFailures.at, new Date(now.getTime() - AUTH_FAILURE_RETENTION_MS).toISOString())),
    ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString())),
  ]);

  return {
    expiredSessions: affected(sessionsOfDeadPasscodes) + affected(expiredSessions),
    expiredPasscodes: affected(deactivated),
    authFailuresPurged: affected(authPurged),
    idempotencyPurged: affected(idempotencyPurged),
    ...(ctx.files ? { deliveryFiles: await sweepOrphanDeliveryFiles({ db: ctx.db, files: ctx.files, now: ctx.now }) } : {}),
  };
}
