// The shared write helpers: an audit event (who changed what, before and after) and a version-checked
// update. Every service records and updates through these, so the actor is always the signed-in identity
// and a stale write is always a 409.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { auditEvents, type AuditChange } from "../../db/schema";
import type { Database } from "./db.server";
import type { Viewer } from "./session.server";

/** Who acts: only ever the server's session (never a name from a request body). */
export type Actor = Pick<Viewer, "userId" | "email" | "name">;

/**
 * `actedAt`: when the person acted (a queued floor write's bounded X-Acted-At, decision 040), stored beside
 * the receipt time `at`; omitted or equal to `at`, nothing extra is stored.
 */
export type AuditInput = { entityType: string; entityId: string; action: string; changes: AuditChange[]; actedAt?: string | null };

type Writer = Pick<Database, "insert" | "run">;

export function actorName(actor: Actor): string {
  return actor.name || actor.email;
}

export function auditValues(actor: Actor, at: string, input: AuditInput): typeof auditEvents.$inferInsert {
  return {
    at,
    actedAt: input.actedAt && input.actedAt !== at ? input.actedAt : null,
    actorId: actor.userId,
    actorEmail: actor.email,
    actorName: actorName(actor),
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    changes: input.changes,
  };
}

/** The insert of one audit event, for a batch or a transaction. */
export function recordAudit(db: Writer, actor: Actor, at: string, input: AuditInput) {
  return db.insert(auditEvents).values(auditValues(actor, at, input));
}

/**
 * The audit event, written only if the statement just before it in the same batch changed a row
 * (`changes() = 1`): a version-checked update that lost its race records nothing.
 */
export function recordAuditIfUpdated(db: Writer, actor: Actor, at: string, input: AuditInput) {
  const actedAt = input.actedAt && input.actedAt !== at ? input.actedAt : null;
  return db.run(sql`INSERT INTO ${auditEvents} (at, acted_at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
    SELECT ${at}, ${actedAt}, ${actor.userId}, ${actor.email}, ${actorName(actor)}, ${input.entityType}, ${input.entityId}, ${input.action}, ${JSON.stringify(input.changes)}
    WHERE changes() = 1`);
}

/** Field-by-field before/after of the fields that differ (compared as JSON). */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]): AuditChange[] {
  const out: AuditChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) out.push({ field, before: before[field], after: after[field] });
  }
  return out;
}

type Versioned = SQLiteTable & { id: SQLiteColumn; version: SQLiteColumn };

/**
 * Updates one row if it is still at `version` (bumping it), and records the audit event in the same batch
 * only when it did. Returns false when the row moved on (the caller answers 409 with the current row).
 */
export async function updateVersioned<T extends Versioned>(
  db: Database,
  table: T,
  row: { id: number; version: number },
  set: Record<string, unknown>,
  audit?: { actor: Actor; at: string; input: AuditInput },
): Promise<boolean> {
  const where: SQL = and(eq(table.id, row.id), eq(table.version, row.version))!;
  const update = db
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1` } as never)
    .where(where);
  const [result] =
    audit && audit.input.changes.length
      ? await db.batch([update, recordAuditIfUpdated(db, audit.actor, audit.at, audit.input)])
      : await db.batch([update]);
  return result.rowsAffected === 1;
}
