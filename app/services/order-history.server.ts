// Order history (GET /api/order-trackers/{orderNumber}/history): the order's audit events, newest first by
// when they happened (the phone's bounded acted time, else the receipt: decision 040), limited to orders the
// viewer may see and without the fields hidden from their role.
import { and, desc, eq, sql } from "drizzle-orm";
import { auditEvents, orders, type AuditChange } from "../../db/schema";
import { UPDATE_MESSAGES } from "~/domain/orders/constants";
import type { AppContext } from "~/lib/context.server";
import { hiddenOrderFields } from "~/domain/access/visibility";
import { NotFoundError } from "~/domain/errors";
import type { Viewer } from "~/lib/session.server";
import { resolveOrderScope } from "./orders.server";

type Ctx = Pick<AppContext, "db" | "now">;

export type HistoryEntry = { id: string; at: string; actedAt?: string; actor: string; actorEmail: string; changes: AuditChange[] };

/** The order's audit trail, newest first by when it happened (404 when the viewer cannot see the order). */
export async function orderHistory(ctx: Ctx, viewer: Viewer, orderNumber: string): Promise<{ orderNumber: string; timeline: HistoryEntry[] }> {
  if (!orderNumber.trim() || orderNumber.length > 64) throw new NotFoundError(UPDATE_MESSAGES.notFound);
  const scope = await resolveOrderScope(ctx, viewer);
  const [order] = await ctx.db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(scope.where, eq(orders.orderNumber, orderNumber.trim())))
    .limit(1);
  if (!order) throw new NotFoundError(UPDATE_MESSAGES.notFound);
  const events = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "order"), eq(auditEvents.entityId, order.orderNumber)))
    .orderBy(desc(sql`coalesce(${auditEvents.actedAt}, ${auditEvents.at})`), desc(auditEvents.id))
    .limit(500);
  // Hidden everywhere: a field the viewer may not see is not in any entry's changes either.
  const hidden = new Set<string>(hiddenOrderFields(scope.visibility));
  return {
    orderNumber: order.orderNumber,
    timeline: events.map((e) => ({
      id: String(e.id),
      at: e.at,
      ...(e.actedAt ? { actedAt: e.actedAt } : {}),
      actor: e.actorName || e.actorEmail || "System",
      actorEmail: e.actorEmail,
      changes: (e.changes ?? []).filter((c) => !hidden.has(c.field)),
    }))
    // An entry that only touched hidden fields says nothing the viewer may read, not even that it happened.
    .filter((e) => e.changes.length > 0),
  };
}

