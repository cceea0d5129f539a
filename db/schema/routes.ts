// A driver's day as a route (issue 24): which driver takes which delivery on which day, in what order, and
// the map points 'sort by distance from the warehouse' reads (docs/decisions/042-driver-route.md).
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./access";
import { orders } from "./orders";

/**
 * One planned stop. `date` is the company's day (YYYY-MM-DD, America/New_York); an order is on at most one
 * route a day (the unique index is what refuses a second planner's copy). `position` counts from 1.
 */
export const routeStops = sqliteTable(
  "route_stops",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    driverId: integer("driver_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    plannedBy: text("planned_by").notNull(),
    plannedAt: text("planned_at").notNull(),
  },
  (t) => [
    uniqueIndex("route_stops_date_order_uq").on(t.date, t.orderId),
    index("route_stops_driver_date_idx").on(t.driverId, t.date, t.position),
  ],
);

/**
 * Where a place is on the map: `subject` is 'location:<id>' for a warehouse or 'order:<id>' for a delivery
 * address. Orders and locations carry no coordinates of their own, so they are kept here beside the route.
 */
export const geoPoints = sqliteTable("geo_points", {
  subject: text("subject").primaryKey(),
  lat: real("lat").notNull(),
  lng: real("lng").notNull(),
  updatedAt: text("updated_at").notNull(),
});
