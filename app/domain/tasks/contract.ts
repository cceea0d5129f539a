// The Task Center's contract (spec 000 §4): GET /api/tasks (the whole panel or one more page of a tab) and the
// two writes the bell sends, as zod/mini schemas. Client-safe: the service and route answer these types, the
// integration tests parse the real answers with them, and the bell reads through them (app/lib/api-client.ts).
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

export const TASK_TABS = ["urgent", "tasks", "alerts"] as const;

const TaskTypeSchema = z.enum(["error", "warning", "success", "info"]);
const TaskPrioritySchema = z.enum(["high", "medium", "low"]);
const TaskCategorySchema = z.enum(["system", "payment_issue", "status_change"]);
const TaskKindSchema = z.enum(["order", "pick", "check", "delivery"]);

const itemBase = {
  /** 'task:{block}:{orderId}' or 'note:{id}': also the key of the viewer's read state (layout.ts). */
  id: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  type: TaskTypeSchema,
  title: z.string(),
  message: z.string(),
  priority: TaskPrioritySchema,
  category: TaskCategorySchema,
  orderNumber: z.nullable(z.string()),
  orderId: z.nullable(z.number()),
};

export const TaskItemSchema = z.object({
  ...itemBase,
  isTask: z.literal(true),
  kind: TaskKindSchema,
  /** The screen the task opens (taskHref): always one the viewer may open. */
  href: z.string(),
  /** The work was done since the list was built (order closed, pick completed, delivery made). */
  done: z.boolean(),
  actionable: z.boolean(),
  orderStatus: z.string(),
  /** Absent for viewers who may not see payment (docs/decisions/010-field-visibility.md). */
  paymentStatus: z.optional(z.string()),
  customerName: z.string(),
  daysSinceOrder: z.number(),
  orderDate: z.string(),
  salesRep: z.string(),
});

export const AlertItemSchema = z.object({
  ...itemBase,
  isTask: z.literal(false),
  /** A short-lived link to an attached photo (help requests), when there is one. */
  attachmentUrl: z.optional(z.nullable(z.string())),
});

const TaskCountsSchema = z.object({ urgent: z.number(), tasks: z.number(), alerts: z.number() });

/** GET /api/tasks: the viewer's whole panel, a page per tab, with true counts. */
export const TaskCenterSchema = z.object({
  /** Actionable tasks, most urgent first (priority, then age). */
  urgent: z.array(TaskItemSchema),
  /** Every task, days since order ascending (spec 000 §4). */
  tasks: z.array(TaskItemSchema),
  alerts: z.array(AlertItemSchema),
  /** The whole size of each tab, counted in SQL: the lists themselves come a page at a time. */
  counts: TaskCountsSchema,
  /** Unread tasks and alerts. */
  unread: z.number(),
  /** When the cron last built the lists (null before the first build). */
  builtAt: z.nullable(z.string()),
  pageSize: z.number(),
});
export const TaskCenterAnswer = answer(TaskCenterSchema);

/** GET /api/tasks?tab=&page=: one more page of a tab. */
export const TaskPageSchema = z.object({
  tab: z.enum(TASK_TABS),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(z.union([TaskItemSchema, AlertItemSchema])),
});
export const TaskPageAnswer = answer(TaskPageSchema);

/** POST /api/tasks/read-all {ids?} and /api/tasks/clear-completed {target?}: the bell does not read their answers. */
export const ReadAllRequest = z.object({ ids: z.optional(z.array(z.string())) });
export const ClearCompletedRequest = z.object({ target: z.optional(z.enum(["all", "tasks", "alerts"])) });

export type TaskItem = z.output<typeof TaskItemSchema>;
export type AlertItem = z.output<typeof AlertItemSchema>;
export type TaskTab = (typeof TASK_TABS)[number];
export type TaskCounts = z.output<typeof TaskCountsSchema>;
export type TaskCenterData = z.output<typeof TaskCenterSchema>;
/** The bell's figures alone, as the signed-in layout's loader gives them to the first HTML. */
export type TaskBadge = Pick<TaskCenterData, "counts" | "unread">;
export type TaskPage = z.output<typeof TaskPageSchema>;
