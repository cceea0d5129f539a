// How prepared task lists sit in the table: id blocks per list part, ranks in reading order, state keys.
import { describe, expect, it } from "vitest";
import {
  blockOf,
  blockRange,
  clearedStateKey,
  compareOther,
  compareUrgent,
  layOutList,
  MAX_LIST_USER_ID,
  OFFICE_LIST,
  parseItemKey,
  personalList,
  stateKeyRange,
  TASK_BLOCK_SIZE,
  taskRowId,
  taskStateKey,
} from "~/domain/tasks/layout";
import type { TaskPriority } from "~/domain/tasks/rules";

type T = { orderId: number; priority: TaskPriority; daysSinceOrder: number; actionable: boolean };
const t = (orderId: number, priority: TaskPriority, daysSinceOrder: number, actionable = true): T => ({ orderId, priority, daysSinceOrder, actionable });

describe("blocks", () => {
  it("the office list is blocks 0 and 1; each other viewer has two of their own, next to each other", () => {
    expect(OFFICE_LIST).toEqual({ urgent: 0, other: 1 });
    expect(personalList(1)).toEqual({ urgent: 4, other: 5 });
    expect(personalList(42)).toEqual({ urgent: 86, other: 87 });
    const lists = [OFFICE_LIST, ...[1, 2, 3, 500].map(personalList)].flatMap((l) => [l.urgent, l.other]);
    expect(new Set(lists).size).toBe(lists.length);
  });

  it.each([0, 1, 4, 87, 2 + 2 * MAX_LIST_USER_ID + 1])("block %i is one id range, and every id in it maps back exactly", (block) => {
    const { from, to } = blockRange(block);
    expect(to - from + 1).toBe(TASK_BLOCK_SIZE);
    expect(blockOf(from)).toBe(block);
    expect(blockOf(to)).toBe(block);
    expect(blockRange(block + 1).from).toBe(to + 1);
    expect(Number.isSafeInteger(to)).toBe(true);
  });
});

describe("state keys", () => {
  it("key a task by list part and order, so they survive a rebuild's new ranks", () => {
    expect(taskStateKey(4, 100301)).toBe("task:4:100301");
    expect(clearedStateKey(4, 100301)).toBe("cleared:4:100301");
  });

  it.each<[string, number]>([
    ["task:4:100301", 4],
    ["cleared:4:1", 4],
  ])("%s falls in the key range of block %i, and not of its neighbours", (key, block) => {
    const kind = key.startsWith("task:") ? "task" : "cleared";
    const inRange = (b: number) => {
      const r = stateKeyRange(kind, b);
      return key >= r.from && key < r.to;
    };
    expect(inRange(block)).toBe(true);
    expect(inRange(block + 1)).toBe(false);
    expect(inRange(40)).toBe(false); // 'task:40:' must not hold 'task:4:…'
  });

  it.each<[string, ReturnType<typeof parseItemKey>]>([
    ["task:0:17", { kind: "task", block: 0, orderId: 17 }],
    ["note:9", { kind: "note", id: 9 }],
    ["task:17", null],
    ["cleared:0:17", null],
    ["task:0:17; DROP", null],
    ["", null],
  ])("parseItemKey(%j)", (key, parsed) => {
    expect(parseItemKey(key)).toEqual(parsed);
  });
});

describe("ranking", () => {
  it("Urgent: high before medium before low, then the oldest first", () => {
    const list = [t(1, "low", 30), t(2, "high", 3), t(3, "medium", 40), t(4, "high", 12), t(5, "medium", 2), t(6, "high", 12)];
    expect([...list].sort(compareUrgent).map((x) => x.orderId)).toEqual([4, 6, 2, 3, 5, 1]);
  });

  it("lays actionable tasks out in the urgent block, the rest in the other block", () => {
    const rows = layOutList([t(1, "low", 1, false), t(2, "medium", 8), t(3, "high", 11), t(4, "low", 0, false)], personalList(3));
    expect(rows.map((r) => [r.orderId, r.block])).toEqual([
      [1, 9],
      [2, 8],
      [3, 8],
      [4, 9],
    ]);
  });

  it("an id is the task's place in reading order: sorting by id is sorting Urgent (or the rest) by the rules", () => {
    const tasks = [t(5, "low", 30), t(2, "high", 3), t(9, "medium", 40), t(4, "high", 12), t(7, "medium", 2), t(3, "high", 12), t(8, "low", 2000)];
    const byId = [...tasks].sort((a, b) => taskRowId(OFFICE_LIST, a).id - taskRowId(OFFICE_LIST, b).id);
    expect(byId).toEqual([...tasks].sort(compareUrgent));
    const other = tasks.map((x) => ({ ...x, actionable: false }));
    const otherById = [...other].sort((a, b) => taskRowId(OFFICE_LIST, a).id - taskRowId(OFFICE_LIST, b).id);
    expect(otherById.map((x) => x.orderId)).toEqual([...other].sort(compareOther).map((x) => x.orderId));
  });

  it("a task keeps its id while its part, priority and age stay the same; a day older it moves within its part", () => {
    const today = taskRowId(personalList(7), t(100301, "medium", 4));
    expect(taskRowId(personalList(7), t(100301, "medium", 4))).toEqual(today);
    const tomorrow = taskRowId(personalList(7), t(100301, "medium", 5));
    expect(tomorrow.block).toBe(today.block);
    expect(tomorrow.id).toBeLessThan(today.id); // older comes first in Urgent
  });

  it.each([0, -1, 2 ** 27, 1.5])("refuses order id %s outside the layout", (orderId) => {
    expect(() => taskRowId(OFFICE_LIST, t(orderId, "low", 1))).toThrow(/past the task layout/);
  });
});
