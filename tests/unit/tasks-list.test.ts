// Task Center list handling (spec 000 section 4): sorting, 'Clear completed', the sales-rep filter.
import { describe, expect, it } from "vitest";
import { orderTrackingHref } from "~/domain/tasks/floor";
import {
  clearCompleted,
  connectionErrorAlert,
  createdByMatches,
  isCompletedTask,
  markAllRead,
  salesRepNames,
  sortAlerts,
  sortTasks,
  sortUrgent,
  tabCountText,
  TASK_POLL_MS,
  TASK_POLL_URL,
  unreadCount,
  urgentTasks,
  type AlertItem,
  type TaskItem,
} from "~/domain/tasks/list";

function task(id: number, days: number, orderStatus = "5. Received", extra: Partial<TaskItem> = {}): TaskItem {
  return {
    id: `task:0:${id}`,
    isTask: true,
    kind: "order",
    href: `/order-tracking?searchBy=orderNumber&search=SO-${id}`,
    done: false,
    timestamp: "2025-01-01T00:00:00.000Z",
    read: false,
    type: "info",
    title: "Ready to Process",
    message: "",
    priority: "low",
    category: "status_change",
    actionable: false,
    orderNumber: `SO-${id}`,
    orderId: id,
    orderStatus,
    paymentStatus: "Paid: Check",
    customerName: "X",
    daysSinceOrder: days,
    orderDate: "2025-01-01",
    salesRep: "Sam",
    ...extra,
  };
}

function alert(id: number, priority: AlertItem["priority"], timestamp: string, read = false): AlertItem {
  return { id: `note:${id}`, isTask: false, timestamp, read, type: "info", title: "t", message: "m", priority, category: "system", orderNumber: null, orderId: null };
}

describe("sorting", () => {
  it("tasks by days since order ascending", () => {
    expect(sortTasks([task(1, 9), task(2, 0), task(3, 4)]).map((t) => t.id)).toEqual(["task:0:2", "task:0:3", "task:0:1"]);
  });

  it("Urgent: by priority, then the oldest first (the most overdue at the top)", () => {
    const sorted = sortUrgent([
      task(1, 2, "x", { priority: "low" }),
      task(2, 30, "x", { priority: "medium" }),
      task(3, 5, "x", { priority: "high" }),
      task(4, 12, "x", { priority: "high" }),
      task(5, 8, "x", { priority: "medium" }),
    ]);
    expect(sorted.map((t) => t.orderId)).toEqual([4, 3, 2, 5, 1]);
  });

  it("alerts by priority, then most recent first", () => {
    const sorted = sortAlerts([
      alert(1, "low", "2025-01-03T00:00:00Z"),
      alert(2, "high", "2025-01-01T00:00:00Z"),
      alert(3, "medium", "2025-01-02T00:00:00Z"),
      alert(4, "high", "2025-01-02T00:00:00Z"),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(["note:4", "note:2", "note:3", "note:1"]);
  });
});

describe("Clear completed", () => {
  it("removes read alerts and tasks whose order is delivered, released or cancelled", () => {
    const result = clearCompleted({
      tasks: [task(1, 1), task(2, 1, "1. Delivered/Released"), task(3, 1, "01. Released"), task(4, 1, "CANCELLED"), task(5, 1, "Out for Delivery")],
      alerts: [alert(1, "high", "2025-01-01T00:00:00Z", true), alert(2, "low", "2025-01-01T00:00:00Z", false)],
    });
    expect(result.tasks.map((t) => t.id)).toEqual(["task:0:1", "task:0:5"]);
    expect(result.alerts.map((a) => a.id)).toEqual(["note:2"]);
  });

  it("a floor task whose work is done is completed too (picked, captured, delivered)", () => {
    expect(isCompletedTask(task(1, 1, "Picking", { kind: "pick", done: true }))).toBe(true);
    expect(isCompletedTask(task(1, 1, "Picking", { kind: "pick" }))).toBe(false);
    expect(clearCompleted({ tasks: [task(1, 1, "Picked", { done: true }), task(2, 1, "Picking")], alerts: [] }).tasks.map((t) => t.orderId)).toEqual([2]);
  });
});

describe("read state", () => {
  it("mark all read and unread count", () => {
    const data = { tasks: [task(1, 1), task(2, 2, "x", { read: true })], alerts: [alert(1, "low", "2025-01-01T00:00:00Z")] };
    expect(unreadCount(data)).toBe(2);
    expect(unreadCount({ tasks: markAllRead(data.tasks), alerts: markAllRead(data.alerts) })).toBe(0);
  });

  it("Urgent holds actionable tasks only", () => {
    expect(urgentTasks([task(1, 1, "x", { actionable: true }), task(2, 1)]).map((t) => t.id)).toEqual(["task:0:1"]);
  });
});

describe("connection error and links", () => {
  it("a failed poll becomes a high-priority system alert with the spec's texts", () => {
    expect(connectionErrorAlert(new Date("2025-01-01T00:00:00Z"))).toMatchObject({
      title: "Connection Error",
      message: "Failed to load order data. Please check your connection.",
      priority: "high",
      category: "system",
      type: "error",
      read: false,
    });
  });

  it("a task opens Order Tracking searched by its order number", () => {
    expect(orderTrackingHref("SO 10/2")).toBe("/order-tracking?searchBy=orderNumber&search=SO%2010%2F2");
  });

  it("polls with spec 000's call every 5 minutes", () => {
    expect(TASK_POLL_URL).toBe("/api/order-trackers?page=1&limit=500");
    expect(TASK_POLL_MS).toBe(300_000);
  });
});

describe("tab counts", () => {
  it.each<[number, string]>([
    [0, "0"],
    [-3, "0"],
    [7, "7"],
    [420, "420"],
    [4210, "4,210"],
    [9999, "9,999"],
    [20388, "20K"],
    [1_250_000, "1M"],
  ])("%i → %s (true counts, compact past 9,999)", (n, text) => {
    expect(tabCountText(n)).toBe(text);
  });
});

describe("sales-rep filter", () => {
  it.each<[string, string, boolean]>([
    ["Sam Sales", "Sam Sales", true],
    ["sam", "Sam Sales", true],
    ["SAM S.", "Sam Sales", true],
    ["Samuel", "Sam Sales", true], // alias, both ways round
    ["Mike T", "Michael Torres", true],
    ["Michael", "Mike Torres", true],
    ["Bob", "Robert Chen", true],
    ["Samantha", "Sam Sales", false],
    ["Alice Admin", "Sam Sales", false],
    ["", "Sam Sales", false],
    ["Orders by M. Torres", "Michael Torres", false],
  ])("createdBy %j vs user %j → %s", (createdBy, name, expected) => {
    expect(createdByMatches(createdBy, { name })).toBe(expected);
  });

  it("matches the e-mail local part too", () => {
    expect(createdByMatches("jdoe", { name: "Jane Doe", email: "jdoe@goldengrain.test" })).toBe(true);
  });

  it("keeps the rep's own names, or null (show all) when nothing matches", () => {
    expect(salesRepNames(["Sam", "Alice", "Samuel K"], { name: "Sam Sales" })).toEqual(["Sam", "Samuel K"]);
    expect(salesRepNames(["Alice", "Bob"], { name: "Sam Sales" })).toBeNull();
  });
});
