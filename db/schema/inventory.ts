// Products: inventory items, their stock per warehouse (issue 21) and their barcodes (issue 13).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { locations } from "./warehouses";

export const inventoryItems = sqliteTable(
  "inventory_items",
  {
    sku: text("sku").primaryKey(),
    productId: text("product_id").notNull(),
    description: text("description").notNull().default(""),
    /** Every warehouse together; once the company's system sends stock, the sum of `stock_levels` (issue 21). */
    quantityOnHand: integer("quantity_on_hand").notNull().default(0),
    /** Where the SKU is picked from: aisle-bay-level, e.g. 'A-03-2' (issue 13); null when not slotted. */
    bin: text("bin"),
    /** The company system that sent the product and its id there (issue 21). */
    sourceSystem: text("source_system"),
    sourceId: text("source_id"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("inventory_items_source_uq").on(t.sourceSystem, t.sourceId)],
);

/** Stock on hand per SKU and warehouse, as the company's inventory system reports it (issue 21). */
export const stockLevels = sqliteTable(
  "stock_levels",
  {
    sku: text("sku").notNull().references(() => inventoryItems.sku, { onDelete: "cascade", onUpdate: "cascade" }),
    locationId: text("location_id").notNull().references(() => locations.id, { onDelete: "cascade" }),
    quantityOnHand: integer("quantity_on_hand").notNull(),
    sourceSystem: text("source_system").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.locationId] }), index("stock_levels_location_idx").on(t.locationId)],
);

/**
 * A product's barcodes: what a scan on the picking screen matches. `code` as an admin entered it, `codeKey`
 * its match key (barcodeKey: the GTIN-14 of a UPC/EAN, else the text upper-cased), unique across products.
 * A unit code confirms one; a case code confirms `quantity`.
 */
export const productBarcodes = sqliteTable(
  "product_barcodes",
  {
    id: id(),
    sku: text("sku").notNull().references(() => inventoryItems.sku, { onDelete: "cascade", onUpdate: "cascade" }),
    code: text("code").notNull(),
    codeKey: text("code_key").notNull(),
    kind: text("kind", { enum: ["unit", "case"] }).notNull().default("unit"),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("product_barcodes_key_uq").on(t.codeKey), index("product_barcodes_sku_idx").on(t.sku)],
);
