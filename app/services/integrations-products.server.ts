// Products from the company's systems (issue 21): each SKU upserted by (source system, source id) with its
// description, bin and barcodes, in one transaction per batch. The SKU itself never changes (lines, barcodes
// and stock refer to it); a barcode already on another SKU refuses the record; a product entered before the
// integration (same SKU, no source id) is adopted. Barcodes sent are the product's whole set.
import { and, eq, sql } from "drizzle-orm";
import { inventoryItems, productBarcodes, type AuditChange } from "../../db/schema";
import type { ParsedRecord, ProductRecord, RecordResult } from "~/domain/integrations/records";
import { normalizeBin } from "~/domain/picking/bins";
import { auditValues } from "~/lib/writes.server";
import { chunks, inList, refused, syncBatch, type BatchResult, type SyncActor, type SyncCtx } from "./integrations-sync.server";

type Item = typeof inventoryItems.$inferSelect;
type Barcode = typeof productBarcodes.$inferSelect;
type SentBarcode = NonNullable<ProductRecord["barcodes"]>[number];

const CHUNK = 300;

function barcodeText(b: { code: string; kind: string; quantity: number }): string {
  return b.kind === "case" ? `${b.code} (case of ${b.quantity})` : `${b.code} (unit)`;
}

/** How the product's barcodes must change to become the sent set (matched by their key). */
function planBarcodes(current: readonly Barcode[], sent: readonly SentBarcode[]) {
  const byKey = new Map(current.map((b) => [b.codeKey, b]));
  const sentKeys = new Set(sent.map((b) => b.key));
  const add = sent.filter((b) => !byKey.has(b.key));
  const change = sent.flatMap((b) => {
    const old = byKey.get(b.key);
    return old && (old.code !== b.code || old.kind !== b.kind || old.quantity !== b.quantity) ? [{ id: old.id, ...b }] : [];
  });
  const remove = current.filter((b) => !sentKeys.has(b.codeKey));
  return { add, change, remove, changed: add.length + change.length + remove.length > 0 };
}

export async function upsertProducts(ctx: SyncCtx, actor: SyncActor, records: readonly ParsedRecord<ProductRecord>[], early: RecordResult[] = []): Promise<BatchResult> {
  return syncBatch(ctx, actor, "products", early, async ({ tx, at, results, audits }) => {
    const skus = records.map((r) => r.record.sku);
    const keys = records.flatMap((r) => (r.record.barcodes ?? []).map((b) => b.key));
    const [bySourceRows, bySkuRows, codeRows] = await Promise.all([
      tx.select().from(inventoryItems).where(and(eq(inventoryItems.sourceSystem, actor.sourceSystem), inList(inventoryItems.sourceId, records.map((r) => r.sourceId)))),
      tx.select().from(inventoryItems).where(inList(inventoryItems.sku, skus)),
      // Every barcode of the SKUs in the batch, and every owner of a code the batch sends.
      tx.select().from(productBarcodes).where(sql`${inList(productBarcodes.sku, skus)} OR ${inList(productBarcodes.codeKey, keys)}`),
    ]);
    const bySource = new Map(bySourceRows.map((i) => [i.sourceId!, i]));
    const bySku = new Map(bySkuRows.map((i) => [i.sku, i]));
    const ownerOfKey = new Map(codeRows.map((b) => [b.codeKey, b.sku]));
    const codesOf = (sku: string) => codeRows.filter((b) => b.sku === sku);
    const skuClaims = new Map<string, string>();
    const keyClaims = new Map<string, string>();
    const creates: (typeof inventoryItems.$inferInsert)[] = [];
    const newCodes: (typeof productBarcodes.$inferInsert)[] = [];

    for (const { index, sourceId, record } of records) {
      let stored: Item | null = bySource.get(sourceId) ?? null;
      if (stored && stored.sku !== record.sku) {
        results.push(refused(index, sourceId, `The SKU cannot change (it is ${stored.sku}): order lines, barcodes and stock refer to it`));
        continue;
      }
      if (!stored) {
        const owner = bySku.get(record.sku);
        if (owner && owner.sourceId !== null) {
          results.push(refused(index, sourceId, `SKU ${record.sku} belongs to another record (${owner.sourceSystem} id ${owner.sourceId})`));
          continue;
        }
        stored = owner ?? null;
      }
      const skuClaim = skuClaims.get(record.sku);
      if (skuClaim !== undefined) {
        results.push(refused(index, sourceId, `SKU ${record.sku} is also sent by record ${skuClaim} in this batch`));
        continue;
      }
      const sent = record.barcodes;
      const taken = (sent ?? []).find((b) => {
        const owner = ownerOfKey.get(b.key);
        const claim = keyClaims.get(b.key);
        return (owner !== undefined && owner !== record.sku) || (claim !== undefined && claim !== record.sku);
      });
      if (taken) {
        const owner = ownerOfKey.get(taken.key);
        results.push(refused(index, sourceId, `Barcode ${taken.code} is already on SKU ${owner && owner !== record.sku ? owner : keyClaims.get(taken.key)}`));
        continue;
      }
      skuClaims.set(record.sku, sourceId);
      for (const b of sent ?? []) keyClaims.set(b.key, record.sku);

      const next = {
        productId: record.productId ?? stored?.productId ?? sourceId,
        description: record.description,
        bin: record.bin === undefined ? (stored?.bin ?? null) : normalizeBin(record.bin),
      };
      const codes = sent ? planBarcodes(stored ? codesOf(record.sku) : [], sent) : null;
      if (!stored) {
        creates.push({ sku: record.sku, ...next, quantityOnHand: 0, sourceSystem: actor.sourceSystem, sourceId, updatedAt: at });
        newCodes.push(...(sent ?? []).map((b) => ({ sku: record.sku, code: b.code, codeKey: b.key, kind: b.kind, quantity: b.quantity, createdAt: at, updatedAt: at })));
        results.push({ index, sourceId, outcome: "created" });
        audits.push(
          auditValues(actor, at, {
            entityType: "product",
            entityId: record.sku,
            action: "integration.create",
            changes: [
              { field: "description", before: null, after: next.description },
              { field: "bin", before: null, after: next.bin },
              { field: "barcodes", before: null, after: (sent ?? []).map(barcodeText) },
            ],
          }),
        );
        continue;
      }
      const changes: AuditChange[] = [];
      for (const field of ["productId", "description", "bin"] as const) {
        if (stored[field] !== next[field]) changes.push({ field, before: stored[field], after: next[field] });
      }
      if (codes?.changed) changes.push({ field: "barcodes", before: codesOf(record.sku).map(barcodeText), after: (sent ?? []).map(barcodeText) });
      const adopt = stored.sourceId === null;
      if (adopt) changes.push({ field: "sourceId", before: null, after: `${actor.sourceSystem}:${sourceId}` });
      if (!changes.length) {
        results.push({ index, sourceId, outcome: "unchanged" });
        continue;
      }
      await tx
        .update(inventoryItems)
        .set({ ...next, sourceSystem: actor.sourceSystem, sourceId, updatedAt: at })
        .where(eq(inventoryItems.sku, record.sku));
      if (codes?.remove.length) await tx.delete(productBarcodes).where(inList(productBarcodes.id, codes.remove.map((b) => b.id)));
      for (const b of codes?.change ?? []) {
        await tx
          .update(productBarcodes)
          .set({ code: b.code, kind: b.kind, quantity: b.quantity, updatedAt: at, version: sql`${productBarcodes.version} + 1` })
          .where(eq(productBarcodes.id, b.id));
      }
      if (codes?.add.length) {
        await tx.insert(productBarcodes).values(codes.add.map((b) => ({ sku: record.sku, code: b.code, codeKey: b.key, kind: b.kind, quantity: b.quantity, createdAt: at, updatedAt: at })));
      }
      results.push({ index, sourceId, outcome: "updated" });
      audits.push(auditValues(actor, at, { entityType: "product", entityId: record.sku, action: "integration.update", changes }));
    }
    // New products first: their barcodes refer to them.
    for (const part of chunks(creates, CHUNK)) await tx.insert(inventoryItems).values(part);
    for (const part of chunks(newCodes, CHUNK)) await tx.insert(productBarcodes).values(part);
  });
}
