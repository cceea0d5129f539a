// Picking on the server: finding the order a picker may work on, pick logs, verify (save) and complete,
// and the Pick List Check page's order. The /api/picklists routes and the pages call these.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { grantScope } from "~/domain/access/roles";
import { UPDATE_MESSAGES } from "~/domain/orders/constants";
import { PICK_GRANTS } from "~/domain/picklists/grants";
import { auditEvents, idempotencyKeys, inventoryItems, orderLines, orders, pickListLogs, pickListStatus } from "../../db/schema";
import { checkPickedItems, type PickResult, type PickSummary, type VerifyBody } from "~/domain/picklists/verify";
import type { AppContext } from "~/lib/context.server";
import { fail } from "~/lib/http.server";
import { withIdempotency } from "~/lib/idempotency.server";
import { notifyRoomSaved } from "~/lib/party.server";
import type { Viewer } from "~/lib/session.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";

export const PICK_VERIFIED = "pick-verified";
export const PICK_COMPLETED = "pick-completed";
/** Completing a pick moves these statuses to 'Picked'; later ones (already shipped, delivered) are kept. */
export const COMPLETE_FROM_STATUSES = ["Picking", "Pending Assignment"] as const;

/** The order a pick or print call works on: the Order Tracking row (payment and trucking present, see pickViewer). */
export type PickOrder = OrderRow;

/**
 * The viewer as getOrderForViewer should see them for a pick or print call. A route grant held with scope
 * 'all' (roles.ts: picklists:pick, :print, :email-enable) reaches every order: a warehouse employee picks
 * whatever order is put in front of them, not only those assigned to them. A passcode is looked up across
 * warehouses so that its own limit can be answered with the spec's message (findPickOrder). Otherwise the
 * route's rows are the viewer's Order Tracking scope.
 */
function pickViewer(viewer: Viewer, grantKeys: readonly string[]): Viewer {
  if (viewer.kind === "passcode") return { ...viewer, allowedLocations: [] };
  if (grantKeys.some((k) => grantScope(viewer.grants, k) === "all")) {
    return { ...viewer, grants: [...viewer.grants.filter((g) => g.key !== "orders:view"), { key: "orders:view", scope: "all" }] };
  }
  return viewer;
}

/** Spec 002 §5: a passcode whose non-empty allowedLocations lack the order's warehouse may not load it. */
function passcodeBlocksWarehouse(viewer: Viewer, location: string): boolean {
  return viewer.kind === "passcode" && viewer.allowedLocations.length > 0 && !viewer.allowedLocations.includes(location);
}

/**
 * The order by numeric id or order number, within the viewer's reach for the route's grants (404 'Order
 * not found' outside it), through the one order lookup, getOrderForViewer. A passcode session is checked
 * against its warehouses with the message the picking screen shows, 'Passcode not authorized for
 * warehouse {location}'. The status is 404, as for any order outside a viewer's scope (DESIGN §4): a 403
 * would read as "the guard refused the route" (docs/decisions/005-pick-lists.md). The live room's token
 * call answers that refusal with 403 instead (docs/decisions/006-live-picking.md): `passcodeStatus`.
 */
export async function findPickOrder(
  ctx: AppContext,
  viewer: Viewer,
  ref: string,
  grantKeys: readonly string[],
  { passcodeStatus = 404 }: { passcodeStatus?: 403 | 404 } = {},
): Promise<PickOrder> {
  const value = ref.trim();
  if (!value || value.length > 64) fail(404, UPDATE_MESSAGES.notFound);
  const order = await getOrderForViewer(ctx, pickViewer(viewer, grantKeys), value);
  if (passcodeBlocksWarehouse(viewer, order.warehouseLocation)) {
    fail(passcodeStatus, `Passcode not authorized for warehouse ${order.warehouseLocation || "-"}`);
  }
  return order;
}

export { PICK_GRANTS };

// ---------------------------------------------------------------- logs

export type PickLogEntry = { type: string; at: string; actor: string; payload: Record<string, unknown> };

/** Newest first. */
export async function listPickLogs(ctx: AppContext, order: Pick<PickOrder, "id">, limit = 200): Promise<PickLogEntry[]> {
  return ctx.db
    .select({ type: pickListLogs.type, at: pickListLogs.at, actor: pickListLogs.actor, payload: pickListLogs.payload })
    .from(pickListLogs)
    .where(eq(pickListLogs.orderId, order.id))
    .orderBy(desc(pickListLogs.at), desc(pickListLogs.id))
    .limit(limit);
}

export type PickVerifiedEntry = PickLogEntry & { payload: { results: PickResult[]; summary: PickSummary; note?: string; by?: string } };

/** The latest 'pick-verified' log of an order (by order number), or null: the picking screen syncs from it. */
export async function latestPickVerified(ctx: AppContext, orderNumber: string): Promise<PickVerifiedEntry | null> {
  const [row] = await ctx.db
    .select({ type: pickListLogs.type, at: pickListLogs.at, actor: pickListLogs.actor, payload: pickListLogs.payload })
    .from(pickListLogs)
    .where(and(eq(pickListLogs.orderNumber, orderNumber), eq(pickListLogs.type, PICK_VERIFIED)))
    .orderBy(desc(pickListLogs.at), desc(pickListLogs.id))
    .limit(1);
  return (row as PickVerifiedEntry | undefined) ?? null;
}

// ---------------------------------------------------------------- verify and complete

async function linesFor(ctx: AppContext, orderId: number) {
  return ctx.db
    .select({ lineItemId: orderLines.lineItemId, sku: orderLines.sku, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/**
 * Saves a pick: every item is checked against the order's lines first (400 with the reason, nothing
 * written), then one 'pick-verified' log row is written together with the idempotency record. The room is
 * told afterwards, best effort.
 */
export async function verifyPick(ctx: AppContext, viewer: Viewer, order: PickOrder, body: VerifyBody, idempotencyKey: string | null): Promise<Response> {
  return withIdempotency(ctx, `picklists.verify:${order.id}:${viewer.email}`, idempotencyKey, async (remember) => {
    const check = checkPickedItems(body.pickedItems, await linesFor(ctx, order.id));
    if (!check.ok) return { status: 400, body: { success: false, error: check.error } };
    const at = ctx.now().toISOString();
    const by = viewer.name || viewer.email;
    const response = { status: 200, body: { success: true, summary: check.summary } };
    await ctx.db.batch([
      ctx.db.insert(pickListLogs).values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        type: PICK_VERIFIED,
        payload: { results: check.results, summary: check.summary, note: body.note, by: viewer.email },
        actor: body.actor,
        at,
      }),
      ...remember(response).map((r) => ctx.db.insert(idempotencyKeys).values(r)),
    ]);
    // After the commit and off the response path: a slow or absent room never delays or fails a save.
    ctx.waitUntil(notifyRoomSaved(ctx, order.orderNumber, { results: check.results, savedAt: at, by }));
    return response;
  });
}

/**
 * Completes a pick: pick_list_status.completedAt/By, a 'pick-completed' log, and the order moves to
 * 'Picked' (with its audit event) when it was still 'Picking' or 'Pending Assignment'. One transaction.
 */
export async function completePick(ctx: AppContext, viewer: Viewer, order: PickOrder, idempotencyKey: string | null): Promise<Response> {
  return withIdempotency(ctx, `picklists.complete:${order.id}:${viewer.email}`, idempotencyKey, async (remember) => {
    const at = ctx.now().toISOString();
    const by = viewer.name || viewer.email;
    const response = { status: 200, body: { success: true } };
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ orderStatus: orders.orderStatus }).from(orders).where(eq(orders.id, order.id)).limit(1);
      const before = current?.orderStatus ?? order.orderStatus;
      const moves = (COMPLETE_FROM_STATUSES as readonly string[]).includes(before);
      await tx
        .insert(pickListStatus)
        .values({ orderId: order.id, completedAt: at, completedBy: by })
        .onConflictDoUpdate({ target: pickListStatus.orderId, set: { completedAt: at, completedBy: by, version: sql`${pickListStatus.version} + 1` } });
      if (moves) {
        await tx
          .update(orders)
          .set({ orderStatus: "Picked", lastUpdatedAt: at, updatedAt: at, version: sql`${orders.version} + 1` })
          .where(and(eq(orders.id, order.id), inArray(orders.orderStatus, [...COMPLETE_FROM_STATUSES])));
        await tx.insert(auditEvents).values({
          at,
          actorId: viewer.userId,
          actorEmail: viewer.email,
          actorName: by,
          entityType: "order",
          entityId: order.orderNumber,
          action: "update",
          changes: [{ field: "orderStatus", before, after: "Picked" }],
        });
      }
      await tx.insert(pickListLogs).values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        type: PICK_COMPLETED,
        payload: { by: viewer.email, statusBefore: before, statusAfter: moves ? "Picked" : before },
        actor: by,
        at,
      });
      for (const r of remember(response)) await tx.insert(idempotencyKeys).values(r);
    });
    return response;
  });
}

// ---------------------------------------------------------------- the Pick List Check page

export type PickCheckOrder = {
  id: number;
  orderNumber: string;
  customerName: string;
  orderDate: string;
  orderStatus: string;
  orderType: string;
  warehouseLocation: string;
  lines: { lineItemId: string; productId: string; sku: string; description: string; quantity: number; onHand: number | null }[];
  releaseOrder: { hasReleaseOrder: boolean; generatedAt: string | null; completedAt: string | null };
};

/** The order, its lines and on-hand figures for the Pick List Check page, in the viewer's scope. */
export async function getPickCheckOrder(ctx: AppContext, viewer: Viewer, orderNumber: string, grantKeys: readonly string[]): Promise<PickCheckOrder> {
  const order = await findPickOrder(ctx, viewer, orderNumber, grantKeys);
  const [lines, [status]] = await Promise.all([
    ctx.db
      .select({
        lineItemId: orderLines.lineItemId,
        productId: orderLines.productId,
        sku: orderLines.sku,
        description: orderLines.description,
        quantity: orderLines.quantity,
        onHand: inventoryItems.quantityOnHand,
      })
      .from(orderLines)
      .leftJoin(inventoryItems, eq(inventoryItems.sku, orderLines.sku))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
    ctx.db
      .select({ hasReleaseOrder: pickListStatus.hasReleaseOrder, generatedAt: pickListStatus.generatedAt, completedAt: pickListStatus.completedAt })
      .from(pickListStatus)
      .where(eq(pickListStatus.orderId, order.id))
      .limit(1),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    orderDate: order.orderDate,
    orderStatus: order.orderStatus,
    orderType: order.orderType,
    warehouseLocation: order.warehouseLocation,
    lines: lines.map((l) => ({ ...l, onHand: l.onHand ?? null })),
    releaseOrder: { hasReleaseOrder: status?.hasReleaseOrder ?? false, generatedAt: status?.generatedAt ?? null, completedAt: status?.completedAt ?? null },
  };
}
