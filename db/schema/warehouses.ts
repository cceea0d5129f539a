// Warehouses and the people who work in them: locations and warehouse workers.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, jsonList, updatedAt, version } from "./columns";

export const locations = sqliteTable("locations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  groups: jsonList("groups"),
  lastSynced: text("last_synced"),
  updatedAt: updatedAt(),
  version: version(),
});

export const warehouseWorkers = sqliteTable(
  "warehouse_workers",
  {
    id: id(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    role: text("role").notNull().default("Warehouse Staff"),
    locationIds: jsonList("location_ids"),
    orderTypes: jsonList("order_types"),
    active: bool("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index("workers_active_idx").on(t.active, t.name)],
);
