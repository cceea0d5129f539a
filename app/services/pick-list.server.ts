// Picking on the server: finding the order a picker may work on, pick logs, verify (save) and complete,
// and the Pick List Check page's order. The /api/picklists routes and the pages call these.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { ActedAt } from "~/domain/acted-at";
import type { GrantKey } from "~/domain/access/roles";
import { DomainError, NotFoundError } from "~/domain/errors";
import { UPDATE_MESSAGES } from "~/domain/orders/constants";
import type { CompleteAnswer, VerifyAnswer } from "~/domain/picking/contract";
import { pickLineId } from "~/domain/picking/lines";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { idempotencyKeys, inventoryItems, orderLines, orders, pickListLogs, pickListStatus } from "../../db/schema";
import { checkPickedItems, type OrderLineForPick, type PickResult, type PickSummary, type VerifyBody } from "~/domain/pick-list/verify";
import type { AppContext } from "~/lib/context.server";
import { requestFingerprint, stored as storedIdempotent, withIdempotency } from "~/lib/idempotency.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { notifyRoomSaved, roomName } from "~/lib/party.server";
import type { RoomPickLine, SavedPicks } from "~/domain/picking/check-saved";
import type { Viewer } from "~/lib/session.server";
import { orderFacts, refuseIfCancelled } from "./floor-conflicts.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";
import { applyReasons, readShortContext, shortsOf, shortStatements, type ShortContext } from "./pick-shorts.server";

export const PICK_VERIFIED = "pick-verified";
export const PICK_COMPLETED = "pick-completed";
/** Completing a pick moves these statuses to 'Picked'; later ones (already shipped, delivered) are kept. */
export const COMPLETE_FROM_STATUSES = ["Picking", "Pending Assignment"] as const;

/** The order a pick or print call works on: the Order Tracking row, with the viewer's visible fields. */
export type PickOrder = OrderRow;

/**
 * The order by numeric id or order number, within the viewer's scope for the route's grants (scopeFor, the
 * one row scope): 404 'Order not found' outside it, whichever door is used. A passcode session asking for
 * an order of another warehouse gets the message the picking screen shows, 'Passcode not authorized for
 * warehouse {location}' (spec 002 §5), as 404 by default (docs/decisions/005-pick-lists.md) and as 403 on
 * the live room's token call (`passcodeStatus`, docs/decisions/006-live-picking.md).
 */
export async function findPickOrder(
  ctx: AppContext,
  viewer: Viewer,
  ref: string,
  grantKeys: readonly GrantKey[],
  { passcodeStatus = 404 }: { passcodeStatus?: 403 | 404 } = {},
): Promise<PickOrder> {
  const value = ref.trim();
  if (!value || value.length > 64) throw new NotFoundError(UPDATE_MESSAGES.notFound);
  try {
    return await getOrderForViewer(ctx, viewer, value, grantKeys);
  } catch (error) {
    if (viewer.kind === "passcode" && viewer.allowedLocations.length && error instanceof NotFoundError) {
      const [elsewhere] = await ctx.db
        .select({ warehouseLocation: orders.warehouseLocation })
        .from(orders)
        .where(/^\d{1,15}$/.test(value) ? eq(orders.id, Number(value)) : eq(orders.orderNumber, value))
        .limit(1);
      if (elsewhere) throw new DomainError(passcodeStatus, `Passcode not authorized for warehouse ${elsewhere.warehouseLocation || "-"}`);
    }
    throw error;
  }
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

/** The order's line ids as the picking screen names them (pickLineId, in pick order): what its room accepts. */
export async function pickLineIds(ctx: AppContext, orderId: number): Promise<string[]> {
  return (await linesFor(ctx, orderId)).map((line, index) => pickLineId(line, index));
}

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
export async function verifyPick(
  ctx: AppContext,
  viewer: Viewer,
  order: PickOrder,
  body: VerifyBody,
  idempotencyKey: string | null,
  /** Reads the caller started alongside the order: its lines (orderLinesForViewer) and the idempotency record. */
  early: {
    lines?: Promise<OrderLineForPick[]>;
    lookedUp?: Promise<Awaited<ReturnType<typeof storedIdempotent>>>;
    /** The active short reasons and who a short notifies (readShortContext), read alongside the order. */
    shortContext?: Promise<ShortContext>;
    /** When the picker saved it on the phone (X-Acted-At, decision 040): the log's time. */
    actedAt?: ActedAt;
  } = {},
): Promise<Response> {
  const fingerprint = await requestFingerprint(body);
  // Read while the idempotency record is looked up: one round trip for both.
  const lines = early.lines ?? linesFor(ctx, order.id);
  lines.catch(() => undefined); // awaited below (or not needed on a replay)
  const shortContext = early.shortContext ?? readShortContext(ctx);
  shortContext.catch(() => undefined);
  return withIdempotency(ctx, verifyScope(order.orderNumber, viewer), idempotencyKey, fingerprint, async (remember) => {
    const check = checkPickedItems(body.pickedItems, await lines);
    if (!check.ok) return { status: 400, body: { success: false, error: check.error } };
    const { reasons, people } = await shortContext;
    const reasoned = applyReasons(check.results, reasons);
    if (!reasoned.ok) return { status: 400, body: { success: false, error: reasoned.error } };
    const at = ctx.now().toISOString();
    // The order's creation bounds the phone's time; read only when the phone sent one (a save stays one round trip).
    const acted = early.actedAt?.fromPhone ? early.actedAt((await orderFacts(ctx, order.id)).createdAt) : at;
    const by = actorName(viewer);
    const response = { status: 200, body: { success: true, summary: check.summary } satisfies VerifyAnswer };
    await ctx.db.batch([
      ctx.db.insert(pickListLogs).values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        type: PICK_VERIFIED,
        payload: { results: check.results, summary: check.summary, note: body.note, by: viewer.email },
        // The signed-in identity, never a name from the body (spec 002's `actor` field is accepted and ignored).
        actor: by,
        at: acted,
      }),
      // A short line raises its follow-up, recount, rep notice and history entry once (pick-shorts.server.ts).
      ...shortStatements(ctx, viewer, order, shortsOf(order.id, check.results, reasons), people, at),
      ...remember(response).map((r) => ctx.db.insert(idempotencyKeys).values(r)),
    ]);
    // After the commit and off the response path: a slow or absent room never delays or fails a save.
    ctx.waitUntil(notifyRoomSaved(ctx, order.orderNumber, { results: check.results, savedAt: at, by }));
    return response;
  }, early.lookedUp);
}

/** The idempotency scope of a pick save: the order (by number, known before it is read) and the saver. */
export function verifyScope(orderNumber: string, viewer: Pick<Viewer, "email">): string {
  return `picklists.verify:${orderNumber.trim()}:${viewer.email}`;
}

/**
 * The idempotency record of a pick save, looked up from the URL's order number while the order is read (one
 * round trip for both). Only when the URL names the order by number: an id gives no early lookup.
 */
export function lookUpVerify(ctx: AppContext, viewer: Viewer, ref: string, key: string | null) {
  if (!key || /^\d{1,15}$/.test(ref.trim())) return undefined;
  const found = storedIdempotent(ctx, verifyScope(ref, viewer), key);
  found.catch(() => undefined); // awaited by verifyPick once the order is found
  return found;
}

/**
 * Completes a pick: pick_list_status.completedAt/By, a 'pick-completed' log, and the order moves to
 * 'Picked' (with its audit event) when it was still 'Picking' or 'Pending Assignment'. One transaction.
 * The completed time is the picker's (X-Acted-At, bounded by the order's creation: decision 040); an order
 * the office cancelled meanwhile is a 409 and one notice for logistics.
 */
export async function completePick(ctx: AppContext, viewer: Viewer, order: PickOrder, idempotencyKey: string | null, actedAt?: ActedAt): Promise<Response> {
  return withIdempotency(ctx, `picklists.complete:${order.id}:${viewer.email}`, idempotencyKey, await requestFingerprint(null), async (remember) => {
    const at = ctx.now().toISOString();
    const facts = await orderFacts(ctx, order.id);
    const acted = actedAt ? actedAt(facts.createdAt) : at;
    await refuseIfCancelled(ctx, viewer, facts, { order, attempted: "complete the pick list", flow: "picklists.complete", actedAt: acted, key: idempotencyKey });
    const by = actorName(viewer);
    const response = { status: 200, body: { success: true } satisfies CompleteAnswer };
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ orderStatus: orders.orderStatus }).from(orders).where(eq(orders.id, order.id)).limit(1);
      const before = current?.orderStatus ?? order.orderStatus;
      const moves = (COMPLETE_FROM_STATUSES as readonly string[]).includes(before);
      await tx
        .insert(pickListStatus)
        .values({ orderId: order.id, completedAt: acted, completedBy: by })
        .onConflictDoUpdate({ target: pickListStatus.orderId, set: { completedAt: acted, completedBy: by, version: sql`${pickListStatus.version} + 1` } });
      if (moves) {
        await tx
          .update(orders)
          .set({ orderStatus: "Picked", lastUpdatedAt: at, updatedAt: at, version: sql`${orders.version} + 1` })
          .where(and(eq(orders.id, order.id), inArray(orders.orderStatus, [...COMPLETE_FROM_STATUSES])));
        await recordAudit(tx, viewer, at, { entityType: "order", entityId: order.orderNumber, action: "update", actedAt: acted, changes: [{ field: "orderStatus", before, after: "Picked" }] });
      }
      await tx.insert(pickListLogs).values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        type: PICK_COMPLETED,
        payload: { by: viewer.email, statusBefore: before, statusAfter: moves ? "Picked" : before },
        actor: by,
        at: acted,
      });
      for (const r of remember(response)) await tx.insert(idempotencyKeys).values(r);
    });
    return response;
  });
}

// ---------------------------------------------------------------- the Pick List Check page

export type PickCheckOrder = {
  id: number;
  /** The latest saved pick (pick log) and the room's lines: the check starts from them (domain/picking/check-saved.ts). */
  saved: SavedPicks | null;
  room: RoomPickLine[] | null;
  orderNumber: string;
  customerName: string;
  orderDate: string;
  orderStatus: string;
  orderType: string;
  warehouseLocation: string;
  lines: { lineItemId: string; productId: string; sku: string; description: string; quantity: number; onHand: number | null }[];
  pickList: { hasReleaseOrder: boolean; generatedAt: string | null; completedAt: string | null };
};

/** The order, its lines and on-hand figures for the Pick List Check page, in the viewer's scope. */
export async function getPickCheckOrder(ctx: AppContext, viewer: Viewer, orderNumber: string, grantKeys: readonly GrantKey[]): Promise<PickCheckOrder> {
  const order = await findPickOrder(ctx, viewer, orderNumber, grantKeys);
  const [lines, [status], latest, room] = await Promise.all([
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
    latestPickVerified(ctx, order.orderNumber),
    readRoomLines(ctx, order.orderNumber),
  ]);
  const saved: SavedPicks | null = latest
    ? {
        at: latest.at,
        by: latest.actor || null,
        lines: (latest.payload.results ?? []).map((r) => ({ lineItemId: r.lineItemId, quantityPicked: r.quantityPicked, status: r.status, note: r.note })),
      }
    : null;
  return {
    id: order.id,
    saved,
    room,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    orderDate: order.orderDate,
    orderStatus: order.orderStatus,
    orderType: order.orderType,
    warehouseLocation: order.warehouseLocation,
    lines: lines.map((l) => ({ ...l, onHand: l.onHand ?? null })),
    pickList: { hasReleaseOrder: status?.hasReleaseOrder ?? false, generatedAt: status?.generatedAt ?? null, completedAt: status?.completedAt ?? null },
  };
}

const RoomLinesAnswer = z.object({
  lines: z.array(z.object({ lineId: z.string(), status: z.string(), pickState: z.string(), pickedQty: z.number(), note: z.string().optional(), rev: z.number(), by: z.string() })).max(5000),
});

/**
 * The picking room's lines for Pick List Check (picks not saved yet), best effort: a room that is down or slow
 * leaves the check with the saved picks (null), never fails the page.
 */
export async function readRoomLines(ctx: AppContext, orderNumber: string): Promise<RoomPickLine[] | null> {
  const host = ctx.env.PARTYKIT_HOST;
  const local = host.startsWith("127.") || host.startsWith("localhost");
  const url = `${local ? "http" : "https"}://${host}/parties/main/${encodeURIComponent(roomName(orderNumber))}`;
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${ctx.env.PARTY_TOKEN_SECRET}` }, signal: AbortSignal.timeout(1500) });
    if (!res.ok) return null;
    const parsed = RoomLinesAnswer.safeParse(await res.json());
    return parsed.success ? parsed.data.lines : null;
  } catch (error) {
    console.warn(`room ${orderNumber} unreachable for Pick List Check: ${(error as Error).message}`);
    return null;
  }
}
