// Orders and their lines, as Order Tracking, picking and delivery read them.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, jsonList, updatedAt, version } from "./columns";

export type ImageSet = { thumbUrl?: string; smallUrl?: string; mediumUrl?: string; mediumUncroppedUrl?: string; largeUrl?: string; originalUrl?: string };

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull(),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email"),
    createdBy: text("created_by").notNull().default(""),
    paymentStatus: text("payment_status").notNull().default("N/A"),
    orderStatus: text("order_status").notNull().default("Pending Assignment"),
    orderType: text("order_type").notNull().default(""),
    truckingCompany: text("trucking_company").notNull().default(""),
    warehouseLocation: text("warehouse_location").notNull().default(""),
    warehouseAssignment: jsonList("warehouse_assignment"),
    notes: text("notes").notNull().default(""),
    orderDate: text("order_date").notNull(),
    addressLines: jsonList("address_lines"),
    mapsUrl: text("maps_url"),
    hasDeliveryOrder: bool("has_delivery_order").notNull().default(false),
    deliveryCompletedAt: text("delivery_completed_at"),
    totalCents: integer("total_cents").notNull().default(0),
    lastUpdatedAt: text("last_updated_at"),
    /** The company system that sent the order and its id there (issue 21): a resend updates, never duplicates. */
    sourceSystem: text("source_system"),
    sourceId: text("source_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.orderNumber),
    uniqueIndex("orders_source_uq").on(t.sourceSystem, t.sourceId),
    index("orders_date_idx").on(t.orderDate, t.id),
    index("orders_customer_idx").on(t.customerName, t.id),
    index("orders_status_idx").on(t.orderStatus, t.id),
    index("orders_payment_idx").on(t.paymentStatus, t.id),
    index("orders_type_idx").on(t.orderType, t.id),
    index("orders_location_idx").on(t.warehouseLocation, t.id),
    index("orders_created_by_idx").on(t.createdBy, t.id),
    index("orders_trucking_idx").on(t.truckingCompany, t.id),
    // Case-insensitive exact/prefix search of Order Tracking (app/services/orders.server.ts), each followed
    // by the default sort (order date, id) so a filtered page is read in order off the index, no sort step.
    index("orders_customer_lc_date_idx").on(sql`lower(customer_name)`, t.orderDate, t.id),
    index("orders_created_by_lc_date_idx").on(sql`lower(created_by)`, t.orderDate, t.id),
    index("orders_payment_lc_date_idx").on(sql`lower(payment_status)`, t.orderDate, t.id),
    index("orders_status_lc_date_idx").on(sql`lower(order_status)`, t.orderDate, t.id),
    index("orders_type_lc_date_idx").on(sql`lower(order_type)`, t.orderDate, t.id),
    index("orders_location_lc_date_idx").on(sql`lower(warehouse_location)`, t.orderDate, t.id),
    index("orders_trucking_lc_date_idx").on(sql`lower(trucking_company)`, t.orderDate, t.id),
    // The Awaiting Trucking KPI (open status and unset trucking) counted off the index alone.
    index("orders_status_trucking_lc_idx").on(sql`lower(order_status)`, sql`lower(trucking_company)`),
    // A driver's open deliveries (app/services/home.server.ts, decision 044): his stages, types and warehouses
    // are index seeks, and the page's order date comes with them, so the count and the oldest candidates read
    // only the undelivered orders at those stages, not every order of his types.
    index("orders_to_deliver_idx")
      .on(sql`lower(order_status)`, t.orderType, t.warehouseLocation, t.orderDate)
      .where(sql`${t.deliveryCompletedAt} IS NULL`),
    // What a driver delivered today: today's range of completions, counted off the index alone.
    index("orders_delivered_idx").on(t.deliveryCompletedAt, t.orderType, t.warehouseLocation).where(sql`${t.deliveryCompletedAt} IS NOT NULL`),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    lineItemId: text("line_item_id").notNull(),
    productId: text("product_id").notNull().default(""),
    sku: text("sku").notNull(),
    description: text("description").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull().default(0),
    images: jsonList<ImageSet>("images"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId, t.position), uniqueIndex("order_lines_item_uq").on(t.orderId, t.lineItemId)],
);
