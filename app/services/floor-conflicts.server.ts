// Offline floor writes that arrive too late (issue 23, decision 040): the order's facts a write is bounded by
// (its creation, its status now), and the refusal of a delivery step or pick completion for an order the office
// cancelled meanwhile: a 409 the driver or picker reads, and one notice for logistics per person, order and flow.
import { and, desc, eq } from "drizzle-orm";
import { auditEvents, idempotencyKeys, notifications, orders } from "../../db/schema";
import type { GrantKey } from "~/domain/access/roles";
import { cancelledMeanwhileMessage, cancelledMeanwhileNotice } from "~/domain/acted-at";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { isCancelled } from "~/domain/orders/status";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { actorName } from "~/lib/writes.server";

/** Logistics and the admins: who hears that a driver's or picker's queued work met a cancelled order. */
export const CONFLICT_AUDIENCE_GRANT: GrantKey = "help:receive";

export type OrderFacts = { createdAt: string; orderStatus: string };

/** The order as it is now (not as the request's earlier read saw it): its creation and its status. */
export async function orderFacts(ctx: Pick<AppContext, "db">, orderId: number): Promise<OrderFacts> {
  const [row] = await ctx.db.select({ createdAt: orders.createdAt, orderStatus: orders.orderStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) throw new NotFoundError("Order not found");
  return row;
}

/** When the order last became cancelled, from its history (null when the history does not say). */
async function cancelledAt(ctx: Pick<AppContext, "db">, orderNumber: string): Promise<string | null> {
  const events = await ctx.db
    .select({ at: auditEvents.at, actedAt: auditEvents.actedAt, changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "order"), eq(auditEvents.entityId, orderNumber)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(100);
  const event = events.find((e) => (e.changes ?? []).some((c) => c.field === "orderStatus" && typeof c.after === "string" && isCancelled(c.after)));
  return event ? (event.actedAt ?? event.at) : null;
}

export type RefusalInput = {
  order: { id: number; orderNumber: string; customerName?: string | null };
  /** What the person tried, as the notice says it: 'complete the delivery', 'mark it out for delivery'. */
  attempted: string;
  /** The flow, so one act's notice is kept once: 'delivery.complete', 'picklist.complete'. */
  flow: string;
  actedAt: string;
  key: string | null;
};

/**
 * Refuses the write when the order is cancelled now: records one notice for logistics (once per person,
 * order and flow) and throws the 409 in plain words. Returns when the order is not cancelled.
 */
export async function refuseIfCancelled(ctx: AppContext, viewer: Viewer, facts: OrderFacts, input: RefusalInput): Promise<void> {
  if (!isCancelled(facts.orderStatus)) return;
  const when = await cancelledAt(ctx, input.order.orderNumber);
  const receivedAt = ctx.now().toISOString();
  const scope = `conflict-notice:${input.flow}:${input.order.id}:${viewer.email}`;
  // One notice per person, order and flow, whatever the key or the acted time: retries and new keys (a
  // replayed outbox, or someone posting on purpose) cannot fill the office's bell. The driver still gets the
  // refusal every time.
  const key = "notified";
  try {
    await ctx.db.batch([
      // The primary key (scope, key) keeps the notice to one: a retry or a racing duplicate fails here and
      // its notice rolls back with it.
      ctx.db.insert(idempotencyKeys).values({ scope, key, status: 409, body: JSON.stringify({ notice: true }), fingerprint: "", createdAt: receivedAt }),
      ctx.db.insert(notifications).values({
        audienceGrant: CONFLICT_AUDIENCE_GRANT,
        type: "warning",
        title: "Offline work refused: order cancelled",
        message: cancelledMeanwhileNotice({ who: actorName(viewer), orderNumber: input.order.orderNumber, customerName: input.order.customerName, attempted: input.attempted, actedAt: input.actedAt, receivedAt, cancelledAt: when }),
        priority: "high",
        category: "status_change",
        orderNumber: input.order.orderNumber,
        orderId: input.order.id,
        createdBy: viewer.email,
        createdAt: receivedAt,
      }),
    ]);
  } catch (error) {
    // Already told (the same act sent again): the driver still gets the refusal below.
    const [seen] = await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))).limit(1);
    if (!seen) throw error;
  }
  throw new ConflictError(cancelledMeanwhileMessage(input.order.orderNumber, when, input.actedAt));
}
