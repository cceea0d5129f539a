// Today's route for the seeded driver (issue 24), so a newcomer opening the driver's Home sees a planned day:
// up to 7 of his open deliveries in route order, planned by logistics, and map points for the warehouses and his
// open deliveries so 'sort by distance from the warehouse' has something to sort. The order points are
// synthetic (no geocoder runs in the seed): spread around the warehouse, fixed per order id.
import { easternDay } from "../../app/domain/delivery/rules";
import { DELIVERY_ORDER_TYPES } from "../../app/domain/orders/constants";
import { floorStage, routeOrder } from "../../app/domain/tasks/floor";
import type * as s from "../schema";

/** The warehouses' real places: Hicksville NY, Edison NJ, Orlando FL. */
export const WAREHOUSE_POINTS: Record<string, { lat: number; lng: number }> = {
  "NY-MAIN": { lat: 40.7684, lng: -73.5251 },
  "NJ-WH": { lat: 40.5187, lng: -74.4121 },
  "FL-DIST": { lat: 28.5383, lng: -81.3792 },
};

export const SEEDED_ROUTE_STOPS = 7;

export type RouteCandidate = {
  id: number;
  orderNumber: string;
  orderType: string;
  orderStatus: string;
  warehouseLocation: string;
  addressLines: string[];
  deliveryCompletedAt: string | null;
};

/** A fixed point 2-25 km from the order's warehouse, from its id (the same id gives the same point). */
function syntheticPoint(orderId: number, warehouse: { lat: number; lng: number }) {
  const angle = ((orderId * 137.508) % 360) * (Math.PI / 180);
  const km = 2 + ((orderId * 7919) % 230) / 10;
  return { lat: warehouse.lat + (km / 111) * Math.sin(angle), lng: warehouse.lng + (km / (111 * Math.cos((warehouse.lat * Math.PI) / 180))) * Math.cos(angle) };
}

/** The driver's open deliveries in his scope, the first SEEDED_ROUTE_STOPS in route order planned for today. */
export function buildDriverRoute(
  candidates: readonly RouteCandidate[],
  driver: { id: number; locationIds: readonly string[]; orderTypes: readonly string[] },
  plannerEmail: string,
  nowMs: number,
): { stops: (typeof s.routeStops.$inferInsert)[]; points: (typeof s.geoPoints.$inferInsert)[] } {
  const at = new Date(nowMs - 60 * 60 * 1000).toISOString();
  const types = driver.orderTypes.length ? driver.orderTypes : DELIVERY_ORDER_TYPES;
  const open = candidates.filter(
    (o) =>
      !o.deliveryCompletedAt &&
      driver.locationIds.includes(o.warehouseLocation) &&
      types.includes(o.orderType) &&
      ["picked", "on-truck"].includes(floorStage(o.orderStatus)),
  );
  // At most 7, and never more than half of them, so a small seed still has open deliveries shown apart.
  const planned = routeOrder(open).slice(0, Math.min(SEEDED_ROUTE_STOPS, Math.floor(open.length / 2)));
  const date = easternDay(new Date(nowMs));
  const points = [
    ...Object.entries(WAREHOUSE_POINTS).map(([id, p]) => ({ subject: `location:${id}`, ...p, updatedAt: at })),
    ...open
      .filter((o) => WAREHOUSE_POINTS[o.warehouseLocation])
      .map((o) => ({ subject: `order:${o.id}`, ...syntheticPoint(o.id, WAREHOUSE_POINTS[o.warehouseLocation]!), updatedAt: at })),
  ];
  return {
    stops: planned.map((o, i) => ({ date, driverId: driver.id, orderId: o.id, position: i + 1, plannedBy: plannerEmail, plannedAt: at })),
    points,
  };
}
