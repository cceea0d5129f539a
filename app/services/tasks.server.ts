// The Task Center on the server, for the bell: a viewer's prepared list a page at a time with counts from SQL
// (listTasksFor, listTaskPage), their alerts, and their read and cleared state in `notification_reads`
// (markRead, clearCompleted). The lists are built by the cron (task-lists.server.ts, rebuildTasks).
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { notificationReads, notifications, orders, pickListStatus, tasks } from "../../db/schema";
import { isTaskDone, taskHref, taskKindOf } from "~/domain/tasks/floor";
import { blockOf, blockRange, layOutList, MAX_LIST_USER_ID, parseItemKey, stateKeyRange, type ListBlocks } from "~/domain/tasks/layout";
import {
  salesRepNames,
  sortAlerts,
  TASK_PAGE_SIZE,
  type AlertItem,
  type TaskBadge,
  type TaskCenterData,
  type TaskCounts,
  type TaskItem,
  type TaskPage,
  type TaskTab,
} from "~/domain/tasks/list";
import type { TaskDraft } from "~/domain/tasks/rules";
import type { AppContext } from "~/lib/context.server";
import { signFileUrl } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import {
  BLOCK,
  distinctStatuses,
  lastTaskBuild,
  listPlan,
  personalDrafts,
  readOpenOrders,
  scopeColumns,
  statusSets,
  type DbCtx,
  type Row,
  type TaskBuild,
} from "./task-lists.server";

// The cron job lives beside its reader; callers that run it (the Worker's cron, tests) may import it from here.
export { rebuildTasks } from "./task-lists.server";

type Ctx = Pick<AppContext, "db" | "now" | "env">;

// ---------------------------------------------------------------- a viewer's list

/**
 * The list a viewer reads. Prepared: the blocks the cron wrote (plus a sales rep's own names). Live: the
 * viewer's list was not built with their current scope (a new member, a changed role or worker link), so
 * it is built now, the same way, without writing anything (GET never writes); the next cron run stores it.
 */
type ViewerList = {
  userId: number;
  /** Part sizes from the build (prepared lists). */
  parts: Record<string, number>;
  blocks: ListBlocks;
  hidePayment: boolean;
  builtAt: string | null;
  salesNames: string[] | null;
  live: Row[] | null;
};

/** The distinct sales reps named by tasks, one seek each on the sales-rep index. */
async function taskSalesReps(ctx: DbCtx): Promise<string[]> {
  const rows = await ctx.db.all<{ x: string }>(sql`WITH RECURSIVE v(x) AS (SELECT min(${tasks.salesRep}) FROM ${tasks}
    UNION ALL SELECT (SELECT min(${tasks.salesRep}) FROM ${tasks} WHERE ${tasks.salesRep} > v.x) FROM v WHERE v.x IS NOT NULL)
    SELECT x FROM v WHERE x IS NOT NULL`);
  return rows.map((r) => r.x);
}

/**
 * The viewer's task list. The reads it may need (the last build, a sales rep's names) start together, so
 * the list costs one database round trip before its pages are read (at the edge, each is a trip to Turso).
 */
function viewerList(ctx: Ctx, viewer: Viewer, lastBuild?: Promise<TaskBuild | null>): Promise<ViewerList | null>;
/** `preparedOnly`: a list the cron has not prepared is not built here ("not prepared"). */
function viewerList(ctx: Ctx, viewer: Viewer, lastBuild: Promise<TaskBuild | null>, options: { preparedOnly: true }): Promise<ViewerList | null | "not prepared">;
async function viewerList(ctx: Ctx, viewer: Viewer, lastBuild: Promise<TaskBuild | null> = lastTaskBuild(ctx), { preparedOnly = false } = {}): Promise<ViewerList | null | "not prepared"> {
  if (!viewer.userId) return null;
  // The plan decides whether the list is a sales rep's; an office plan needs no read, so the rep names'
  // read starts beside the last build's and the list still costs one round trip.
  const planned = listPlan(ctx, viewer);
  const reps = planned.then((p) => (p?.office && p.salesRep ? taskSalesReps(ctx) : null));
  const [plan, build, repNames] = await Promise.all([planned, lastBuild, reps]);
  if (!plan) return null;
  const base = { userId: viewer.userId, blocks: plan.blocks, hidePayment: plan.hidePayment, builtAt: build?.builtAt ?? null, parts: build?.parts ?? {} };
  if (plan.office) {
    // Spec 000 §4: a sales rep sees the orders whose createdBy loosely matches their name; all when none do.
    const salesNames = repNames ? salesRepNames(repNames, { name: viewer.name, email: viewer.email }) : null;
    return { ...base, salesNames, live: null };
  }
  if (plan.userId <= MAX_LIST_USER_ID && build?.lists[String(plan.userId)] === plan.fingerprint) return { ...base, salesNames: null, live: null };
  if (preparedOnly) return "not prepared";
  const now = ctx.now();
  const { scopes, columns } = scopeColumns([plan], ctx.db);
  const open = await readOpenOrders(ctx, statusSets(await distinctStatuses(ctx)), scopes);
  return { ...base, salesNames: null, live: layOutList(personalDrafts(plan, open, columns[0]!, now), plan.blocks) };
}

const rowKey = sql<string>`'task:' || (${tasks.id} / ${BLOCK}) || ':' || ${tasks.orderId}`;

function inList(list: ViewerList, tab: "urgent" | "tasks", { walkDays = false } = {}): SQL {
  const from = blockRange(list.blocks.urgent).from;
  const to = blockRange(tab === "urgent" ? list.blocks.urgent : list.blocks.other).to;
  // The urgent part and the other part are neighbouring blocks, so the whole list is one id range. For
  // 'All Tasks' the id is written `+id` so the days index gives the order and the range only filters.
  const range = walkDays ? sql`+${tasks.id} BETWEEN ${from} AND ${to}` : sql`${tasks.id} BETWEEN ${from} AND ${to}`;
  // `+sales_rep` too: the walk in list order stops after a page, a sort of the rep's every task would not.
  return list.salesNames ? and(range, sql`+${tasks.salesRep} IN ${list.salesNames}`)! : range;
}

function notCleared(userId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${notificationReads} c WHERE c.user_id = ${userId}
    AND c.item_key = 'cleared:' || (${tasks.id} / ${BLOCK}) || ':' || ${tasks.orderId})`;
}

type TaskRowState = {
  id: number;
  orderId: number;
  title: string;
  currentStatus: string | null;
  pickCompletedAt: string | null;
  captured: number | boolean;
  deliveryCompletedAt: string | null;
};

function toTaskItem(row: Omit<TaskDraft, "kind"> & TaskRowState & { read: boolean }, hidePayment: boolean): TaskItem {
  const kind = taskKindOf(row.title);
  const orderStatus = row.currentStatus ?? row.orderStatus;
  return {
    id: `task:${blockOf(row.id)}:${row.orderId}`,
    isTask: true,
    kind,
    href: taskHref(kind, row.orderNumber),
    done: isTaskDone(kind, { orderStatus, pickCompletedAt: row.pickCompletedAt, captured: !!row.captured, deliveryCompletedAt: row.deliveryCompletedAt }),
    // A task's age is its order's age ('10d ago'); when the cron last built it means nothing to anyone.
    timestamp: row.orderDate,
    read: row.read,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    category: row.category,
    actionable: row.actionable,
    orderNumber: row.orderNumber,
    orderId: row.orderId,
    // The order's status now: an order delivered since the last build shows as completed at once.
    orderStatus,
    ...(hidePayment ? {} : { paymentStatus: row.paymentStatus }),
    customerName: row.customerName,
    daysSinceOrder: row.daysSinceOrder,
    orderDate: row.orderDate,
    salesRep: row.salesRep,
  };
}

const stateColumns = {
  currentStatus: orders.orderStatus,
  pickCompletedAt: pickListStatus.completedAt,
  captured: sql<number>`EXISTS (SELECT 1 FROM warehouse_captures c WHERE c.order_id = ${orders.id})`,
  deliveryCompletedAt: orders.deliveryCompletedAt,
};

async function preparedTaskPage(ctx: Ctx, list: ViewerList, tab: "urgent" | "tasks", offset: number, limit: number): Promise<TaskItem[]> {
  const rows = await ctx.db
    .select({
      id: tasks.id,
      orderId: tasks.orderId,
      orderNumber: tasks.orderNumber,
      title: tasks.title,
      message: tasks.message,
      type: tasks.type,
      priority: tasks.priority,
      category: tasks.category,
      actionable: tasks.actionable,
      orderStatus: tasks.orderStatus,
      paymentStatus: tasks.paymentStatus,
      customerName: tasks.customerName,
      salesRep: tasks.salesRep,
      orderDate: tasks.orderDate,
      daysSinceOrder: tasks.daysSinceOrder,
      ...stateColumns,
      readAt: notificationReads.readAt,
    })
    .from(tasks)
    .innerJoin(orders, eq(orders.id, tasks.orderId))
    .leftJoin(pickListStatus, eq(pickListStatus.orderId, tasks.orderId))
    .leftJoin(notificationReads, and(eq(notificationReads.userId, list.userId), eq(notificationReads.itemKey, rowKey)))
    .where(and(inList(list, tab, { walkDays: tab === "tasks" }), notCleared(list.userId)))
    .orderBy(...(tab === "urgent" ? [asc(tasks.id)] : [asc(tasks.daysSinceOrder), asc(tasks.id)]))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toTaskItem({ ...r, read: r.readAt !== null }, list.hidePayment));
}

/** The viewer's read and cleared task keys in their list (only the live path reads them one by one). */
async function stateKeys(ctx: DbCtx, list: ViewerList): Promise<{ read: Set<string>; cleared: Set<string> }> {
  const ranges = [list.blocks.urgent, list.blocks.other].flatMap((b) => [stateKeyRange("task", b), stateKeyRange("cleared", b)]);
  const rows = await ctx.db
    .select({ key: notificationReads.itemKey })
    .from(notificationReads)
    .where(and(eq(notificationReads.userId, list.userId), or(...ranges.map((r) => sql`(${notificationReads.itemKey} >= ${r.from} AND ${notificationReads.itemKey} < ${r.to})`))));
  const read = new Set<string>();
  const cleared = new Set<string>();
  for (const { key } of rows) {
    if (key.startsWith("cleared:")) cleared.add(`task:${key.slice("cleared:".length)}`);
    else read.add(key);
  }
  return { read, cleared };
}

const liveKey = (t: Row) => `task:${t.block}:${t.orderId}`;

async function liveTaskItems(ctx: Ctx, list: ViewerList, rows: readonly Row[], read: Set<string>): Promise<TaskItem[]> {
  if (!rows.length) return [];
  const state = await ctx.db
    .select({ orderId: orders.id, ...stateColumns })
    .from(orders)
    .leftJoin(pickListStatus, eq(pickListStatus.orderId, orders.id))
    .where(inArray(orders.id, rows.map((r) => r.orderId)));
  const byOrder = new Map(state.map((s) => [s.orderId, s]));
  return rows.map((r) => {
    const s = byOrder.get(r.orderId);
    return toTaskItem(
      { ...r, currentStatus: s?.currentStatus ?? null, pickCompletedAt: s?.pickCompletedAt ?? null, captured: s?.captured ?? 0, deliveryCompletedAt: s?.deliveryCompletedAt ?? null, read: read.has(liveKey(r)) },
      list.hidePayment,
    );
  });
}

function liveTabRows(list: ViewerList, tab: "urgent" | "tasks", cleared: Set<string>): Row[] {
  const rows = list.live!.filter((t) => !cleared.has(liveKey(t)) && (tab === "tasks" || t.block === list.blocks.urgent));
  // 'All Tasks': days since order ascending, as the days index gives the prepared list.
  return tab === "tasks" ? [...rows].sort((a, b) => a.daysSinceOrder - b.daysSinceOrder || a.id - b.id) : rows;
}

async function taskPage(ctx: Ctx, list: ViewerList, tab: "urgent" | "tasks", offset: number, limit: number): Promise<TaskItem[]> {
  if (!list.live) return preparedTaskPage(ctx, list, tab, offset, limit);
  const { read, cleared } = await stateKeys(ctx, list);
  return liveTaskItems(ctx, list, liveTabRows(list, tab, cleared).slice(offset, offset + limit), read);
}

type TaskCountsOnly = { urgent: number; tasks: number; unread: number };

/**
 * True sizes, from SQL: each part of the list is an id range, each kind of state a key range, so every count
 * is read off an index, however long the list ('Urgent 4,210' while a page shows 25).
 */
async function taskCounts(ctx: DbCtx, list: ViewerList): Promise<TaskCountsOnly> {
  if (list.live) {
    const { read, cleared } = await stateKeys(ctx, list);
    const urgent = list.live.filter((t) => t.block === list.blocks.urgent && !cleared.has(liveKey(t))).length;
    const visible = list.live.filter((t) => !cleared.has(liveKey(t)));
    return { urgent, tasks: visible.length, unread: visible.filter((t) => !read.has(liveKey(t))).length };
  }
  // A part's size is the build's figure; a sales rep's share of the office list is a count on the sales-rep index.
  const size = (block: number) => {
    if (!list.salesNames) return sql`${Number(list.parts[String(block)] ?? 0)}`;
    const r = blockRange(block);
    return sql`(SELECT count(*) FROM ${tasks} WHERE ${tasks.id} BETWEEN ${r.from} AND ${r.to} AND ${tasks.salesRep} IN ${list.salesNames})`;
  };
  const states = (kind: "task" | "cleared", block: number) => {
    const r = stateKeyRange(kind, block);
    return sql`(SELECT count(*) FROM ${notificationReads} WHERE ${notificationReads.userId} = ${list.userId}
      AND ${notificationReads.itemKey} >= ${r.from} AND ${notificationReads.itemKey} < ${r.to})`;
  };
  const { urgent: u, other: o } = list.blocks;
  const [row] = await ctx.db.all<Record<string, number>>(sql`SELECT ${size(u)} AS urgent, ${size(o)} AS other,
    ${states("task", u)} AS urgentRead, ${states("cleared", u)} AS urgentCleared,
    ${states("task", o)} AS otherRead, ${states("cleared", o)} AS otherCleared`);
  const n = (k: string) => Number(row?.[k] ?? 0);
  const urgent = Math.max(0, n("urgent") - n("urgentCleared"));
  const all = Math.max(0, n("urgent") + n("other") - n("urgentCleared") - n("otherCleared"));
  // A cleared task's state row replaces its read row, so read and cleared never count one task twice.
  const unread = Math.max(0, all - n("urgentRead") - n("otherRead"));
  return { urgent, tasks: all, unread };
}

// ---------------------------------------------------------------- alerts

function alertAudience(viewer: Viewer): SQL {
  const grants = viewer.grants.map((g) => g.key);
  const byGrant = viewer.isAdmin ? isNotNull(notifications.audienceGrant) : grants.length ? inArray(notifications.audienceGrant, grants) : sql`0`;
  return viewer.userId ? or(eq(notifications.userId, viewer.userId), byGrant)! : byGrant;
}

const noteKeyOf = sql`'note:' || ${notifications.id}`;

function alertState(userId: number) {
  return and(eq(notificationReads.userId, userId), eq(notificationReads.itemKey, noteKeyOf));
}

const alertNotCleared = sql`(${notificationReads.cleared} IS NULL OR ${notificationReads.cleared} = 0)`;

async function alertPage(ctx: Ctx, viewer: Viewer, offset: number, limit: number): Promise<AlertItem[]> {
  const uid = viewer.userId ?? -1;
  const rows = await ctx.db
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
    .leftJoin(notificationReads, alertState(uid))
    .where(and(alertAudience(viewer), alertNotCleared))
    // Spec 000 §4: alerts by priority, then recency.
    .orderBy(sql`CASE ${notifications.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`, sql`${notifications.createdAt} DESC`, sql`${notifications.id} DESC`)
    .limit(limit)
    .offset(offset);
  const alerts = await Promise.all(
    rows.map(async (a) => ({
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
  return sortAlerts(alerts);
}

async function alertCounts(ctx: DbCtx, viewer: Viewer): Promise<{ alerts: number; unread: number }> {
  const [row] = await ctx.db
    .select({
      visible: sql<number>`sum(CASE WHEN ${alertNotCleared} THEN 1 ELSE 0 END)`,
      unread: sql<number>`sum(CASE WHEN ${notificationReads.itemKey} IS NULL THEN 1 ELSE 0 END)`,
    })
    .from(notifications)
    .leftJoin(notificationReads, alertState(viewer.userId ?? -1))
    .where(alertAudience(viewer));
  return { alerts: Number(row?.visible ?? 0), unread: Number(row?.unread ?? 0) };
}

// ---------------------------------------------------------------- the bell's answers

const EMPTY_COUNTS: TaskCountsOnly = { urgent: 0, tasks: 0, unread: 0 };

/** The Task Center: the first page of each tab, the true size of each, and the unread count. */
export async function listTasksFor(ctx: Ctx, viewer: Viewer, { pageSize = TASK_PAGE_SIZE }: { pageSize?: number } = {}): Promise<TaskCenterData> {
  // The alerts do not depend on the task list: they are read alongside it.
  const build = lastTaskBuild(ctx);
  const alertReads = Promise.all([alertPage(ctx, viewer, 0, pageSize), alertCounts(ctx, viewer)]);
  alertReads.catch(() => undefined); // awaited below; a failure surfaces there
  const list = await viewerList(ctx, viewer, build);
  const [urgent, all, taskCount, [alerts, alertCount]] = await Promise.all([
    list ? taskPage(ctx, list, "urgent", 0, pageSize) : [],
    list ? taskPage(ctx, list, "tasks", 0, pageSize) : [],
    list ? taskCounts(ctx, list) : EMPTY_COUNTS,
    alertReads,
  ]);
  const counts: TaskCounts = { urgent: taskCount.urgent, tasks: taskCount.tasks, alerts: alertCount.alerts };
  return { urgent, tasks: all, alerts, counts, unread: taskCount.unread + alertCount.unread, builtAt: list?.builtAt ?? (await build)?.builtAt ?? null, pageSize };
}

/**
 * The bell's count for the page's first HTML (the signed-in layout's loader): the true size of each tab and the unread
 * count, the same figures as listTasksFor's, without the lists. The browser asks for the lists once the page settles.
 */
export async function taskBadge(ctx: Ctx, viewer: Viewer): Promise<TaskBadge | null> {
  const build = lastTaskBuild(ctx);
  const alerts = alertCounts(ctx, viewer);
  alerts.catch(() => undefined); // awaited below; a failure surfaces there
  // A list the cron has not prepared for this viewer's current scope would be built here, a few more trips to the
  // database before the page could be sent: the bell then counts from its own first call instead (null).
  const list = await viewerList(ctx, viewer, build, { preparedOnly: true });
  if (list === "not prepared") return null;
  const [taskCount, alertCount] = await Promise.all([list ? taskCounts(ctx, list) : EMPTY_COUNTS, alerts]);
  return { counts: { urgent: taskCount.urgent, tasks: taskCount.tasks, alerts: alertCount.alerts }, unread: taskCount.unread + alertCount.unread };
}

/** One more page of a tab ('Show more'). */
export async function listTaskPage(ctx: Ctx, viewer: Viewer, tab: TaskTab, page: number, pageSize = TASK_PAGE_SIZE): Promise<TaskPage> {
  const offset = (page - 1) * pageSize;
  if (tab === "alerts") {
    const [items, counts] = await Promise.all([alertPage(ctx, viewer, offset, pageSize), alertCounts(ctx, viewer)]);
    return { tab, page, pageSize, total: counts.alerts, items };
  }
  const list = await viewerList(ctx, viewer);
  if (!list) return { tab, page, pageSize, total: 0, items: [] };
  const [items, counts] = await Promise.all([taskPage(ctx, list, tab, offset, pageSize), taskCounts(ctx, list)]);
  return { tab, page, pageSize, total: counts[tab], items };
}

// ---------------------------------------------------------------- read / clear

function splitKeys(list: ViewerList | null, ids: readonly string[] | undefined) {
  if (!ids) return { taskKeys: undefined, noteIds: undefined };
  const blocks = list ? [list.blocks.urgent, list.blocks.other] : [];
  const parsed = ids.map(parseItemKey);
  return {
    // Only keys of the viewer's own list: a key of someone else's block (or of nothing) is ignored.
    taskKeys: parsed.flatMap((k) => (k?.kind === "task" && blocks.includes(k.block) ? [`task:${k.block}:${k.orderId}`] : [])),
    noteIds: parsed.flatMap((k) => (k?.kind === "note" ? [k.id] : [])),
  };
}

/**
 * Marks tasks and alerts read: every one the viewer can see, or only `ids` among them ('task:…', 'note:…').
 * Existing state is kept; cleared tasks stay cleared.
 */
export async function markRead(ctx: Ctx, viewer: Viewer, ids?: readonly string[]): Promise<{ marked: number }> {
  if (!viewer.userId) return { marked: 0 };
  const uid = viewer.userId;
  const at = ctx.now().toISOString();
  const list = await viewerList(ctx, viewer);
  const { taskKeys, noteIds } = splitKeys(list, ids);
  const statements: BatchItem<"sqlite">[] = [];
  if (list && (!taskKeys || taskKeys.length)) {
    if (list.live) {
      const { cleared } = await stateKeys(ctx, list);
      const mine = new Set(list.live.map(liveKey));
      const keys = (taskKeys ?? [...mine]).filter((k) => mine.has(k) && !cleared.has(k));
      statements.push(
        ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
          SELECT ${uid}, value, ${at}, 0 FROM json_each(${JSON.stringify(keys)}) WHERE 1
          ON CONFLICT (user_id, item_key) DO NOTHING`),
      );
    } else {
      const only = taskKeys ? sql` AND ${rowKey} IN (SELECT value FROM json_each(${JSON.stringify(taskKeys)}))` : sql``;
      statements.push(
        ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
          SELECT ${uid}, ${rowKey}, ${at}, 0 FROM ${tasks} WHERE ${inList(list, "tasks")} AND ${notCleared(uid)}${only}
          ON CONFLICT (user_id, item_key) DO NOTHING`),
      );
    }
  }
  if (!noteIds || noteIds.length) {
    const only = noteIds ? sql` AND ${inArray(notifications.id, noteIds)}` : sql``;
    statements.push(
      ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
        SELECT ${uid}, ${noteKeyOf}, ${at}, 0 FROM ${notifications} WHERE ${alertAudience(viewer)}${only}
        ON CONFLICT (user_id, item_key) DO NOTHING`),
    );
  }
  if (!statements.length) return { marked: 0 };
  const results = await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { marked: (results as { rowsAffected: number }[]).reduce((n, r) => n + r.rowsAffected, 0) };
}

/** Every task of the viewer's list with its order's state now, to find the completed ones. */
async function listWithState(ctx: Ctx, list: ViewerList): Promise<Array<{ key: string; done: boolean }>> {
  if (list.live) {
    const { cleared } = await stateKeys(ctx, list);
    const items = await liveTaskItems(ctx, list, liveTabRows(list, "tasks", cleared), new Set());
    return items.map((t) => ({ key: t.id, done: t.done }));
  }
  const rows = await ctx.db
    .select({ id: tasks.id, orderId: tasks.orderId, title: tasks.title, orderStatus: tasks.orderStatus, ...stateColumns })
    .from(tasks)
    .innerJoin(orders, eq(orders.id, tasks.orderId))
    .leftJoin(pickListStatus, eq(pickListStatus.orderId, tasks.orderId))
    .where(and(inList(list, "tasks"), notCleared(list.userId)));
  return rows.map((r) => ({
    key: `task:${blockOf(r.id)}:${r.orderId}`,
    done: isTaskDone(taskKindOf(r.title), {
      orderStatus: r.currentStatus ?? r.orderStatus,
      pickCompletedAt: r.pickCompletedAt,
      captured: !!r.captured,
      deliveryCompletedAt: r.deliveryCompletedAt,
    }),
  }));
}

export type ClearTarget = "all" | "tasks" | "alerts";

/**
 * 'Clear completed' (spec 000 §4): hides read alerts ('alerts'), completed tasks ('tasks': the order is
 * delivered, released or cancelled, or the floor work is done), or both ('all'). A cleared task's read row
 * becomes its cleared row.
 */
export async function clearCompleted(ctx: Ctx, viewer: Viewer, target: ClearTarget = "all"): Promise<{ cleared: number }> {
  if (!viewer.userId) return { cleared: 0 };
  const uid = viewer.userId;
  const at = ctx.now().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  if (target !== "tasks") {
    statements.push(
      ctx.db
        .update(notificationReads)
        .set({ cleared: true })
        .where(and(eq(notificationReads.userId, uid), sql`${notificationReads.itemKey} GLOB 'note:*'`, eq(notificationReads.cleared, false))),
    );
  }
  if (target !== "alerts") {
    const list = await viewerList(ctx, viewer);
    const done = list ? (await listWithState(ctx, list)).filter((t) => t.done).map((t) => t.key.slice("task:".length)) : [];
    if (done.length) {
      const rests = JSON.stringify(done);
      statements.push(
        ctx.db.run(sql`INSERT INTO ${notificationReads} (user_id, item_key, read_at, cleared)
          SELECT ${uid}, 'cleared:' || value, ${at}, 1 FROM json_each(${rests}) WHERE 1
          ON CONFLICT (user_id, item_key) DO NOTHING`),
        ctx.db.run(sql`DELETE FROM ${notificationReads} WHERE ${notificationReads.userId} = ${uid}
          AND ${notificationReads.itemKey} IN (SELECT 'task:' || value FROM json_each(${rests}))`),
      );
    }
  }
  if (!statements.length) return { cleared: 0 };
  const results = (await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as { rowsAffected: number }[];
  // Alerts updated plus tasks newly cleared (the delete of their read rows is not counted again).
  const counted = target === "all" ? [0, 1] : [0];
  return { cleared: counted.reduce((n, i) => n + (results[i]?.rowsAffected ?? 0), 0) };
}
