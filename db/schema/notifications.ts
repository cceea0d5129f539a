// Messages and the Task Center: email routing and log, settings, notifications, tasks and announcements.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, jsonList, updatedAt } from "./columns";
import { users } from "./access";
import { orders } from "./orders";

export const emailRouting = sqliteTable("email_routing", {
  key: text("key").primaryKey(),
  enabled: bool("enabled").notNull().default(true),
  to: jsonList("to_addresses"),
  cc: jsonList("cc_addresses"),
  updatedAt: updatedAt(),
});

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export const emailLog = sqliteTable("email_log", {
  id: id(),
  providerId: text("provider_id"),
  to: jsonList("to_addresses"),
  cc: jsonList("cc_addresses"),
  subject: text("subject").notNull(),
  status: text("status", { enum: ["sent", "failed"] }).notNull(),
  error: text("error"),
  relatedType: text("related_type"),
  relatedId: text("related_id"),
  sentBy: text("sent_by"),
  createdAt: createdAt(),
});

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    // A notification goes to one user, or to everyone holding a grant (e.g. managers for a help request).
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    audienceGrant: text("audience_grant"),
    type: text("type", { enum: ["error", "warning", "success", "info"] }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: text("priority", { enum: ["high", "medium", "low"] }).notNull().default("medium"),
    category: text("category", { enum: ["system", "payment_issue", "status_change"] }).notNull().default("system"),
    orderNumber: text("order_number"),
    orderId: integer("order_id"),
    attachmentKey: text("attachment_key"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), index("notifications_grant_idx").on(t.audienceGrant, t.createdAt)],
);

export const notificationReads = sqliteTable(
  "notification_reads",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    readAt: text("read_at").notNull(),
    cleared: bool("cleared").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] })],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: ["error", "warning", "success", "info"] }).notNull(),
    priority: text("priority", { enum: ["high", "medium", "low"] }).notNull(),
    category: text("category", { enum: ["system", "payment_issue", "status_change"] }).notNull(),
    actionable: bool("actionable").notNull(),
    orderStatus: text("order_status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    customerName: text("customer_name").notNull(),
    salesRep: text("sales_rep").notNull(),
    orderDate: text("order_date").notNull(),
    daysSinceOrder: integer("days_since_order").notNull(),
    builtAt: text("built_at").notNull(),
  },
  (t) => [index("tasks_days_idx").on(t.daysSinceOrder), index("tasks_sales_rep_idx").on(t.salesRep)],
);

export const announcements = sqliteTable("announcements", {
  id: id(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  publishedAt: text("published_at").notNull(),
  createdBy: text("created_by"),
});
