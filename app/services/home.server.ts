// The home page's live data: KPI counts in SQL, recent activity from the audit trail, announcements.
//
// KPI definitions (DESIGN section 8: live counts, not the old fixed sample values), each limited to the
// orders the viewer may see (their `orders:view` scope):
// - Orders Today: orders whose order date is today (UTC calendar day).
// - Awaiting Trucking: open orders with no trucking company set.
// - Not Delivered: open orders. "Open" = not delivered, released, complete or cancelled (the same test
//   the Task Center uses, orderFinishedSql).
// - Pending Returns: return requests still pending or under review ('pending', 'under_review', legacy
//   'review'); shown only to viewers holding `returns:view`.
import { and, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { announcements, auditEvents, orders, returnRequests } from "../../db/schema";
import { hasGrant } from "~/domain/access/roles";
import { describeAuditEvent } from "~/domain/shell/activity";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { orderFinishedSql, orderScopeFor } from "./tasks.server";

export type HomeKpis = { ordersToday: number; awaitingTrucking: number; notDelivered: number; pendingReturns: number | null };
export type ActivityItem = { id: number; actor: string; summary: string; at: string };
export type Announcement = { id: number; title: string; body: string; publishedAt: string };

export const PENDING_RETURN_STATUSES = ["pending", "under_review", "review"];
const ACTIVITY_LIMIT = 8;
const ANNOUNCEMENT_LIMIT = 5;

function utcDay(now: Date, offsetDays = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays));
  return d.toISOString().slice(0, 10);
}

export async function homeKpis(ctx: Pick<AppContext, "db" | "now">, viewer: Viewer): Promise<HomeKpis> {
  const now = ctx.now();
  const scope = orderScopeFor(viewer, "orders:view");
  // Order dates may be full timestamps or bare dates; both sort inside ['YYYY-MM-DD', next day).
  const today = and(gte(orders.orderDate, utcDay(now)), lt(orders.orderDate, utcDay(now, 1)));
  const open = sql`NOT ${orderFinishedSql}`;
  const [[todayRow], [openRow], returnsRow] = await Promise.all([
    ctx.db.select({ n: sql<number>`count(*)` }).from(orders).where(and(scope, today)),
    ctx.db
      .select({
        notDelivered: sql<number>`count(*)`,
        awaitingTrucking: sql<number>`coalesce(sum(CASE WHEN trim(${orders.truckingCompany}) = '' THEN 1 ELSE 0 END), 0)`,
      })
      .from(orders)
      .where(and(scope, open)),
    hasGrant(viewer.grants, "returns:view") || viewer.isAdmin
      ? ctx.db.select({ n: sql<number>`count(*)` }).from(returnRequests).where(inArray(returnRequests.status, PENDING_RETURN_STATUSES))
      : Promise.resolve(null),
  ]);
  return {
    ordersToday: Number(todayRow?.n ?? 0),
    awaitingTrucking: Number(openRow?.awaitingTrucking ?? 0),
    notDelivered: Number(openRow?.notDelivered ?? 0),
    pendingReturns: returnsRow ? Number(returnsRow[0]?.n ?? 0) : null,
  };
}

/**
 * The latest audit events. Viewers who see every order see everyone's activity; a viewer limited to a
 * location or assignment sees only their own, since others' events name records outside their scope.
 */
export async function recentActivity(ctx: Pick<AppContext, "db">, viewer: Viewer): Promise<ActivityItem[]> {
  const seesAll = viewer.isAdmin || orderScopeFor(viewer, "orders:view") === undefined;
  if (!seesAll && !viewer.userId) return [];
  const rows = await ctx.db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorName: auditEvents.actorName,
      actorEmail: auditEvents.actorEmail,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(seesAll ? undefined : eq(auditEvents.actorId, viewer.userId!))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actorName || r.actorEmail || "System",
    summary: describeAuditEvent(r),
    at: r.at,
  }));
}

export async function latestAnnouncements(ctx: Pick<AppContext, "db" | "now">): Promise<Announcement[]> {
  return ctx.db
    .select({ id: announcements.id, title: announcements.title, body: announcements.body, publishedAt: announcements.publishedAt })
    .from(announcements)
    .where(lte(announcements.publishedAt, ctx.now().toISOString()))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(ANNOUNCEMENT_LIMIT);
}

export async function homeData(ctx: Pick<AppContext, "db" | "now">, viewer: Viewer) {
  const [kpis, activity, news] = await Promise.all([homeKpis(ctx, viewer), recentActivity(ctx, viewer), latestAnnouncements(ctx)]);
  return { kpis, activity, announcements: news };
}
