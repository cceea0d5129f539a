// Task Center list rules: item shapes, sorting, 'Clear completed', the sales-rep filter and the bell badge.
import { isOpenOrder } from "~/domain/orders/status";
import type { TaskCategory, TaskPriority, TaskType } from "./rules";

type ItemBase = {
  /** 'task:{id}' or 'note:{id}': also the key of the viewer's read/cleared state. */
  id: string;
  timestamp: string;
  read: boolean;
  type: TaskType;
  title: string;
  message: string;
  priority: TaskPriority;
  category: TaskCategory;
  orderNumber: string | null;
  orderId: number | null;
};

export type TaskItem = ItemBase & {
  isTask: true;
  actionable: boolean;
  orderStatus: string;
  /** Absent for viewers who may not see payment (docs/decisions/010-field-visibility.md). */
  paymentStatus?: string;
  customerName: string;
  daysSinceOrder: number;
  orderDate: string;
  salesRep: string;
};

export type AlertItem = ItemBase & {
  isTask: false;
  /** A short-lived link to an attached photo (help requests), when there is one. */
  attachmentUrl?: string | null;
};

export type TaskCenterData = { tasks: TaskItem[]; alerts: AlertItem[]; unread: number };

export const TASK_POLL_MS = 300_000;

export function taskKey(id: number): string {
  return `task:${id}`;
}

export function noteKey(id: number): string {
  return `note:${id}`;
}

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

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

/** 'Clear completed': drops read alerts and tasks whose order is delivered, released or cancelled. */
export function clearCompleted(data: { tasks: readonly TaskItem[]; alerts: readonly AlertItem[] }) {
  return {
    tasks: data.tasks.filter((t) => !isOrderFinished(t.orderStatus)),
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

export function orderTrackingHref(orderNumber: string): string {
  return `/order-tracking?searchBy=orderNumber&search=${encodeURIComponent(orderNumber)}`;
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
