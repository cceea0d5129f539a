// The Task Center: rebuilds the `tasks` table from open orders (cron, every 5 minutes) and lists a
// viewer's tasks and alerts with their read/cleared state from `notification_reads`.
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { notificationReads, notifications, orders, tasks } from "../../db/schema";
import { buildTasks, type OrderForTask } from "~/domain/tasks/rules";
import { salesRepNames, sortAlerts, sortTasks, type AlertItem, type TaskCenterData, type TaskItem } from "~/domain/tasks/list";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { signFileUrl } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import { orderVisibility } from "~/domain/access/visibility";
import { resolveOrderScope } from "./orders.server";

/** Rows per insert statement: 15 columns × 400 rows stays far below SQLite's bound-variable limit. */
const INSERT_CHUNK = 400;
/** The panel shows at most this many tasks of each kind (actionable / not): enough to act on, small on a phone. */
export const TASK_LIST_LIMIT = 100;
export const ALERT_LIST_LIMIT = 50;

const lowerStatus = sql`lower(trim(${orders.orderStatus}))`;

/**
 * Orders that are finished: delivered, released, Will Call 'Complete', or cancelled. Mirrors
 * isDeliveredOrReleased / isCancelledStatus in app/domain/tasks/rules.ts so the filter runs in SQL. The same
 * test as `finishedSql` in orders.server.ts (the KPIs), which does not export it yet.
 */
const orderFinishedSql: SQL = sql`(${lowerStatus} LIKE '%delivered%' OR ${lowerStatus} LIKE '%released%'
  OR ${lowerStatus} IN ('complete', 'completed', 'cancelled', 'canceled'))`;

// ---------------------------------------------------------------- the cron job

/**
 * Replaces the whole `tasks` table in one batch (spec: the list is replaced on every refresh). A task's
 * id is its order's id, so a viewer's read/cleared state ('task:{id}') survives rebuilds; state for
 * tasks that no longer exist is dropped in the same batch.
 */
export async function rebuildTasks(ctx: { db: Database; now: () => Date }): Promise<{ tasks: number }> {
  const now = ctx.now();
  const open: OrderForTask[] = await ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      customerName: orders.customerName,
      orderDate: orders.orderDate,
      createdBy: orders.createdBy,
    })
    .from(orders)
    .where(sql`NOT ${orderFinishedSql}`);

  const builtAt = now.toISOString();
  const rows = buildTasks(open, now).map((t) => ({ id: t.orderId, ...t, builtAt }));

  const statements: BatchItem<"sqlite">[] = [ctx.db.delete(tasks)];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    statements.push(ctx.db.insert(tasks).values(rows.slice(i, i + INSERT_CHUNK)));
  }
  statements.push(
    ctx.db
      .delete(notificationReads)
      .where(
        and(
          sql`${notificationReads.itemKey} LIKE 'task:%'`,
          sql`CAST(substr(${notificationReads.itemKey}, 6) AS INTEGER) NOT IN (SELECT ${tasks.id} FROM ${tasks})`,
        ),
      ),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { tasks: rows.length };
}

// ---------------------------------------------------------------- a viewer's list

type Ctx = Pick<AppContext, "db" | "now" | "env">;

const taskReadKey = sql`'task:' || ${tasks.id}`;

function readerId(viewer: Viewer) {
  // Passcode sessions have no user row; -1 matches no read state, and they never hold tasks:view anyway.
  return viewer.userId ?? -1;
}

/**
 * The tasks a viewer sees, as a condition on `tasks` joined to `orders`: the orders they may see in Order
 * Tracking (resolveOrderScope, the one row scope), and for sales reps only their own orders by the Task
 * Center's name-alias rule (spec 000 §4), which is a list filter on top of the scope, not a scope.
 */
async function taskScope(ctx: Ctx, viewer: Viewer): Promise<SQL | undefined> {
  const orderScope = await resolveOrderScope(ctx, viewer);
  // A payment task names the payment status: viewers who may not see payment get none of them.
  const scope = orderScope.hidePayment ? and(orderScope.where, sql`${tasks.category} <> 'payment_issue'`) : orderScope.where;
  if (viewer.roleId !== "sales-rep") return scope;
  const reps = await ctx.db
    .selectDistinct({ salesRep: tasks.salesRep })
    .from(tasks)
    .innerJoin(orders, eq(orders.id, tasks.orderId))
    .where(scope);
  const mine = salesRepNames(
    reps.map((r) => r.salesRep),
    { name: viewer.name, email: viewer.email },
  );
  // Spec: if nothing matches the rep's name, all orders are shown.
  return mine ? and(scope, inArray(tasks.salesRep, mine)) : scope;
}

function alertAudience(viewer: Viewer): SQL {
  const grants = viewer.grants.map((g) => g.key);
  const byGrant = viewer.isAdmin
    ? isNotNull(notifications.audienceGrant)
    : grants.length
      ? inArray(notifications.audienceGrant, grants)
      : sql`0`;
  return viewer.userId ? or(eq(notifications.userId, viewer.userId), byGrant)! : byGrant;
}

export async function listTasksFor(ctx: Ctx, viewer: Viewer): Promise<TaskCenterData> {
  const uid = readerId(viewer);
  const scope = await taskScope(ctx, viewer);
  const readJoin = and(eq(notificationReads.userId, uid), eq(notificationReads.itemKey, taskReadKey));
  const notCleared = or(isNull(notificationReads.cleared), eq(notificationReads.cleared, false));

  const taskColumns = {
    id: tasks.id,
    title: tasks.title,
    message: tasks.message,
    type: tasks.type,
    priority: tasks.priority,
    category: tasks.category,
    actionable: tasks.actionable,
    orderNumber: tasks.orderNumber,
    orderId: tasks.orderId,
    // The order's current status: an order delivered since the last rebuild is 'completed' at once.
    orderStatus: orders.orderStatus,
    paymentStatus: tasks.paymentStatus,
    customerName: tasks.customerName,
    salesRep: tasks.salesRep,
    orderDate: tasks.orderDate,
    daysSinceOrder: tasks.daysSinceOrder,
    readAt: notificationReads.readAt,
  };
  const taskQuery = (actionable: boolean) =>
    ctx.db
      .select(taskColumns)
      .from(tasks)
      .innerJoin(orders, eq(orders.id, tasks.orderId))
      .leftJoin(notificationReads, readJoin)
      .where(and(scope, eq(tasks.actionable, actionable), notCleared))
      // Actionable: the most overdue first, so the limit never hides the oldest work.
      .orderBy(actionable ? desc(tasks.daysSinceOrder) : asc(tasks.daysSinceOrder), asc(tasks.id))
      .limit(TASK_LIST_LIMIT);

  const alertReadJoin = and(eq(notificationReads.userId, uid), eq(notificationReads.itemKey, sql`'note:' || ${notifications.id}`));
  const [actionable, passive, alertRows, [unreadTasks], [unreadAlerts]] = await Promise.all([
    taskQuery(true),
    taskQuery(false),
    ctx.db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        priority: notifications.priority,
        category: notifications.category,
        orderNumber: notifications.orderNumber,
        orderId: notifications.orderId,
        attachmentKey: notifications.attachmentKey,
        createdAt: notifications.createdAt,
        readAt: notificationReads.readAt,
      })
      .from(notifications)
      .leftJoin(notificationReads, alertReadJoin)
      .where(and(alertAudience(viewer), notCleared))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(ALERT_LIST_LIMIT),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(tasks)
      .innerJoin(orders, eq(orders.id, tasks.orderId))
      .leftJoin(notificationReads, readJoin)
      .where(and(scope, isNull(notificationReads.itemKey))),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .leftJoin(notificationReads, alertReadJoin)
      .where(and(alertAudience(viewer), isNull(notificationReads.itemKey))),
  ]);

  const hidePayment = !orderVisibility(viewer).payment;
  const taskItems: TaskItem[] = [...actionable, ...passive].map((t) => ({
    id: `task:${t.id}`,
    isTask: true,
    // A task's age is its order's age ('10d ago'); when the cron last built it means nothing to anyone.
    timestamp: t.orderDate,
    read: t.readAt !== null,
    type: t.type,
    title: t.title,
    message: t.message,
    priority: t.priority,
    category: t.category,
    actionable: t.actionable,
    orderNumber: t.orderNumber,
    orderId: t.orderId,
    orderStatus: t.orderStatus,
    ...(hidePayment ? {} : { paymentStatus: t.paymentStatus }),
    customerName: t.customerName,
    daysSinceOrder: t.daysSinceOrder,
    orderDate: t.orderDate,
    salesRep: t.salesRep,
  }));

  const alerts: AlertItem[] = await Promise.all(
    alertRows.map(async (a) => ({
      id: `note:${a.id}`,
      isTask: false as const,
      timestamp: a.createdAt,
      read: a.readAt !== null,
      type: a.type,
      title: a.title,
      message: a.message,
      priority: a.priority,
      category: a.category,
      orderNumber: a.orderNumber,
      orderId: a.orderId,
      // The viewer may see this alert, so they may see its photo: a short-lived link, issued now.
      attachmentUrl: a.attachmentKey ? await signFileUrl(ctx, a.attachmentKey) : null,
    })),
  );

  return {
    tasks: sortTasks(taskItems),
    alerts: sortAlerts(alerts),
    unread: Number(unreadTasks?.n ?? 0) + Number(unreadAlerts?.n ?? 0),
  };
}

// ---------------------------------------------------------------- read / clear

/** Marks every task and alert the viewer can see as read (existing read/cleared state is kept). */
export async function markAllRead(ctx: Ctx, viewer: Viewer): Promise<{ marked: number }> {
  if (!viewer.userId) return { marked: 0 };
  const uid = viewer.userId;
  const at = ctx.now().toISOString();
  const scope = (await taskScope(ctx, viewer)) ?? sql`1`;
  const [a, b] = await ctx.db.batch([
    ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
      SELECT ${uid}, 'task:' || ${tasks.id}, ${at}, 0 FROM ${tasks}
      INNER JOIN ${orders} ON ${orders.id} = ${tasks.orderId}
      WHERE ${scope}
      ON CONFLICT (user_id, item_key) DO NOTHING`),
    ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
      SELECT ${uid}, 'note:' || ${notifications.id}, ${at}, 0 FROM ${notifications}
      WHERE ${alertAudience(viewer)}
      ON CONFLICT (user_id, item_key) DO NOTHING`),
  ]);
  return { marked: a.rowsAffected + b.rowsAffected };
}

export type ClearTarget = "all" | "tasks" | "alerts";

/**
 * 'Clear completed': hides read alerts ('alerts'), tasks whose order is now delivered, released or
 * cancelled ('tasks'), or both ('all').
 */
export async function clearCompleted(ctx: Ctx, viewer: Viewer, target: ClearTarget = "all"): Promise<{ cleared: number }> {
  if (!viewer.userId) return { cleared: 0 };
  const uid = viewer.userId;
  const at = ctx.now().toISOString();
  const scope = (await taskScope(ctx, viewer)) ?? sql`1`;
  const alerts = ctx.db.run(sql`UPDATE ${notificationReads} SET cleared = 1
    WHERE user_id = ${uid} AND item_key LIKE 'note:%' AND cleared = 0`);
  const finishedTasks = ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
    SELECT ${uid}, 'task:' || ${tasks.id}, ${at}, 1 FROM ${tasks}
    INNER JOIN ${orders} ON ${orders.id} = ${tasks.orderId}
    WHERE ${scope} AND ${orderFinishedSql}
    ON CONFLICT (user_id, item_key) DO UPDATE SET cleared = 1`);
  const results =
    target === "alerts" ? [await alerts] : target === "tasks" ? [await finishedTasks] : await ctx.db.batch([alerts, finishedTasks]);
  return { cleared: results.reduce((n, r) => n + r.rowsAffected, 0) };
}
