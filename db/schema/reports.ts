// Warehouse reports: stock transfer and devanning reports.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, jsonList, version } from "./columns";

export type StockTransferItem = { itemSku: string; itemDescription: string; quantity: number; damaged: "yes" | "no"; damagedQuantity?: number };
export type ReportPhoto = { key: string; filename: string; originalName: string; size: number };

export const stockTransferReports = sqliteTable(
  "stock_transfer_reports",
  {
    id: id(),
    dateReceived: text("date_received").notNull(),
    transferReference: text("transfer_reference").notNull(),
    receivingLocation: text("receiving_location").notNull(),
    transferFrom: text("transfer_from").notNull(),
    receivedBy: text("received_by").notNull(),
    items: jsonList<StockTransferItem>("items"),
    productCondition: text("product_condition", { enum: ["excellent", "acceptable", "damaged"] }).notNull(),
    notesComments: text("notes_comments").notNull().default(""),
    signatureType: text("signature_type", { enum: ["draw", "type"] }).notNull(),
    signatureKey: text("signature_key"),
    signatureTyped: text("signature_typed"),
    photos: jsonList<ReportPhoto>("photos"),
    status: text("status", { enum: ["submitted", "reviewed", "approved", "rejected"] }).notNull().default("submitted"),
    submittedAt: text("submitted_at").notNull(),
    submittedBy: text("submitted_by").notNull().default(""),
    version: version(),
  },
  (t) => [index("str_submitted_idx").on(t.submittedAt), index("str_location_idx").on(t.receivingLocation, t.submittedAt)],
);

export const devanningReports = sqliteTable(
  "devanning_reports",
  {
    id: id(),
    containerNumber: text("container_number").notNull(),
    cargoDetails: text("cargo_details", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    warehouseInfo: text("warehouse_info", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    totalsCalculation: text("totals_calculation", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    containerInfo: text("container_info", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    inventoryDetails: text("inventory_details", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    environmentalCheck: text("environmental_check", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    photos: text("photos", { mode: "json" }).$type<Record<string, ReportPhoto[]>>().notNull(),
    status: text("status", { enum: ["pending", "reviewed", "approved", "rejected"] }).notNull().default("pending"),
    submittedAt: text("submitted_at").notNull(),
    submittedBy: text("submitted_by").notNull().default(""),
    reviewedBy: text("reviewed_by"),
    reviewedAt: text("reviewed_at"),
    managementSign: text("management_sign"),
    notes: text("notes").notNull().default(""),
    version: version(),
  },
  (t) => [index("devanning_submitted_idx").on(t.submittedAt), index("devanning_container_idx").on(t.containerNumber)],
);
