// Task Center list rules: item shapes, sorting, 'Clear completed', the sales-rep filter, the bell badge and poll.
import { isOpenOrder } from "~/domain/orders/status";
import { PRIORITY_RANK } from "./layout";
import type { AlertItem, TaskItem } from "./contract";
import type { TaskKind } from "./rules";
import { countText } from "~/domain/plain-format";

// The item and panel shapes are the /api/tasks contract (./contract.ts): the service builds them, the bell reads them.
// Types only: a value from ./contract here would put zod in every page's first load (the bell imports this file).
export type { AlertItem, TaskBadge, TaskCenterData, TaskCounts, TaskItem, TaskPage, TaskTab } from "./contract";

export const TASK_PAGE_SIZE = 25;

/** Spec 000 §7 and §9: the Task Center polls every 5 minutes with this call (500 orders per fetch). */
export const TASK_POLL_MS = 300_000;
export const TASK_POLL_URL = "/api/order-trackers?page=1&limit=500";

export function noteKey(id: number): string {
  return `note:${id}`;
}

/** Urgent: high before medium before low, then the oldest first (ties by order number). */
export function sortUrgent<T extends Pick<TaskItem, "priority" | "daysSinceOrder" | "orderNumber">>(tasks: readonly T[]): T[] {
  return [...tasks].sort(
    (a, b) =>
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.daysSinceOrder - a.daysSinceOrder || (a.orderNumber ?? "").localeCompare(b.orderNumber ?? ""),
  );
}

/** Tasks: days since order ascending (ties by order number, so the list is stable). */
export function sortTasks<T extends Pick<TaskItem, "daysSinceOrder" | "orderNumber">>(tasks: readonly T[]): T[] {
  return [...tasks].sort(
    (a, b) => a.daysSinceOrder - b.daysSinceOrder || (a.orderNumber ?? "").localeCompare(b.orderNumber ?? ""),
  );
}

/** Alerts: high before medium before low, newest first within a priority. */
export function sortAlerts<T extends Pick<AlertItem, "priority" | "timestamp">>(alerts: readonly T[]): T[] {
  return [...alerts].sort(
    (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
}

export function urgentTasks<T extends Pick<TaskItem, "actionable">>(tasks: readonly T[]): T[] {
  return tasks.filter((t) => t.actionable);
}

/** Delivered, released or cancelled: the complement of Order Tracking's open order. */
export function isOrderFinished(orderStatus: string | null | undefined): boolean {
  return !isOpenOrder(orderStatus);
}

/** A completed task: its order is delivered, released or cancelled, or its floor work was done. */
export function isCompletedTask(task: Pick<TaskItem, "orderStatus"> & { done?: boolean }): boolean {
  return !!task.done || isOrderFinished(task.orderStatus);
}

/** 'Clear completed': drops read alerts and completed tasks (what the server clears, shown at once). */
export function clearCompleted<T extends Pick<TaskItem, "orderStatus"> & { done?: boolean }, A extends { read: boolean }>(data: {
  tasks: readonly T[];
  alerts: readonly A[];
}) {
  return {
    tasks: data.tasks.filter((t) => !isCompletedTask(t)),
    alerts: data.alerts.filter((a) => !a.read),
  };
}

export function markAllRead<T extends { read: boolean }>(items: readonly T[]): T[] {
  return items.map((i) => (i.read ? i : { ...i, read: true }));
}

export function unreadCount(data: { tasks: readonly { read: boolean }[]; alerts: readonly { read: boolean }[] }): number {
  return data.tasks.filter((t) => !t.read).length + data.alerts.filter((a) => !a.read).length;
}

/** The bell badge: nothing at zero, the number up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? "9+" : String(Math.floor(count));
}

/** The alert the panel adds when a refresh fails (spec 000 section 8). */
export function connectionErrorAlert(now: Date): AlertItem {
  return {
    id: "local:connection-error",
    isTask: false,
    timestamp: now.toISOString(),
    read: false,
    type: "error",
    title: "Connection Error",
    message: "Failed to load order data. Please check your connection.",
    priority: "high",
    category: "system",
    orderNumber: null,
    orderId: null,
  };
}

// ---------------------------------------------------------------- the sales-rep filter

/**
 * Nicknames our reps are entered under in orders' createdBy, both ways round. Fixed by the business,
 * extended here when a new rep's orders do not show up.
 */
export const NAME_ALIASES: Record<string, readonly string[]> = {
  alexander: ["alex"],
  anthony: ["tony"],
  christopher: ["chris"],
  daniel: ["dan", "danny"],
  elizabeth: ["liz", "beth"],
  james: ["jim", "jimmy"],
  jennifer: ["jen", "jenny"],
  jonathan: ["jon"],
  joseph: ["joe"],
  katherine: ["kate", "kathy"],
  margaret: ["maggie", "peggy"],
  matthew: ["matt"],
  michael: ["mike"],
  nicholas: ["nick"],
  patricia: ["pat", "patty"],
  richard: ["rick", "rich"],
  robert: ["rob", "bob", "bobby"],
  samuel: ["sam"],
  stephanie: ["steph"],
  steven: ["steve"],
  thomas: ["tom"],
  vincent: ["vince"],
  william: ["will", "bill"],
};

function words(value: string): string[] {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** A first name and every alias it is known by (an alias also leads back to the full name). */
export function nameVariants(first: string): Set<string> {
  const key = first.toLowerCase();
  const out = new Set([key]);
  for (const [full, aliases] of Object.entries(NAME_ALIASES)) {
    if (full === key || aliases.includes(key)) {
      out.add(full);
      for (const a of aliases) out.add(a);
    }
  }
  return out;
}

/**
 * Loose match of an order's createdBy to a user: the whole name appears, or createdBy starts with the
 * user's first name or one of its aliases, or it contains the user's e-mail local part.
 */
export function createdByMatches(createdBy: string, user: { name: string; email?: string | null }): boolean {
  const by = words(createdBy);
  const name = words(user.name);
  if (!by.length) return false;
  if (name.length > 1 && by.join(" ").includes(name.join(" "))) return true;
  if (name[0] && nameVariants(name[0]).has(by[0]!)) return true;
  const local = words((user.email ?? "").split("@")[0] ?? "").join("");
  return local.length >= 3 && by.join("").includes(local);
}

/** The createdBy values that are this rep's; null when none match, meaning the rep sees all tasks. */
export function salesRepNames(candidates: readonly string[], user: { name: string; email?: string | null }): string[] | null {
  const mine = candidates.filter((c) => createdByMatches(c, user));
  return mine.length ? mine : null;
}

// ---------------------------------------------------------------- the panel's words

/** A tab's count as the tab shows it: exact up to 9,999, then compact ('20K'); the exact figure is its label. */
export function tabCountText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "0";
  const n = Math.floor(count);
  return n < 10_000 ? countText(n) : new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 0 }).format(n);
}

/** What opening a task does, said on the task: the floor's tasks open their work. */
export const TASK_ACTION_LABELS: Record<TaskKind, string> = {
  order: "Open in Order Tracking",
  pick: "Begin Picking",
  check: "Open Pick List Check",
  delivery: "Open delivery",
};
