// Pick lists: their status and log, the short-pick reasons and what a short pick raised (issue 13).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt, version } from "./columns";
import { orders } from "./orders";

/** Why a line was picked short; admins manage the list. `action`: what a short with this reason raises. */
export const pickShortReasons = sqliteTable(
  "pick_short_reasons",
  {
    id: id(),
    label: text("label").notNull(),
    action: text("action", { enum: ["follow_up", "recount", "none"] }).notNull().default("none"),
    active: bool("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("pick_short_reasons_label_uq").on(sql`${t.label} COLLATE NOCASE`)],
);

/**
 * What a short pick raised, once: one row per order, line, reason and missing quantity (`key`, unique), so a
 * retried or repeated save never raises the follow-up, the recount or the sales rep's notice twice.
 */
export const pickShorts = sqliteTable(
  "pick_shorts",
  {
    id: id(),
    key: text("key").notNull(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    lineItemId: text("line_item_id").notNull(),
    sku: text("sku").notNull(),
    reason: text("reason").notNull(),
    action: text("action", { enum: ["follow_up", "recount", "none"] }).notNull(),
    missing: integer("missing").notNull(),
    createdBy: text("created_by").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pick_shorts_key_uq").on(t.key), index("pick_shorts_order_idx").on(t.orderId)],
);

export const pickListStatus = sqliteTable("pick_list_status", {
  orderId: integer("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
  hasReleaseOrder: bool("has_release_order").notNull().default(false),
  generatedAt: text("generated_at"),
  fileKey: text("file_key"),
  generatedBy: text("generated_by"),
  emailedAt: text("emailed_at"),
  emailEnabled: bool("email_enabled").notNull().default(true),
  completedAt: text("completed_at"),
  completedBy: text("completed_by"),
  version: version(),
});

export const pickListLogs = sqliteTable(
  "pick_list_logs",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    actor: text("actor").notNull().default("user"),
    at: text("at").notNull(),
  },
  (t) => [index("pick_list_logs_order_idx").on(t.orderNumber, t.at)],
);
