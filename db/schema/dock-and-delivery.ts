// The dock and the doorstep: warehouse captures, bills of lading and what the driver recorded at delivery.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { orders } from "./orders";

export type GeoPoint = { lat: number; lng: number; accuracy: number; source: "geolocation"; capturedAt: string };
export type DeliveredLine = { lineId: number; sku: string; ordered: number; delivered: number; reason: string | null };

export const warehouseCaptures = sqliteTable("warehouse_captures", {
  id: id(),
  orderId: integer("order_id").notNull().unique().references(() => orders.id, { onDelete: "cascade" }),
  signedByName: text("signed_by_name").notNull(),
  signatureKey: text("signature_key").notNull(),
  capturedBy: text("captured_by").notNull(),
  savedAt: text("saved_at").notNull(),
  version: version(),
});

export const bols = sqliteTable("bols", {
  id: id(),
  orderId: integer("order_id").notNull().unique().references(() => orders.id, { onDelete: "cascade" }),
  totalPackages: integer("total_packages"),
  totalPallets: integer("total_pallets"),
  netWeightLbs: integer("net_weight_lbs"),
  grossWeightLbs: integer("gross_weight_lbs"),
  comments: text("comments").notNull().default(""),
  instructions: text("instructions").notNull().default(""),
  placeOfDischarge: text("place_of_discharge").notNull().default("Hicksville, NY"),
  placeOfDelivery: text("place_of_delivery").notNull().default(""),
  chargeType: text("charge_type", { enum: ["Collect", "Prepaid"] }).notNull().default("Prepaid"),
  freightCarrier: text("freight_carrier").notNull().default(""),
  fileKey: text("file_key"),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const deliveryMeta = sqliteTable("delivery_meta", {
  orderId: integer("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
  outForDeliveryAt: text("out_for_delivery_at"),
  signedByName: text("signed_by_name"),
  signatureKey: text("signature_key"),
  deliveryDate: text("delivery_date"),
  deliveryWindow: text("delivery_window"),
  deliveryCompleteGeo: text("delivery_complete_geo", { mode: "json" }).$type<GeoPoint | null>(),
  deliveryCompletedAt: text("delivery_completed_at"),
  deliveryOrderKey: text("delivery_order_key"),
  driverEmail: text("driver_email"),
  /** Delivered quantity per order line at the door, with the reason for any shortfall (issue 8). */
  deliveredLines: text("delivered_lines", { mode: "json" }).$type<DeliveredLine[] | null>(),
  /** Cash on delivery: what the driver collected against what was due, in cents. */
  codCollectedCents: integer("cod_collected_cents"),
  codDueCents: integer("cod_due_cents"),
  /** The order status before completion set it, so Help's revert can put it back. */
  statusBeforeCompletion: text("status_before_completion"),
  completedBy: text("completed_by"),
  updatedAt: updatedAt(),
  version: version(),
});
