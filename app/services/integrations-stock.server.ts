// Stock on hand from the company's systems (issue 21): one figure per SKU and warehouse (the record's id is
// 'SKU@warehouse'), upserted in one transaction per batch. The SKU's total on hand, which the pick list and
// the picking screen read, becomes the sum of its warehouses. A figure for an unknown SKU or warehouse, or a
// warehouse out of the sender's reach, is refused with the reason.
import { sql } from "drizzle-orm";
import { inventoryItems, locations, stockLevels } from "../../db/schema";
import type { ParsedRecord, RecordResult, StockRecord } from "~/domain/integrations/records";
import { chunks, inList, locationRefusal, refused, syncBatch, type BatchResult, type SyncActor, type SyncCtx } from "./integrations-sync.server";

const CHUNK = 400;

export async function upsertStock(ctx: SyncCtx, actor: SyncActor, records: readonly ParsedRecord<StockRecord>[], early: RecordResult[] = []): Promise<BatchResult> {
  return syncBatch(ctx, actor, "stock", early, async ({ tx, at, results }) => {
    const skus = [...new Set(records.map((r) => r.record.sku))];
    const [items, known, levels] = await Promise.all([
      tx.select({ sku: inventoryItems.sku }).from(inventoryItems).where(inList(inventoryItems.sku, skus)),
      tx.select({ id: locations.id }).from(locations),
      tx.select().from(stockLevels).where(inList(stockLevels.sku, skus)),
    ]);
    const skuSet = new Set(items.map((i) => i.sku));
    const locationSet = new Set(known.map((l) => l.id));
    const current = new Map(levels.map((l) => [`${l.sku}@${l.locationId}`, l.quantityOnHand]));
    const writes: (typeof stockLevels.$inferInsert)[] = [];
    const changes: { field: string; before: unknown; after: unknown }[] = [];

    for (const { index, sourceId, record } of records) {
      const outOfReach = locationRefusal(actor, record.locationId);
      if (outOfReach) {
        results.push(refused(index, sourceId, outOfReach));
        continue;
      }
      if (!locationSet.has(record.locationId)) {
        results.push(refused(index, sourceId, `Unknown warehouse location ${record.locationId}: send it to /api/integrations/locations first`));
        continue;
      }
      if (!skuSet.has(record.sku)) {
        results.push(refused(index, sourceId, `Unknown SKU ${record.sku}: send the product to /api/integrations/products first`));
        continue;
      }
      const before = current.get(sourceId);
      if (before === record.quantityOnHand) {
        results.push({ index, sourceId, outcome: "unchanged" });
        continue;
      }
      writes.push({ sku: record.sku, locationId: record.locationId, quantityOnHand: record.quantityOnHand, sourceSystem: actor.sourceSystem, updatedAt: at });
      // Stock moves often: its trail is the batch's audit event, one before/after per SKU and warehouse.
      changes.push({ field: sourceId, before: before ?? null, after: record.quantityOnHand });
      results.push({ index, sourceId, outcome: before === undefined ? "created" : "updated" });
    }

    for (const part of chunks(writes, CHUNK)) {
      await tx
        .insert(stockLevels)
        .values(part)
        .onConflictDoUpdate({
          target: [stockLevels.sku, stockLevels.locationId],
          set: { quantityOnHand: sql`excluded.quantity_on_hand`, sourceSystem: sql`excluded.source_system`, updatedAt: sql`excluded.updated_at` },
        });
    }
    const touched = [...new Set(writes.map((w) => w.sku))];
    if (touched.length) {
      await tx.run(sql`UPDATE ${inventoryItems}
        SET quantity_on_hand = (SELECT coalesce(sum(s.quantity_on_hand), 0) FROM ${stockLevels} s WHERE s.sku = ${inventoryItems.sku}), updated_at = ${at}
        WHERE ${inList(inventoryItems.sku, touched)}`);
    }
    // Stock's trail is the batch's own audit event, with one change per figure.
    return changes;
  });
}
