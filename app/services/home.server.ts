// The home page's live data: KPI counts in SQL, recent activity from the audit trail, announcements.
//
// KPI definitions (DESIGN section 8: live counts, not the old fixed sample values):
// - Orders Today, Awaiting Trucking, Not Delivered: exactly the Order Tracking tiles for the same viewer
//   (orderKpis in orders.server.ts, in their `orders:view` scope), so the two screens never disagree.
// - Pending Returns: return requests still pending or under review ('pending', 'under_review', legacy
//   'review'); shown only to viewers holding `returns:view`.
import { desc, eq, inArray, lte, sql } from "drizzle-orm";
import { announcements, auditEvents, returnRequests } from "../../db/schema";
import { hasGrant } from "~/domain/access/roles";
import { describeAuditEvent } from "~/domain/shell/activity";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { orderKpis, resolveOrderScope, type OrderKpis } from "./orders.server";

export type HomeKpis = OrderKpis & { pendingReturns: number | null };
export type ActivityItem = { id: number; actor: string; summary: string; at: string };
export type Announcement = { id: number; title: string; body: string; publishedAt: string };

export const PENDING_RETURN_STATUSES = ["pending", "under_review", "review"];
const ACTIVITY_LIMIT = 8;
const ANNOUNCEMENT_LIMIT = 5;

async function pendingReturns(ctx: Pick<AppContext, "db">, viewer: Viewer): Promise<number | null> {
  if (!viewer.isAdmin && !hasGrant(viewer.grants, "returns:view")) return null;
  const [row] = await ctx.db.select({ n: sql<number>`count(*)` }).from(returnRequests).where(inArray(returnRequests.status, PENDING_RETURN_STATUSES));
  return Number(row?.n ?? 0);
}

export async function homeKpis(ctx: Pick<AppContext, "db" | "now">, viewer: Viewer): Promise<HomeKpis> {
  const [orderTiles, returns] = await Promise.all([orderKpis(ctx, viewer), pendingReturns(ctx, viewer)]);
  return { ...orderTiles, pendingReturns: returns };
}

/**
 * The latest audit events. Viewers who see every order see everyone's activity; a viewer limited to a
 * location or assignment sees only their own, since others' events name records outside their scope.
 */
export async function recentActivity(ctx: Pick<AppContext, "db">, viewer: Viewer): Promise<ActivityItem[]> {
  const seesAll = (await resolveOrderScope(ctx, viewer)).kind === "all";
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
