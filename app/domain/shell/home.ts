// The home page's KPI tiles: which tiles a viewer gets and where each opens (Order Tracking with its quick filter).
import type { QuickFilter } from "~/domain/orders/constants";
import { countText } from "~/domain/plain-format";

export type HomeKpiValues = { ordersToday: number; awaitingTrucking: number | null; notDelivered: number; pendingReturns: number | null };
export type KpiTile = { id: string; label: string; value: number; to: string };

/** Order Tracking with a quick filter applied (the screen reads `quick` from the URL). */
export function quickFilterHref(quick: QuickFilter): string {
  return `/order-tracking?quick=${quick}`;
}

/**
 * The tiles in the spec's order. A count that is null is one the viewer may not have (awaiting trucking for
 * those who may not see trucking, pending returns without `returns:view`): no tile rather than a hidden count.
 */
export function homeKpiTiles(kpis: HomeKpiValues): KpiTile[] {
  const tiles: Array<Omit<KpiTile, "value"> & { value: number | null }> = [
    { id: "orders-today", label: "Orders Today", value: kpis.ordersToday, to: quickFilterHref("today") },
    { id: "awaiting-trucking", label: "Awaiting Trucking", value: kpis.awaitingTrucking, to: quickFilterHref("awaitingTrucking") },
    { id: "not-delivered", label: "Not Delivered", value: kpis.notDelivered, to: quickFilterHref("notDelivered") },
    { id: "pending-returns", label: "Pending Returns", value: kpis.pendingReturns, to: "/return-forms" },
  ];
  return tiles.flatMap((t) => (t.value === null ? [] : [{ ...t, value: t.value }]));
}

/** '3 lines · 42 units' (singular and plural). */
export function pickSizeText(lines: number, units: number): string {
  const part = (n: number, one: string) => `${countText(n)} ${one}${n === 1 ? "" : "s"}`;
  return `${part(lines, "line")} · ${part(units, "unit")}`;
}

/** How long an order has waited, in the floor's words: 'Today', '1 day', '12 days'. */
export function waitedText(days: number): string {
  if (days <= 0) return "Today";
  return `${days} day${days === 1 ? "" : "s"}`;
}

// The floor cards of the home page: built by home.server.ts, shown by components/shell/home.
export type PickItem = {
  orderId: number;
  orderNumber: string;
  customerName: string;
  orderStatus: string;
  orderType: string;
  orderDate: string;
  daysSinceOrder: number;
  lines: number;
  units: number;
  /** Begin Picking: the picking screen for this order. */
  href: string;
};
export type PickWork = { total: number; items: PickItem[] };

export type DeliveryStop = {
  orderId: number;
  orderNumber: string;
  customerName: string;
  orderStatus: string;
  orderType: string;
  warehouseLocation: string;
  addressLines: string[];
  mapsUrl: string | null;
  /** On the truck (Out for Delivery, Shipped/Picked Up), or picked and ready to load. */
  onTruck: boolean;
  /** Cash to collect; only for viewers who see payment. */
  cashOnDelivery: boolean;
  daysSinceOrder: number;
  /** The order in Order Tracking, which opens the delivery wizard for a driver. */
  href: string;
};
/** A stop of the driver's planned route for today (issue 24): its number, and what it needs at the door. */
export type RouteStopView = DeliveryStop & {
  stopNumber: number;
  done: boolean;
  /** Cash to collect, in cents; null when none (or the viewer does not see payment). */
  codDueCents: number | null;
  /** The proof the order type requires: 'Receiver name', 'Signature', 'Photo', 'COD photo'. */
  proofNeeded: string[];
};
/**
 * `route`: today's planned stops for this driver, in order (done ones included); `items`: the open deliveries
 * in scope that are on no route of theirs today (overdue or unplanned), shown apart.
 */
export type DeliveryWork = { total: number; deliveredToday: number; items: DeliveryStop[]; route?: RouteStopView[] };
