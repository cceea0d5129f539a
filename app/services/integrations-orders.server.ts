// Orders from the company's systems (issue 21): each record upserted by (source system, source id), its lines
// by their ids, in one transaction per batch. A record is refused with its reason when it is out of the
// sender's warehouses, names an unknown warehouse, takes an order number that belongs to another record, or
// would move the order back or change what the floor recorded (app/domain/integrations/orders.ts); the rest
// land. An order entered before the integration (same number, no source id) is adopted, not duplicated.
// The Task Center follows at once (a rebuild after the batch), not only at the next cron run.
import { and, eq, sql } from "drizzle-orm";
import { locations, orderLines, orders, type AuditChange } from "../../db/schema";
import {
  creationChanges,
  newOrderFields,
  orderStatusProblem,
  planOrder,
  lineValues,
  type FloorRecord,
  type LineValues,
  type SourceOrderFields,
  type StoredLine,
  type StoredOrder,
} from "~/domain/integrations/orders";
import type { OrderRecord, ParsedRecord, RecordResult } from "~/domain/integrations/records";
import { auditValues } from "~/lib/writes.server";
import { rebuildTasks } from "./task-lists.server";
import { chunks, inList, locationRefusal, refused, serialized, syncBatch, type BatchResult, type SyncActor, type SyncCtx, type Tx } from "./integrations-sync.server";

const ORDER_CHUNK = 200;
const LINE_CHUNK = 500;

const STORED = {
  id: orders.id,
  sourceSystem: orders.sourceSystem,
  sourceId: orders.sourceId,
  orderNumber: orders.orderNumber,
  orderDate: orders.orderDate,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  createdBy: orders.createdBy,
  orderType: orders.orderType,
  warehouseLocation: orders.warehouseLocation,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  addressLines: orders.addressLines,
  totalCents: orders.totalCents,
  warehouseAssignment: orders.warehouseAssignment,
};
type Stored = StoredOrder & { id: number; sourceSystem: string | null; sourceId: string | null };

/** What the floor recorded on each order: picks (a saved or completed pick, a short), a delivery begun or done, a dock capture. */
async function floorRecords(tx: Tx, ids: readonly number[]): Promise<Map<number, FloorRecord>> {
  if (!ids.length) return new Map();
  const rows = await tx.all<{ id: number; picked: number; delivered: number; captured: number }>(sql`
    SELECT o.id,
      EXISTS (SELECT 1 FROM pick_list_logs l WHERE l.order_number = o.order_number)
        OR EXISTS (SELECT 1 FROM pick_list_status p WHERE p.order_id = o.id AND p.completed_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM pick_shorts s WHERE s.order_id = o.id) AS picked,
      o.delivery_completed_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM delivery_meta d WHERE d.order_id = o.id AND (d.delivery_completed_at IS NOT NULL OR d.out_for_delivery_at IS NOT NULL)) AS delivered,
      EXISTS (SELECT 1 FROM warehouse_captures c WHERE c.order_id = o.id) AS captured
    FROM orders o WHERE ${inList(sql`o.id`, ids)}`);
  return new Map(rows.map((r) => [Number(r.id), { picked: !!r.picked, delivered: !!r.delivered, captured: !!r.captured }]));
}

async function storedLines(tx: Tx, ids: readonly number[]): Promise<Map<number, StoredLine[]>> {
  const out = new Map<number, StoredLine[]>();
  if (!ids.length) return out;
  const rows = await tx
    .select({
      orderId: orderLines.orderId,
      lineItemId: orderLines.lineItemId,
      productId: orderLines.productId,
      sku: orderLines.sku,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      position: orderLines.position,
    })
    .from(orderLines)
    .where(inList(orderLines.orderId, ids))
    .orderBy(orderLines.orderId, orderLines.position, orderLines.id);
  for (const { orderId, ...line } of rows) {
    const list = out.get(orderId) ?? [];
    list.push(line);
    out.set(orderId, list);
  }
  return out;
}

type Create = { index: number; sourceId: string; fields: SourceOrderFields; lines: LineValues[] };
type Update = {
  index: number;
  sourceId: string;
  id: number;
  orderNumber: string;
  fields: Partial<SourceOrderFields>;
  /** An order entered before the integration, now linked to the record's id. */
  adopt: boolean;
  upsert: LineValues[];
  remove: string[];
  changes: AuditChange[];
};

/**
 * Upserts orders and their lines from parsed records (HTTP batches and, later, CSV rows alike) and answers
 * each record: created, updated, unchanged or refused with the reason. One transaction for the batch.
 */
export async function upsertOrders(ctx: SyncCtx, actor: SyncActor, records: readonly ParsedRecord<OrderRecord>[], early: RecordResult[] = []): Promise<BatchResult> {
  const result = await syncBatch(ctx, actor, "orders", early, async ({ tx, at, results, audits }) => {
    const ids = records.map((r) => r.sourceId);
    const numbers = records.map((r) => r.record.orderNumber);
    const [bySourceRows, byNumberRows, known] = await Promise.all([
      tx.select(STORED).from(orders).where(and(eq(orders.sourceSystem, actor.sourceSystem), inList(orders.sourceId, ids))),
      tx.select(STORED).from(orders).where(inList(orders.orderNumber, numbers)),
      tx.select({ id: locations.id }).from(locations),
    ]);
    const bySource = new Map(bySourceRows.map((o) => [o.sourceId!, o as Stored]));
    const byNumber = new Map(byNumberRows.map((o) => [o.orderNumber, o as Stored]));
    const locationIds = new Set(known.map((l) => l.id));

    // First pass: which stored order each record is, or why it cannot be written at all.
    const claimed = new Map<string, string>();
    const matched: { parsed: ParsedRecord<OrderRecord>; stored: Stored | null }[] = [];
    for (const parsed of records) {
      const { index, sourceId, record } = parsed;
      let stored = bySource.get(sourceId) ?? null;
      if (!stored) {
        const owner = byNumber.get(record.orderNumber);
        if (owner && owner.sourceId !== null) {
          results.push(refused(index, sourceId, `Order number ${record.orderNumber} belongs to another record (${owner.sourceSystem} id ${owner.sourceId})`));
          continue;
        }
        stored = owner ?? null;
      }
      const otherClaim = claimed.get(record.orderNumber);
      if (otherClaim !== undefined && otherClaim !== sourceId) {
        results.push(refused(index, sourceId, `Order number ${record.orderNumber} is also sent by record ${otherClaim} in this batch`));
        continue;
      }
      const outOfReach = (stored && locationRefusal(actor, stored.warehouseLocation)) || locationRefusal(actor, record.warehouseLocation);
      if (outOfReach) {
        results.push(refused(index, sourceId, outOfReach));
        continue;
      }
      if (!locationIds.has(record.warehouseLocation)) {
        results.push(refused(index, sourceId, `Unknown warehouse location ${record.warehouseLocation}: send it to /api/integrations/locations first`));
        continue;
      }
      claimed.set(record.orderNumber, sourceId);
      matched.push({ parsed, stored });
    }

    // Second pass: against the stored order, its lines and what the floor recorded.
    const storedIds = matched.flatMap((m) => (m.stored ? [m.stored.id] : []));
    const [floor, lines] = await Promise.all([floorRecords(tx, storedIds), storedLines(tx, storedIds)]);
    const creates: Create[] = [];
    const updates: Update[] = [];
    for (const { parsed, stored } of matched) {
      const { index, sourceId, record } = parsed;
      if (!stored) {
        const problem = orderStatusProblem(record.orderType, record.orderStatus);
        if (problem) {
          results.push(refused(index, sourceId, problem));
          continue;
        }
        creates.push({ index, sourceId, fields: newOrderFields(record), lines: lineValues(record.lines) });
        continue;
      }
      const plan = planOrder(stored, lines.get(stored.id) ?? [], floor.get(stored.id) ?? { picked: false, delivered: false, captured: false }, record);
      const adopt = stored.sourceId === null;
      if (plan.kind === "refused") {
        results.push(refused(index, sourceId, plan.reason));
      } else if (plan.kind === "unchanged" && !adopt) {
        results.push({ index, sourceId, outcome: "unchanged" });
      } else {
        const changes = plan.kind === "updated" ? [...plan.changes] : [];
        if (adopt) changes.push({ field: "sourceId", before: null, after: `${actor.sourceSystem}:${sourceId}` });
        updates.push({
          index,
          sourceId,
          id: stored.id,
          orderNumber: stored.orderNumber,
          fields: plan.kind === "updated" ? plan.fields : {},
          adopt,
          upsert: plan.kind === "updated" ? plan.lines.upsert : [],
          remove: plan.kind === "updated" ? plan.lines.remove : [],
          changes,
        });
      }
    }

    for (const part of chunks(creates, ORDER_CHUNK)) {
      const inserted = await tx
        .insert(orders)
        .values(part.map((c) => ({ ...c.fields, sourceSystem: actor.sourceSystem, sourceId: c.sourceId, createdAt: at, updatedAt: at })))
        .returning({ id: orders.id, sourceId: orders.sourceId });
      const idOf = new Map(inserted.map((r) => [r.sourceId!, r.id]));
      const lineRows = part.flatMap((c) => c.lines.map((l) => ({ ...l, orderId: idOf.get(c.sourceId)! })));
      for (const linePart of chunks(lineRows, LINE_CHUNK)) await tx.insert(orderLines).values(linePart);
      for (const c of part) {
        results.push({ index: c.index, sourceId: c.sourceId, outcome: "created" });
        audits.push(auditValues(actor, at, { entityType: "order", entityId: c.fields.orderNumber, action: "integration.create", changes: creationChanges(c.fields, c.lines) }));
      }
    }
    for (const u of updates) {
      await tx
        .update(orders)
        .set({ ...u.fields, sourceSystem: actor.sourceSystem, sourceId: u.sourceId, lastUpdatedAt: at, updatedAt: at, version: sql`${orders.version} + 1` })
        .where(eq(orders.id, u.id));
      if (u.remove.length) await tx.delete(orderLines).where(and(eq(orderLines.orderId, u.id), inList(orderLines.lineItemId, u.remove)));
      for (const part of chunks(u.upsert, LINE_CHUNK)) {
        await tx
          .insert(orderLines)
          .values(part.map((l) => ({ ...l, orderId: u.id })))
          .onConflictDoUpdate({
            target: [orderLines.orderId, orderLines.lineItemId],
            set: {
              productId: sql`excluded.product_id`,
              sku: sql`excluded.sku`,
              description: sql`excluded.description`,
              quantity: sql`excluded.quantity`,
              unitPriceCents: sql`excluded.unit_price_cents`,
              position: sql`excluded.position`,
            },
          });
      }
      results.push({ index: u.index, sourceId: u.sourceId, outcome: "updated" });
      audits.push(auditValues(actor, at, { entityType: "order", entityId: u.orderNumber, action: "integration.update", changes: u.changes }));
    }
  });
  if (result.counts.created || result.counts.updated) followTaskList(ctx);
  return result;
}

/** New and changed orders reach the Task Center now, after the batch, rather than at the next cron run. */
function followTaskList(ctx: SyncCtx): void {
  if (!ctx.waitUntil) return;
  ctx.waitUntil(
    serialized(() => rebuildTasks({ db: ctx.db, now: ctx.now })).catch((error: unknown) => {
      // The cron rebuilds every 5 minutes anyway; a failed early rebuild only delays the list.
      console.error("task list rebuild after an integration batch failed", error);
    }),
  );
}
