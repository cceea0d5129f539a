// What every upsert of the integration API shares (issue 21): who sends (SyncActor: identity, source system,
// warehouses), the one write transaction a batch runs in (serialized per process, retried while the database
// is busy), the batch's audit event, and small SQL helpers for lists of ids.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { auditEvents, type AuditChange } from "../../db/schema";
import { DomainError } from "~/domain/errors";
import { allowsLocation } from "~/domain/integrations/keys";
import { countOutcomes, type BatchCounts, type RecordResult } from "~/domain/integrations/records";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { auditValues, type Actor } from "~/lib/writes.server";

export type SyncCtx = Pick<AppContext, "db" | "now"> & Partial<Pick<AppContext, "waitUntil">>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Who sends records: the audit identity, the system whose ids the records carry (records are matched by
 * (system, id)), the warehouses it may write to (empty = every one) and what its batches are filed under in
 * the audit trail (an integration key's public id; a later CSV import names its own).
 */
export type SyncActor = Actor & {
  sourceSystem: string;
  locations: readonly string[];
  batchSource: string;
  /**
   * Run first inside the batch's transaction: the sender's credential must still hold then (a key revoked,
   * rotated or narrowed while its batch was on its way, or queued behind another batch, writes nothing).
   */
  stillAllowed?: (tx: Tx) => Promise<void>;
};

export type BatchResult = { results: RecordResult[]; counts: BatchCounts };

export function refused(index: number, sourceId: string | null, reason: string): RecordResult {
  return { index, sourceId, outcome: "refused", reason };
}

/** Why a warehouse is out of the sender's reach, or null. */
export function locationRefusal(actor: Pick<SyncActor, "locations">, locationId: string): string | null {
  return allowsLocation(actor, locationId) ? null : `This key may not write to warehouse ${locationId} (it may write to ${actor.locations.join(", ")})`;
}

/** `column IN (the list)`, one JSON parameter however long the list (SQLite caps bound parameters). */
export function inList(column: SQLiteColumn | SQL, values: readonly (string | number)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------- the transaction

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` after every batch this process started before it. Two batches in one process never wait on each
 * other's database lock (the embedded file's lock wait would block the event loop the holder needs); across
 * processes and at Turso, the database's own lock orders them.
 */
export function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

function isBusy(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown } | null;
  const text = `${String(e?.code ?? "")} ${String(e?.message ?? "")}`;
  if (/SQLITE_BUSY|database is locked/i.test(text)) return true;
  return e?.cause ? isBusy(e.cause) : false;
}

/** Waits of 50, 100, … 1,600 ms: about three seconds for another batch's transaction to finish. */
const BUSY_RETRIES = 6;

/** 503 with Retry-After: the database stayed busy; nothing of the batch was written, so sending it again is safe. */
export class BatchBusyError extends DomainError {
  constructor() {
    super(503, "The database is busy; nothing was written. Send the batch again.", {}, { "Retry-After": "2" });
  }
}

/**
 * One write transaction for a whole batch (BEGIN IMMEDIATE): its reads and writes see no other writer, so a
 * record decided 'created' cannot be created by a twin batch meanwhile, and the floor cannot record a pick
 * between the check and the write. It commits whole or not at all.
 */
export function inSyncTransaction<T>(ctx: SyncCtx, fn: (tx: Tx) => Promise<T>, actor?: Pick<SyncActor, "stillAllowed">): Promise<T> {
  const guarded = actor?.stillAllowed ? async (tx: Tx) => (await actor.stillAllowed!(tx), fn(tx)) : fn;
  return serialized(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ctx.db.transaction(guarded);
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (attempt >= BUSY_RETRIES) throw new BatchBusyError();
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  });
}

// ---------------------------------------------------------------- the audit trail

/** How many refusals the batch's audit event keeps (the answer has them all). */
const AUDITED_REFUSALS = 100;

/** The batch's own audit event: what kind, the counts and the refusals with their reasons. */
export function batchAudit(actor: SyncActor, at: string, kind: string, results: readonly RecordResult[], extra: AuditChange[] = []) {
  const counts = countOutcomes(results);
  const refusals = results.filter((r) => r.outcome === "refused").slice(0, AUDITED_REFUSALS);
  return auditValues(actor, at, {
    entityType: "integration-batch",
    entityId: actor.batchSource,
    action: kind,
    changes: [
      { field: "sourceSystem", before: null, after: actor.sourceSystem },
      { field: "counts", before: null, after: counts },
      ...(refusals.length ? [{ field: "refused", before: null, after: refusals.map((r) => ({ index: r.index, sourceId: r.sourceId, reason: r.reason })) }] : []),
      ...extra,
    ],
  });
}

const AUDIT_CHUNK = 500;

export async function insertAudits(tx: Tx, rows: (typeof auditEvents.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows, AUDIT_CHUNK)) await tx.insert(auditEvents).values(part);
}

/** The results in the order the records came, with their counts. */
export function finish(results: RecordResult[]): BatchResult {
  results.sort((a, b) => a.index - b.index);
  return { results, counts: countOutcomes(results) };
}

// ---------------------------------------------------------------- one batch

/** What a kind's upsert works with inside its batch: it pushes its answers to `results` and its rows' trail to `audits`. */
export type SyncBatch = { tx: Tx; at: string; results: RecordResult[]; audits: (typeof auditEvents.$inferInsert)[] };

/**
 * The frame every kind's batch shares, so the kinds cannot drift apart: one clock reading, one transaction
 * with the sender's credential re-checked inside it, the answers starting with the records refused before
 * parsing (`early`), the rows' audit events then the batch's own (with the `extra` changes `body` returns),
 * and the answers in the order the records came.
 */
export function syncBatch(ctx: SyncCtx, actor: SyncActor, kind: string, early: readonly RecordResult[], body: (batch: SyncBatch) => Promise<AuditChange[] | void>): Promise<BatchResult> {
  const at = ctx.now().toISOString();
  return inSyncTransaction(
    ctx,
    async (tx) => {
      const batch: SyncBatch = { tx, at, results: [...early], audits: [] };
      const extra = await body(batch);
      batch.audits.push(batchAudit(actor, at, kind, batch.results, extra ?? []));
      await insertAudits(tx, batch.audits);
      return finish(batch.results);
    },
    actor,
  );
}
