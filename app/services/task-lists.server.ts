// The Task Center's cron job: builds every viewer's task list into `tasks` (rebuildTasks), every 5 minutes.
//
// Who gets which list: viewers who see every order share the office list (spec 000's table; a sales rep reads
// it filtered to their own orders by the name-alias map). Everyone else gets a list of their own, built through
// their order scope (resolveOrderScope, for the screen a task opens and for the work it asks for): a warehouse
// employee's picks and checks, a driver's deliveries (app/domain/tasks/floor.ts). How the lists sit in the
// table and how read state is keyed: app/domain/tasks/layout.ts. The bell reads them: tasks.server.ts.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { notificationReads, orders, roleGrants, roles, settings, tasks, users } from "../../db/schema";
import { isGrantKey, isSalesRep, isScope, type Grant } from "~/domain/access/roles";
import { floorStage, floorTask, floorTaskKinds, TASK_KIND_GRANTS, type FloorOrder } from "~/domain/tasks/floor";
import { blockRange, layOutList, MAX_LIST_USER_ID, OFFICE_LIST, personalList, TASK_BLOCK_SIZE, type LaidOutTask, type ListBlocks } from "~/domain/tasks/layout";
import { isOrderFinished, salesRepNames } from "~/domain/tasks/list";
import { buildTask, type TaskDraft, type TaskKind } from "~/domain/tasks/rules";
import type { Database } from "~/lib/db.server";
import type { Viewer } from "~/lib/session.server";
import { resolveOrderScope } from "./orders.server";

export type DbCtx = { db: Database };

/** Rows per insert statement: one JSON parameter each, well under any statement size limit. */
const INSERT_CHUNK = 2_000;
const DELETE_CHUNK = 10_000;
/** The `settings` row recording the last build: when, and the scope each personal list was built with. */
export const TASK_BUILD_KEY = "tasks.build";
/** The block size inlined: a bound JS number is a REAL to SQLite, and id / 1e7.0 is not a block number. */
export const BLOCK = sql.raw(String(TASK_BLOCK_SIZE));
export type TaskBuild = {
  builtAt: string;
  ms: number;
  tasks: number;
  written: number;
  /** The scope each personal list was built with (its fingerprint), by user id. */
  lists: Record<string, string>;
  /** The number of tasks in each block: the size of a part without counting it at every read. */
  parts: Record<string, number>;
};

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
  // Often one scope (a picker's screen and work both name her assignment): one condition then, not two copies
  // of its word-index subquery (decision 044).
  const same = renderScope(ctx.db, opens.where) === renderScope(ctx.db, acts.where);
  return { where: same ? opens.where : and(opens.where, acts.where), hidePayment: opens.hidePayment };
}

export type PersonalPlan = {
  userId: number;
  blocks: ListBlocks;
  kinds: { kind: TaskKind; where: SQL | undefined }[];
  hidePayment: boolean;
  /** The kinds and the exact SQL of their scopes: a list built with another is not this viewer's any more. */
  fingerprint: string;
};

export type ListPlan = { office: true; blocks: ListBlocks; salesRep: boolean; hidePayment: boolean } | ({ office: false } & PersonalPlan);

function renderScope(db: Database, where: SQL | undefined): string {
  const q = db.select({ one: sql`1` }).from(orders).where(where).toSQL();
  return JSON.stringify([q.sql, q.params]);
}

/** Which list a viewer reads: the shared office list when they see every order, else their own. */
export async function listPlan(ctx: DbCtx, viewer: Viewer): Promise<ListPlan | null> {
  const scope = await resolveOrderScope(ctx, viewer);
  if (scope.kind === "all") return { office: true, blocks: OFFICE_LIST, salesRep: isSalesRep(viewer.roleId), hidePayment: scope.hidePayment };
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

/** A scope whose membership is read as a column; `floorOnly`: only orders at a floor stage can match (skip the rest). */
type ScopeColumn = { where: SQL | undefined; floorOnly: boolean };

/**
 * Every open order with what the rules need, in one pass over the status index, and for each scope given
 * whether the order is inside it (the scope's SQL evaluated as a column, so many lists cost one read). Rows
 * come as arrays: at 20,000 open orders, making objects of them would cost more than reading them.
 */
export async function readOpenOrders(ctx: DbCtx, sets: StatusSets, scopes: readonly ScopeColumn[]): Promise<OpenOrder[]> {
  const floor = statusIn([...sets.toPick, ...sets.picked, ...sets.onTruck]);
  const onFloor = (expr: SQL, floorOnly: boolean) => (floorOnly ? sql`CASE WHEN ${floor} THEN ${expr} ELSE 0 END` : expr);
  const members = scopes.map(({ where, floorOnly }) => onFloor(sql`(${where ?? sql`1`})`, floorOnly));
  const captured = onFloor(sql`EXISTS (SELECT 1 FROM warehouse_captures c WHERE c.order_id = ${orders.id})`, true);
  const rows = await ctx.db.values<unknown[]>(sql`SELECT ${orders.id}, ${orders.orderNumber}, ${orders.orderStatus}, ${orders.paymentStatus},
      ${orders.customerName}, ${orders.orderDate}, ${orders.createdBy}, ${orders.orderType}, ${orders.deliveryCompletedAt}, p.completed_at,
      ${captured}${members.length ? sql`, ${sql.join(members, sql`, `)}` : sql``}
    FROM ${orders} LEFT JOIN pick_list_status p ON p.order_id = ${orders.id}
    WHERE ${statusIn(sets.open)}`);
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const orNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    id: Number(r[0]),
    orderNumber: text(r[1]),
    orderStatus: text(r[2]),
    paymentStatus: text(r[3]),
    customerName: text(r[4]),
    orderDate: text(r[5]),
    createdBy: text(r[6]),
    orderType: text(r[7]),
    deliveryCompletedAt: orNull(r[8]),
    pickCompletedAt: orNull(r[9]),
    captured: !!r[10],
    member: scopes.map((_, i) => !!r[11 + i]),
  }));
}

/** The drafts of one personal list: for each order, the first of the viewer's kinds that is in scope and applies. */
export function personalDrafts(plan: PersonalPlan, rows: readonly OpenOrder[], column: readonly number[], now: Date): TaskDraft[] {
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
export function scopeColumns(plans: readonly PersonalPlan[], db: Database) {
  const scopes: ScopeColumn[] = [];
  const index = new Map<string, number>();
  const columns = plans.map((plan) =>
    plan.kinds.map(({ kind, where }) => {
      // Floor kinds only ever name orders at a floor stage; the office kind names any open order.
      const floorOnly = kind !== "order";
      const key = JSON.stringify([floorOnly, renderScope(db, where)]);
      let i = index.get(key);
      if (i === undefined) {
        i = scopes.push({ where, floorOnly }) - 1;
        index.set(key, i);
      }
      return i;
    }),
  );
  return { scopes, columns };
}

// ---------------------------------------------------------------- the cron job

export type Row = LaidOutTask<TaskDraft>;

/** A task's stored columns in table order (without built_at). */
function taskValues(t: Row): (string | number)[] {
  return [t.id, t.orderId, t.orderNumber, t.title, t.message, t.type, t.priority, t.category, t.actionable ? 1 : 0,
    t.orderStatus, t.paymentStatus, t.customerName, t.salesRep, t.orderDate, t.daysSinceOrder];
}
const TASK_COLUMNS = sql.raw(`id, order_id, order_number, title, message, type, priority, category, actionable,
  order_status, payment_status, customer_name, sales_rep, order_date, days_since_order`);

/** Writes rows (each its 15 columns and its built_at last); a row with an id already there replaces it. */
function writeChunk(db: Database, rows: readonly (string | number)[][]): BatchItem<"sqlite"> {
  const v = (i: number) => sql.raw(`value->>${i}`);
  return db.run(sql`INSERT OR REPLACE INTO ${tasks} (${TASK_COLUMNS}, built_at)
    SELECT ${sql.join(Array.from({ length: 16 }, (_, i) => v(i)), sql`, `)} FROM json_each(${JSON.stringify(rows)})`);
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell a task's content from its last build's. */
function contentHash(values: readonly (string | number)[]): string {
  let h = 0x811c9dc5;
  for (const value of values) {
    const text = typeof value === "string" ? value : String(value);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
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
export async function rebuildTasks(ctx: { db: Database; now: () => Date }): Promise<{ tasks: number; lists: number; written: number; ms: number }> {
  const started = Date.now();
  const now = ctx.now();
  const builtAt = now.toISOString();
  const [statuses, viewers] = await Promise.all([distinctStatuses(ctx), taskViewers(ctx)]);
  const sets = statusSets(statuses);

  const planned = (await Promise.all(viewers.map(async (viewer) => ({ viewer, plan: await listPlan(ctx, viewer) })))).flatMap((p) =>
    p.plan && p.viewer.userId ? [{ userId: p.viewer.userId, viewer: p.viewer, plan: p.plan }] : [],
  );
  // A member past the layout's user ids has no block of their own: their list is built when they read it.
  const personal = planned.flatMap(({ plan }) => (plan.office || plan.userId > MAX_LIST_USER_ID ? [] : [plan]));
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

  // Only what changed is written. A task keeps its id while its list part, priority and age stay the same, and
  // `built_at` holds when its row was written and, after '#', a hash of its content: between two runs of a
  // day most rows are already right (a new day ages every task, so its first run rewrites them all).
  const last = new Map<number, string>();
  for (const r of await ctx.db.values<unknown[]>(sql`SELECT ${tasks.id}, ${tasks.builtAt} FROM ${tasks}`)) {
    last.set(Number(r[0]), String(r[1]).split("#")[1] ?? "");
  }
  const changed: (string | number)[][] = [];
  for (const row of rows) {
    const values = taskValues(row);
    const hash = contentHash(values);
    if (last.get(row.id) !== hash) changed.push([...values, `${builtAt}#${hash}`]);
    last.delete(row.id);
  }
  const gone = [...last.keys()];
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < gone.length; i += DELETE_CHUNK) {
    statements.push(ctx.db.run(sql`DELETE FROM ${tasks} WHERE ${tasks.id} IN (SELECT value FROM json_each(${JSON.stringify(gone.slice(i, i + DELETE_CHUNK))}))`));
  }
  for (let i = 0; i < changed.length; i += INSERT_CHUNK) statements.push(writeChunk(ctx.db, changed.slice(i, i + INSERT_CHUNK)));
  statements.push(
    // State of a task no longer listed goes (a task that moved inside its part, a day older, keeps its state).
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
    written: changed.length + gone.length,
    parts: rows.reduce<Record<string, number>>((n, r) => ((n[r.block] = (n[r.block] ?? 0) + 1), n), {}),
    lists: Object.fromEntries(personal.map((p) => [String(p.userId), p.fingerprint])),
  };
  statements.push(
    ctx.db
      .insert(settings)
      .values({ key: TASK_BUILD_KEY, value: build, updatedAt: builtAt })
      .onConflictDoUpdate({ target: settings.key, set: { value: build, updatedAt: builtAt } }),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { tasks: rows.length, lists: 1 + personal.length, written: build.written, ms: Date.now() - started };
}

export async function lastTaskBuild(ctx: DbCtx): Promise<TaskBuild | null> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, TASK_BUILD_KEY)).limit(1);
  return (row?.value as TaskBuild | undefined) ?? null;
}
