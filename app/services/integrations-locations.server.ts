// Warehouse locations from the company's systems (issue 21): the id is the system's own (the one users and
// passcodes are assigned, spec 002 'These come from system mappings'), the name follows the system, and every
// location a batch names gets its 'Last Synced' time, changed or not. Groups stay the admin's tags.
import { eq, sql } from "drizzle-orm";
import { locations } from "../../db/schema";
import type { LocationRecord, ParsedRecord, RecordResult } from "~/domain/integrations/records";
import { auditValues } from "~/lib/writes.server";
import { inList, locationRefusal, refused, syncBatch, type BatchResult, type SyncActor, type SyncCtx } from "./integrations-sync.server";

export async function upsertLocations(ctx: SyncCtx, actor: SyncActor, records: readonly ParsedRecord<LocationRecord>[], early: RecordResult[] = []): Promise<BatchResult> {
  return syncBatch(ctx, actor, "locations", early, async ({ tx, at, results, audits }) => {
    const rows = await tx.select().from(locations).where(inList(locations.id, records.map((r) => r.sourceId)));
    const byId = new Map(rows.map((l) => [l.id, l]));
    const synced: string[] = [];
    for (const { index, sourceId, record } of records) {
      const outOfReach = locationRefusal(actor, sourceId);
      if (outOfReach) {
        results.push(refused(index, sourceId, outOfReach));
        continue;
      }
      const stored = byId.get(sourceId);
      if (!stored) {
        await tx.insert(locations).values({ id: sourceId, name: record.name, groups: [], lastSynced: at, updatedAt: at });
        results.push({ index, sourceId, outcome: "created" });
        audits.push(auditValues(actor, at, { entityType: "location", entityId: sourceId, action: "integration.create", changes: [{ field: "name", before: null, after: record.name }] }));
      } else if (stored.name !== record.name) {
        await tx.update(locations).set({ name: record.name, lastSynced: at, updatedAt: at, version: sql`${locations.version} + 1` }).where(eq(locations.id, sourceId));
        results.push({ index, sourceId, outcome: "updated" });
        audits.push(auditValues(actor, at, { entityType: "location", entityId: sourceId, action: "integration.update", changes: [{ field: "name", before: stored.name, after: record.name }] }));
      } else {
        synced.push(sourceId);
        results.push({ index, sourceId, outcome: "unchanged" });
      }
    }
    // Unchanged is still synced: 'Last Synced' says when the system last confirmed the location.
    if (synced.length) await tx.update(locations).set({ lastSynced: at }).where(inList(locations.id, synced));
  });
}
