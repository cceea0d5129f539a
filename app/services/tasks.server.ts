// The Task Center on the server: the cron builds every viewer's task list into `tasks` (rebuildTasks), the
// bell reads its prepared list a page at a time with counts from SQL (listTasksFor, listTaskPage), and each
// viewer's read and cleared state lives in `notification_reads` (markRead, clearCompleted).
//
// Who gets which list: viewers who see every order share the office list (spec 000's table; a sales rep
// filtered to their own orders by the name-alias map). Everyone else gets a list of their own, built through
// their order scope: a warehouse employee's picks and checks, a driver's deliveries (app/domain/tasks/floor.ts).
// How the lists sit in the table and how state is keyed: app/domain/tasks/layout.ts.
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { notificationReads, notifications, orders, pickListStatus, roleGrants, roles, settings, tasks, users } from "../../db/schema";
import { isGrantKey, isScope, type Grant } from "~/domain/access/roles";
import { floorStage, floorTask, floorTaskKinds, isTaskDone, taskHref, taskKindOf, TASK_KIND_GRANTS, type FloorOrder } from "~/domain/tasks/floor";
import {
  blockOf,
  blockRange,
  layOutList,
  OFFICE_LIST,
  parseItemKey,
  personalList,
  stateKeyRange,
  TASK_BLOCK_SIZE,
  type LaidOutTask,
  type ListBlocks,
} from "~/domain/tasks/layout";
import {
  isOrderFinished,
  salesRepNames,
  sortAlerts,
  TASK_PAGE_SIZE,
  type AlertItem,
  type TaskCenterData,
  type TaskCounts,
  type TaskItem,
  type TaskPage,
  type TaskTab,
} from "~/domain/tasks/list";
import { buildTask, type TaskDraft, type TaskKind } from "~/domain/tasks/rules";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { signFileUrl } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import { resolveOrderScope } from "./orders.server";

type Ctx = Pick<AppContext, "db" | "now" | "env">;
type DbCtx = { db: Database };

/** Rows per insert statement: one JSON parameter each, well under any statement size limit. */
const INSERT_CHUNK = 2_000;
/** The `settings` row recording the last build: when, and the scope each personal list was built with. */
export const TASK_BUILD_KEY = "tasks.build";
/** The block size inlined: a bound JS number is a REAL to SQLite, and id / 1e7.0 is not a block number. */
const BLOCK = sql.raw(String(TASK_BLOCK_SIZE));
export type TaskBuild = { builtAt: string; ms: number; tasks: number; lists: Record<string, string> };

// ---------------------------------------------------------------- statuses

/** The distinct lowercase order statuses, one index seek each (a handful, however many orders). */
export async function distinctStatuses(ctx: DbCtx): Promise<string[]> {
  const status = sql`lower(${orders.orderStatus})`;
  const rows = await ctx.db.all<{ x: string }>(sql`WITH RECURSIVE v(x) AS (SELECT min(${status}) FROM ${orders}
    UNION ALL SELECT (SELECT min(${status}) FROM ${orders} WHERE ${status} > v.x) FROM v WHERE v.x IS NOT NULL)
    SELECT x FROM v WHERE x IS NOT NULL`);
  return rows.map((r) => r.x);
}

/** The stored statuses by what they mean, classified once by the domain's rules so SQL can use the status index. */
export type StatusSets = { open: string[]; toPick: string[]; picked: string[]; onTruck: string[] };

export function statusSets(statuses: readonly string[]): StatusSets {
  const sets: StatusSets = { open: [], toPick: [], picked: [], onTruck: [] };
  for (const s of statuses) {
    if (isOrderFinished(s)) continue;
    sets.open.push(s);
    const stage = floorStage(s);
    if (stage === "to-pick") sets.toPick.push(s);
    else if (stage === "picked") sets.picked.push(s);
    else if (stage === "on-truck") sets.onTruck.push(s);
  }
  return sets;
}

/** `lower(order_status) IN (…)`; an empty set matches nothing. */
export function statusIn(values: readonly string[]): SQL {
  return values.length ? sql`lower(${orders.orderStatus}) IN ${values}` : sql`0`;
}

// ---------------------------------------------------------------- whose list is which

/** Everyone the cron builds a list for: users whose role holds `tasks:view` (or is an admin role). */
export async function taskViewers(ctx: DbCtx): Promise<Viewer[]> {
  const [people, grantRows] = await Promise.all([
    ctx.db
      .select({ id: users.id, email: users.email, name: users.name, roleId: users.roleId, isAdmin: roles.isAdmin, locationIds: users.locationIds, orderTypes: users.orderTypes })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId)),
    ctx.db.select({ roleId: roleGrants.roleId, key: roleGrants.key, scope: roleGrants.scope }).from(roleGrants),
  ]);
  const byRole = new Map<string, Grant[]>();
  for (const g of grantRows) {
    // The same filter as a session: only grants the product knows count.
    if (!isGrantKey(g.key) || !isScope(g.scope)) continue;
    byRole.set(g.roleId, [...(byRole.get(g.roleId) ?? []), { key: g.key, scope: g.scope }]);
  }
  return people.flatMap((p) => {
    const grants = p.roleId ? (byRole.get(p.roleId) ?? []) : [];
    const isAdmin = !!p.isAdmin;
    if (!isAdmin && !grants.some((g) => g.key === "tasks:view")) return [];
    const viewer: Viewer = {
      kind: "user",
      sessionId: "",
      userId: p.id,
      passcodeId: null,
      email: p.email,
      name: p.name,
      picture: null,
      roleId: p.roleId,
      isAdmin,
      grants,
      locationIds: p.locationIds,
      orderTypes: p.orderTypes,
      allowedLocations: [],
      sessionExp: "",
      tokenExp: null,
    };
    return [viewer];
  });
}

/**
 * The orders a kind of task may name for this viewer: inside the scope of the screen it opens and of the
 * work it asks for (resolveOrderScope, the one order scope, for each). `hidePayment` is the screen's.
 */
export async function kindScope(ctx: DbCtx, viewer: Viewer, kind: TaskKind): Promise<{ where: SQL | undefined; hidePayment: boolean }> {
  const { open, act } = TASK_KIND_GRANTS[kind];
  const [opens, acts] = await Promise.all([resolveOrderScope(ctx, viewer, open), resolveOrderScope(ctx, viewer, act)]);
  return { where: and(opens.where, acts.where), hidePayment: opens.hidePayment };
}

type PersonalPlan = {
  userId: number;
  blocks: ListBlocks;
  kinds: { kind: TaskKind; where: SQL | undefined }[];
  hidePayment: boolean;
  /** The kinds and the exact SQL of their scopes: a list built with another is not this viewer's any more. */
  fingerprint: string;
};

type ListPlan = { office: true; blocks: ListBlocks; salesRep: boolean; hidePayment: boolean } | ({ office: false } & PersonalPlan);

function renderScope(db: Database, where: SQL | undefined): string {
  const q = db.select({ one: sql`1` }).from(orders).where(where).toSQL();
  return JSON.stringify([q.sql, q.params]);
}

/** Which list a viewer reads: the shared office list when they see every order, else their own. */
export async function listPlan(ctx: DbCtx, viewer: Viewer): Promise<ListPlan | null> {
  const scope = await resolveOrderScope(ctx, viewer);
  if (scope.kind === "all") return { office: true, blocks: OFFICE_LIST, salesRep: viewer.roleId === "sales-rep", hidePayment: scope.hidePayment };
  if (!viewer.userId) return null;
  const kinds = floorTaskKinds(viewer.grants);
  const scoped = await Promise.all(kinds.map(async (kind) => ({ kind, ...(await kindScope(ctx, viewer, kind)) })));
  const hidePayment = scope.hidePayment;
  return {
    office: false,
    userId: viewer.userId,
    blocks: personalList(viewer.userId),
    kinds: scoped.map(({ kind, where }) => ({ kind, where })),
    hidePayment,
    fingerprint: JSON.stringify([hidePayment, scoped.map((k) => [k.kind, renderScope(ctx.db, k.where)])]),
  };
}

// ---------------------------------------------------------------- reading open orders once

type OpenOrder = FloorOrder & { member: boolean[] };

/**
 * Every open order with what the rules need, in one pass over the status index, and for each scope given
 * whether the order is inside it (the scope's SQL evaluated as a column, so many lists cost one read).
 */
async function readOpenOrders(ctx: DbCtx, sets: StatusSets, scopes: readonly (SQL | undefined)[]): Promise<OpenOrder[]> {
  const members = Object.fromEntries(scopes.map((where, i) => [`m${i}`, sql<number>`(${where ?? sql`1`})`]));
  const rows = await ctx.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      customerName: orders.customerName,
      orderDate: orders.orderDate,
      createdBy: orders.createdBy,
      orderType: orders.orderType,
      deliveryCompletedAt: orders.deliveryCompletedAt,
      pickCompletedAt: pickListStatus.completedAt,
      captured: sql<number>`EXISTS (SELECT 1 FROM warehouse_captures c WHERE c.order_id = ${orders.id})`,
      ...members,
    })
    .from(orders)
    .leftJoin(pickListStatus, eq(pickListStatus.orderId, orders.id))
    .where(statusIn(sets.open));
  return rows.map((r) => {
    const row = r as typeof r & Record<string, number>;
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      orderStatus: row.orderStatus,
      paymentStatus: row.paymentStatus,
      customerName: row.customerName,
      orderDate: row.orderDate,
      createdBy: row.createdBy,
      orderType: row.orderType,
      deliveryCompletedAt: row.deliveryCompletedAt,
      pickCompletedAt: row.pickCompletedAt ?? null,
      captured: !!row.captured,
      member: scopes.map((_, i) => !!row[`m${i}`]),
    };
  });
}

/** The drafts of one personal list: for each order, the first of the viewer's kinds that is in scope and applies. */
function personalDrafts(plan: PersonalPlan, rows: readonly OpenOrder[], column: readonly number[], now: Date): TaskDraft[] {
  const out: TaskDraft[] = [];
  const payment = { payment: !plan.hidePayment };
  for (const row of rows) {
    for (let k = 0; k < plan.kinds.length; k++) {
      if (!row.member[column[k]!]) continue;
      const kind = plan.kinds[k]!.kind;
      const task = kind === "order" ? buildTask(row, now, payment) : floorTask(row, [kind], now, payment);
      if (task) {
        out.push(task);
        break;
      }
    }
  }
  return out;
}

/** Scopes with the same SQL are read once: each plan's kinds point into the shared columns. */
function scopeColumns(plans: readonly PersonalPlan[], db: Database) {
  const scopes: (SQL | undefined)[] = [];
  const index = new Map<string, number>();
  const columns = plans.map((plan) =>
    plan.kinds.map(({ where }) => {
      const key = renderScope(db, where);
      let i = index.get(key);
      if (i === undefined) {
        i = scopes.push(where) - 1;
        index.set(key, i);
      }
      return i;
    }),
  );
  return { scopes, columns };
}

// ---------------------------------------------------------------- the cron job

type Row = LaidOutTask<TaskDraft>;

function insertChunk(db: Database, rows: readonly Row[], builtAt: string): BatchItem<"sqlite"> {
  const values = rows.map((t) => [
    t.id, t.orderId, t.orderNumber, t.title, t.message, t.type, t.priority, t.category, t.actionable ? 1 : 0,
    t.orderStatus, t.paymentStatus, t.customerName, t.salesRep, t.orderDate, t.daysSinceOrder, builtAt,
  ]);
  const v = (i: number) => sql.raw(`value->>${i}`);
  return db.run(sql`INSERT INTO ${tasks} (id, order_id, order_number, title, message, type, priority, category, actionable,
      order_status, payment_status, customer_name, sales_rep, order_date, days_since_order, built_at)
    SELECT ${v(0)}, ${v(1)}, ${v(2)}, ${v(3)}, ${v(4)}, ${v(5)}, ${v(6)}, ${v(7)}, ${v(8)}, ${v(9)}, ${v(10)}, ${v(11)}, ${v(12)}, ${v(13)}, ${v(14)}, ${v(15)}
    FROM json_each(${JSON.stringify(values)})`);
}

const STATE_KEYS = sql`(${notificationReads.itemKey} GLOB 'task:*' OR ${notificationReads.itemKey} GLOB 'cleared:*')`;
/** '12:345' of 'task:12:345' / 'cleared:12:345', and its block '12'. */
const keyRest = sql`substr(${notificationReads.itemKey}, instr(${notificationReads.itemKey}, ':') + 1)`;
const keyBlock = sql`substr(${keyRest}, 1, instr(${keyRest}, ':') - 1)`;
const rowKeyRest = sql`(${tasks.id} / ${BLOCK}) || ':' || ${tasks.orderId}`;

/**
 * Replaces every list in one batch (spec: the list is replaced on every refresh): the office list for the
 * spec's table and a list for each viewer who does not see every order, through their own order scope.
 * State for tasks that are gone, for lists that are no longer the viewer's, and for a sales rep's orders
 * that are no longer theirs is dropped in the same batch, so every count stays an index range.
 */
export async function rebuildTasks(ctx: { db: Database; now: () => Date }): Promise<{ tasks: number; lists: number; ms: number }> {
  const started = Date.now();
  const now = ctx.now();
  const builtAt = now.toISOString();
  const [statuses, viewers] = await Promise.all([distinctStatuses(ctx), taskViewers(ctx)]);
  const sets = statusSets(statuses);

  const planned = (await Promise.all(viewers.map(async (viewer) => ({ viewer, plan: await listPlan(ctx, viewer) })))).flatMap((p) =>
    p.plan && p.viewer.userId ? [{ userId: p.viewer.userId, viewer: p.viewer, plan: p.plan }] : [],
  );
  const personal = planned.flatMap(({ plan }) => (plan.office ? [] : [plan]));
  const { scopes, columns } = scopeColumns(personal, ctx.db);
  const open = await readOpenOrders(ctx, sets, scopes);

  const office = open.flatMap((o) => buildTask(o, now) ?? []);
  const rows: Row[] = layOutList(office, OFFICE_LIST);
  personal.forEach((plan, i) => rows.push(...layOutList(personalDrafts(plan, open, columns[i]!, now), plan.blocks)));

  // Whose state may sit in which block: office viewers' in the office list, everyone else's in their own.
  const allowed = planned.flatMap(({ userId, plan }) => [`${userId}:${plan.blocks.urgent}`, `${userId}:${plan.blocks.other}`]);
  const officeNames = [...new Set(office.map((t) => t.salesRep))];
  const salesFilters = planned.flatMap(({ userId, viewer, plan }) => {
    if (!plan.office || !plan.salesRep) return [];
    const names = salesRepNames(officeNames, { name: viewer.name, email: viewer.email });
    return names ? [{ userId, names }] : [];
  });

  const statements: BatchItem<"sqlite">[] = [ctx.db.delete(tasks)];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) statements.push(insertChunk(ctx.db, rows.slice(i, i + INSERT_CHUNK), builtAt));
  statements.push(
    ctx.db.delete(notificationReads).where(and(STATE_KEYS, sql`${keyRest} NOT IN (SELECT ${rowKeyRest} FROM ${tasks})`)),
    ctx.db.delete(notificationReads).where(and(STATE_KEYS, sql`(${notificationReads.userId} || ':' || ${keyBlock}) NOT IN (SELECT value FROM json_each(${JSON.stringify(allowed)}))`)),
    ...salesFilters.map(({ userId, names }) =>
      ctx.db
        .delete(notificationReads)
        .where(
          and(
            eq(notificationReads.userId, userId),
            STATE_KEYS,
            sql`${keyRest} NOT IN (SELECT ${rowKeyRest} FROM ${tasks} WHERE ${tasks.id} BETWEEN 1 AND ${blockRange(OFFICE_LIST.other).to} AND ${tasks.salesRep} IN ${names})`,
          ),
        ),
    ),
  );
  const build: TaskBuild = {
    builtAt,
    ms: Date.now() - started,
    tasks: rows.length,
    lists: Object.fromEntries(personal.map((p) => [String(p.userId), p.fingerprint])),
  };
  statements.push(
    ctx.db
      .insert(settings)
      .values({ key: TASK_BUILD_KEY, value: build, updatedAt: builtAt })
      .onConflictDoUpdate({ target: settings.key, set: { value: build, updatedAt: builtAt } }),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { tasks: rows.length, lists: 1 + personal.length, ms: Date.now() - started };
}

// ---------------------------------------------------------------- a viewer's list

export async function lastTaskBuild(ctx: DbCtx): Promise<TaskBuild | null> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, TASK_BUILD_KEY)).limit(1);
  return (row?.value as TaskBuild | undefined) ?? null;
}

/**
 * The list a viewer reads. Prepared: the blocks the cron wrote (plus a sales rep's own names). Live: the
 * viewer's list was not built with their current scope (a new member, a changed role or worker link), so
 * it is built now, the same way, without writing anything (GET never writes); the next cron run stores it.
 */
type ViewerList = {
  userId: number;
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

async function viewerList(ctx: Ctx, viewer: Viewer): Promise<ViewerList | null> {
  if (!viewer.userId) return null;
  const [plan, build] = await Promise.all([listPlan(ctx, viewer), lastTaskBuild(ctx)]);
  if (!plan) return null;
  const base = { userId: viewer.userId, blocks: plan.blocks, hidePayment: plan.hidePayment, builtAt: build?.builtAt ?? null };
  if (plan.office) {
    // Spec 000 §4: a sales rep sees the orders whose createdBy loosely matches their name; all when none do.
    const salesNames = plan.salesRep ? salesRepNames(await taskSalesReps(ctx), { name: viewer.name, email: viewer.email }) : null;
    return { ...base, salesNames, live: null };
  }
  if (build?.lists[String(plan.userId)] === plan.fingerprint) return { ...base, salesNames: null, live: null };
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
  const sales = list.salesNames ? sql` AND ${tasks.salesRep} IN ${list.salesNames}` : sql``;
  const size = (block: number) => {
    const r = blockRange(block);
    return sql`(SELECT count(*) FROM ${tasks} WHERE ${tasks.id} BETWEEN ${r.from} AND ${r.to}${sales})`;
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
  const list = await viewerList(ctx, viewer);
  const [urgent, all, taskCount, alerts, alertCount] = await Promise.all([
    list ? taskPage(ctx, list, "urgent", 0, pageSize) : [],
    list ? taskPage(ctx, list, "tasks", 0, pageSize) : [],
    list ? taskCounts(ctx, list) : EMPTY_COUNTS,
    alertPage(ctx, viewer, 0, pageSize),
    alertCounts(ctx, viewer),
  ]);
  const counts: TaskCounts = { urgent: taskCount.urgent, tasks: taskCount.tasks, alerts: alertCount.alerts };
  return { urgent, tasks: all, alerts, counts, unread: taskCount.unread + alertCount.unread, builtAt: list?.builtAt ?? (await lastTaskBuild(ctx))?.builtAt ?? null, pageSize };
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
