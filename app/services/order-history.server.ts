// Order history (GET /api/order-trackers/{orderNumber}/history): the order's audit events, newest first,
// limited to orders the viewer may see and without the fields hidden from their role.
import { and, desc, eq } from "drizzle-orm";
import { auditEvents, orders, type AuditChange } from "../../db/schema";
import { UPDATE_MESSAGES } from "~/domain/orders/constants";
import type { AppContext } from "~/lib/context.server";
import { fail } from "~/lib/http.server";
import type { Viewer } from "~/lib/session.server";
import { resolveOrderScope } from "./orders.server";

type Ctx = Pick<AppContext, "db" | "now">;

export type HistoryEntry = { id: string; at: string; actor: string; actorEmail: string; changes: AuditChange[] };

/** The order's audit trail, newest first (404 when the viewer cannot see the order). */
export async function orderHistory(ctx: Ctx, viewer: Viewer, orderNumber: string): Promise<{ orderNumber: string; timeline: HistoryEntry[] }> {
  const scope = await resolveOrderScope(ctx, viewer);
  const [order] = await ctx.db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(scope.where, eq(orders.orderNumber, orderNumber.trim())))
    .limit(1);
  if (!order) fail(404, UPDATE_MESSAGES.notFound);
  const events = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "order"), eq(auditEvents.entityId, order.orderNumber)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(500);
  const hidden = new Set<string>([...(scope.hidePayment ? ["paymentStatus"] : []), ...(scope.hideTrucking ? ["truckingCompany"] : [])]);
  return {
    orderNumber: order.orderNumber,
    timeline: events.map((e) => ({
      id: String(e.id),
      at: e.at,
      actor: e.actorName || e.actorEmail || "System",
      actorEmail: e.actorEmail,
      changes: (e.changes ?? []).filter((c) => !hidden.has(c.field)),
    })),
  };
}

