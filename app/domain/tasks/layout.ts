// How the prepared task lists sit in the `tasks` table: one block of ids per list part, ranked in reading
// order, and the read/cleared state keys that survive rebuilds. Pure: the cron writes by it, the bell reads by it.
//
// Every list has two parts: 'urgent' (actionable tasks, most urgent first: priority, then age) and 'other'
// (the rest, newest first). A part is a block of TASK_BLOCK_SIZE ids and a task's id is its block's base
// plus its rank, so a page of Urgent is a walk of the primary key and a part's size is a range count.
// The office list (blocks 0 and 1) is shared by everyone who sees every order; each other viewer has a
// list of their own (blocks 2 + 2·userId and 3 + 2·userId), built through their own order scope.
import type { TaskDraft, TaskPriority } from "./rules";

/** Ids per block: far more open orders than the business will ever have at once. */
export const TASK_BLOCK_SIZE = 10_000_000;

export type ListBlocks = { urgent: number; other: number };

export const OFFICE_LIST: ListBlocks = { urgent: 0, other: 1 };

export function personalList(userId: number): ListBlocks {
  return { urgent: 2 + 2 * userId, other: 3 + 2 * userId };
}

/** The ids of a block, inclusive. */
export function blockRange(block: number): { from: number; to: number } {
  return { from: block * TASK_BLOCK_SIZE + 1, to: block * TASK_BLOCK_SIZE + TASK_BLOCK_SIZE - 1 };
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

/** A list's drafts with their ids: actionable ones ranked in the urgent block, the others in the other block. */
export function layOutList<T extends Rankable & { actionable: boolean }>(drafts: readonly T[], blocks: ListBlocks): LaidOutTask<T>[] {
  const urgent = drafts.filter((d) => d.actionable).sort(compareUrgent);
  const other = drafts.filter((d) => !d.actionable).sort(compareOther);
  if (urgent.length >= TASK_BLOCK_SIZE || other.length >= TASK_BLOCK_SIZE) throw new Error("Task list larger than its id block");
  const place = (list: T[], block: number) => list.map((d, i) => ({ ...d, id: blockRange(block).from + i, block }));
  return [...place(urgent, blocks.urgent), ...place(other, blocks.other)];
}
