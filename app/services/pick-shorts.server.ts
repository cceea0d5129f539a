// What a short pick raises (issue 13), written in the same batch as the pick save: a follow-up for the office
// (reason action follow_up, e.g. Stockout), a recount for the warehouse (recount, e.g. Damaged), a notice to
// the order's sales rep, and an entry in the order's history, each once per order, line, reason and missing
// quantity (pick_shorts.key): a retried or repeated save, with or without a new Idempotency-Key, raises
// nothing twice. See docs/decisions/022-picking-data.md.
import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditEvents, notifications, pickShorts, users } from "../../db/schema";
import { isSalesRep, isWarehouseFloor, SALES_REP_ROLE, WAREHOUSE_FLOOR_ROLE, type GrantKey } from "~/domain/access/roles";
import { missingUnits, shortKey, shortLineText, shortRepText, shortTaskText, type ShortReason, type ShortReasonAction } from "~/domain/picking/short-reasons";
import type { PickResult } from "~/domain/pick-list/verify";
import { createdByMatches } from "~/domain/tasks/list";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { actorName } from "~/lib/writes.server";
import { listShortReasons } from "./pick-short-reasons.server";

/** The office who act on a follow-up: those who edit orders (as for a delivery shortfall), and admins. */
export const FOLLOW_UP_AUDIENCE_GRANT: GrantKey = "orders:update";
/** The floor's managers (logistics managers, admins), who also get every recount, wherever it is. */
export const RECOUNT_AUDIENCE_GRANT: GrantKey = "help:receive";

type Person = { id: number; name: string; email: string; roleId: string | null; locationIds: string[] };
export type ShortContext = { reasons: ShortReason[]; people: Person[] };

/** The active reasons and the people a short may notify (sales reps, warehouse employees): one round trip. */
export async function readShortContext(ctx: Pick<AppContext, "db">): Promise<ShortContext> {
  const [reasons, people] = await Promise.all([
    listShortReasons(ctx, { activeOnly: true }),
    ctx.db
      .select({ id: users.id, name: users.name, email: users.email, roleId: users.roleId, locationIds: users.locationIds })
      .from(users)
      .where(inArray(users.roleId, [SALES_REP_ROLE, WAREHOUSE_FLOOR_ROLE])),
  ]);
  return { reasons: reasons.map(({ id, label, action }) => ({ id, label, action })), people };
}

/**
 * Checks every result's reason against the active reasons and writes the reason's own label on it (a
 * picker's 'stockout' is saved as 'Stockout'). The first unknown one is the error; nothing is written then.
 */
export function applyReasons(results: PickResult[], reasons: readonly ShortReason[]): { ok: true } | { ok: false; error: string } {
  const byLabel = new Map(reasons.map((r) => [r.label.trim().toLowerCase(), r]));
  for (const result of results) {
    if (!result.reason) continue;
    const known = byLabel.get(result.reason.trim().toLowerCase());
    if (!known) return { ok: false, error: `Unknown short reason: ${result.reason}` };
    result.reason = known.label;
  }
  return { ok: true };
}

/** The order's sales rep(s): createdBy matched loosely (aliases), a whole-name match preferred. */
export function salesRepsOf(createdBy: string, people: readonly Person[]): Person[] {
  const reps = people.filter((p) => isSalesRep(p.roleId) && createdByMatches(createdBy, p));
  const whole = reps.filter((p) => p.name.trim() && createdBy.toLowerCase().includes(p.name.trim().toLowerCase()));
  return whole.length ? whole : reps;
}

type ShortOrder = { id: number; orderNumber: string; customerName: string; createdBy: string; warehouseLocation: string };
type Short = { result: PickResult; missing: number; action: ShortReasonAction; key: string };

/** The short lines of a save: finished as an Issue with fewer picked than ordered. */
export function shortsOf(orderId: number, results: readonly PickResult[], reasons: readonly ShortReason[]): Short[] {
  const actions = new Map(reasons.map((r) => [r.label, r.action]));
  return results.flatMap((result) => {
    const missing = missingUnits(result);
    if (!missing) return [];
    const reason = result.reason ?? "";
    return [{ result, missing, action: actions.get(reason) ?? "none", key: shortKey(orderId, result.lineItemId, reason, missing) }];
  });
}

/**
 * The statements that raise what each new short line raises, for the save's batch. Each write is guarded
 * by the line's key not being in pick_shorts yet, and the key is written last, so in one transaction they
 * all happen once or not at all.
 */
export function shortStatements(
  ctx: Pick<AppContext, "db">,
  viewer: Viewer,
  order: ShortOrder,
  shorts: readonly Short[],
  people: readonly Person[],
  at: string,
): BatchItem<"sqlite">[] {
  const db = ctx.db;
  const reps = salesRepsOf(order.createdBy, people);
  const floor = people.filter((p) => isWarehouseFloor(p.roleId) && order.warehouseLocation && (p.locationIds ?? []).includes(order.warehouseLocation));
  const out: BatchItem<"sqlite">[] = [];
  for (const s of shorts) {
    const fresh = sql`NOT EXISTS (SELECT 1 FROM ${pickShorts} WHERE ${pickShorts.key} = ${s.key})`;
    const facts = { orderNumber: order.orderNumber, customerName: order.customerName, sku: s.result.sku, missing: s.missing, reason: s.result.reason ?? "" };
    const notice = (text: { title: string; message: string }, to: { userId?: number; audienceGrant?: GrantKey }, type: "warning" | "info", priority: "high" | "medium") =>
      db.run(sql`INSERT INTO ${notifications} (user_id, audience_grant, type, title, message, priority, category, order_number, order_id, created_by, created_at)
        SELECT ${to.userId ?? null}, ${to.audienceGrant ?? null}, ${type}, ${text.title}, ${text.message}, ${priority}, 'status_change',
          ${order.orderNumber}, ${order.id}, ${viewer.email}, ${at} WHERE ${fresh}`);
    const task = shortTaskText(s.action, facts);
    if (task && s.action === "follow_up") out.push(notice(task, { audienceGrant: FOLLOW_UP_AUDIENCE_GRANT }, "warning", "high"));
    if (task && s.action === "recount") {
      out.push(notice(task, { audienceGrant: RECOUNT_AUDIENCE_GRANT }, "warning", "medium"));
      for (const p of floor) out.push(notice(task, { userId: p.id }, "warning", "medium"));
    }
    for (const rep of reps) out.push(notice(shortRepText(facts), { userId: rep.id }, "info", "medium"));
    out.push(
      db.run(sql`INSERT INTO ${auditEvents} (at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
        SELECT ${at}, ${viewer.userId}, ${viewer.email}, ${actorName(viewer)}, 'order', ${order.orderNumber}, 'pick.short',
          ${JSON.stringify([{ field: "pickShort", before: null, after: shortLineText(s.missing, s.result.sku, s.result.reason) }])} WHERE ${fresh}`),
      db
        .insert(pickShorts)
        .values({
          key: s.key,
          orderId: order.id,
          orderNumber: order.orderNumber,
          lineItemId: s.result.lineItemId,
          sku: s.result.sku,
          reason: s.result.reason ?? "",
          action: s.action,
          missing: s.missing,
          createdBy: viewer.email,
          createdAt: at,
        })
        .onConflictDoNothing(),
    );
  }
  return out;
}
