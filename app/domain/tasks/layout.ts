// How the prepared task lists sit in the `tasks` table: one block of ids per list part, each id a sort key in
// reading order, and the read/cleared state keys that survive rebuilds. Pure: the cron writes by it, the bell reads by it.
//
// Every list has two parts: 'urgent' (actionable tasks, most urgent first: priority, then age) and 'other'
// (the rest, newest first). A part is a block of ids, and a task's id is its block's base plus its sort key
// (urgent: priority, then days descending, then order id; other: days, then order id), so a page of Urgent is
// a walk of the primary key, a part's size is a range count, and a task keeps its id from one build to the
// next while its priority and age stay the same (the cron then rewrites only what changed).
// The office list (blocks 0 and 1) is shared by everyone who sees every order; each other viewer has a
// list of their own (blocks 2 + 2·userId and 3 + 2·userId), built through their own order scope.
import type { TaskDraft, TaskPriority } from "./rules";

/** Order ids from 1 to below 2^27 (134 million), ages capped at 1,023 days, three priorities: 39 bits of sort key. */
const ORDER_BITS = 2 ** 27;
const MAX_DAYS = 1023;
const DAY_BITS = (MAX_DAYS + 1) * ORDER_BITS;
/** Ids per block (2^39): blocks up to 16,383 stay below 2^53, so every id is an exact JavaScript number. */
export const TASK_BLOCK_SIZE = 2 ** 39;
/** The largest user id with a prepared list of their own (2 + 2·id must be a block); above it lists are built live. */
export const MAX_LIST_USER_ID = Math.floor((2 ** 53 / TASK_BLOCK_SIZE - 4) / 2);

export type ListBlocks = { urgent: number; other: number };

export const OFFICE_LIST: ListBlocks = { urgent: 0, other: 1 };

export function personalList(userId: number): ListBlocks {
  return { urgent: 2 + 2 * userId, other: 3 + 2 * userId };
}

/** The ids of a block, inclusive. */
export function blockRange(block: number): { from: number; to: number } {
  return { from: block * TASK_BLOCK_SIZE, to: block * TASK_BLOCK_SIZE + TASK_BLOCK_SIZE - 1 };
}

export function blockOf(id: number): number {
  return Math.floor(id / TASK_BLOCK_SIZE);
}

/**
 * A viewer's state for a task is keyed by the list part and the order, not the id: the rank changes with
 * every rebuild, the order does not. A task that moves part (it became actionable) is new again: unread.
 * A cleared task's row is keyed apart ('cleared:'), so read and cleared counts are both index ranges.
 */
export function taskStateKey(block: number, orderId: number): string {
  return `task:${block}:${orderId}`;
}

export function clearedStateKey(block: number, orderId: number): string {
  return `cleared:${block}:${orderId}`;
}

/** The half-open key range of one state kind in one block (';' sorts right after ':'). */
export function stateKeyRange(kind: "task" | "cleared", block: number): { from: string; to: string } {
  return { from: `${kind}:${block}:`, to: `${kind}:${block};` };
}

export type ItemKey = { kind: "task"; block: number; orderId: number } | { kind: "note"; id: number };

/** 'task:{block}:{orderId}' or 'note:{id}' (what the bell calls an item's id); anything else is null. */
export function parseItemKey(key: string): ItemKey | null {
  const task = /^task:(\d{1,15}):(\d{1,15})$/.exec(key);
  if (task) return { kind: "task", block: Number(task[1]), orderId: Number(task[2]) };
  const note = /^note:(\d{1,15})$/.exec(key);
  if (note) return { kind: "note", id: Number(note[1]) };
  return null;
}

export const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

type Rankable = Pick<TaskDraft, "priority" | "daysSinceOrder" | "orderId">;

/** Urgent: high before medium before low, then the oldest first (most overdue at the top). */
export function compareUrgent(a: Rankable, b: Rankable): number {
  return PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.daysSinceOrder - a.daysSinceOrder || a.orderId - b.orderId;
}

/** The rest: days since order ascending (spec 000 §4), ties by order. */
export function compareOther(a: Rankable, b: Rankable): number {
  return a.daysSinceOrder - b.daysSinceOrder || a.orderId - b.orderId;
}

export type LaidOutTask<T> = T & { id: number; block: number };

/** A task's id: its part's block, then its place in reading order (see the top of this file). */
export function taskRowId(blocks: ListBlocks, task: Rankable & { actionable: boolean }): { id: number; block: number } {
  if (!Number.isInteger(task.orderId) || task.orderId < 1 || task.orderId >= ORDER_BITS) throw new Error(`Order id ${task.orderId} is past the task layout`);
  const days = Math.min(Math.max(0, Math.floor(task.daysSinceOrder)), MAX_DAYS);
  if (task.actionable) {
    return { block: blocks.urgent, id: blocks.urgent * TASK_BLOCK_SIZE + PRIORITY_RANK[task.priority] * DAY_BITS + (MAX_DAYS - days) * ORDER_BITS + task.orderId };
  }
  return { block: blocks.other, id: blocks.other * TASK_BLOCK_SIZE + days * ORDER_BITS + task.orderId };
}

/** A list's drafts with their ids: actionable ones in the urgent block, the others in the other block. */
export function layOutList<T extends Rankable & { actionable: boolean }>(drafts: readonly T[], blocks: ListBlocks): LaidOutTask<T>[] {
  return drafts.map((d) => ({ ...d, ...taskRowId(blocks, d) }));
}
