// Order Tracking business constants from spec 001 §4 and §9, shared by the screen and the server.

/** The ten order types, in the spec's order. */
export const ORDER_TYPES = [
  "Will Call",
  "Freight",
  "VA Delivery",
  "TX Delivery",
  "NY/NJ Delivery",
  "LAX Delivery",
  "SAC Delivery",
  "OAK Delivery",
  "SD Delivery",
  "CO Delivery",
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The eight '* Delivery' types (the "Delivery types" of §4 and a driver's default scope). */
export const DELIVERY_ORDER_TYPES: readonly string[] = ORDER_TYPES.filter((t) => t.endsWith(" Delivery"));

export const PAYMENT_OPTIONS = [
  "Cash On Delivery",
  "Payment Pending",
  "Invoice-To-Invoice",
  "Paid",
  "Net 30",
  "Cancelled",
] as const;

export const PAID_VARIANTS = [
  "Paid: Check",
  "Paid: Zelle",
  "Paid: Cash",
  "Paid: Bank Transfer",
  "Paid: Credit Card",
] as const;

export const PAYMENT_FALLBACK = "N/A";

export const TRUCKING_OPTIONS = [
  "American Logistics",
  "Estes",
  "RIST",
  "EDL",
  "Will Call",
  "Delivery Order",
  "Other",
] as const;

/** The search bar's field selector, in the spec's order (§9). */
export const SEARCH_FIELDS = [
  "customerOrOrder",
  "orderNumber",
  "customerName",
  "createdBy",
  "paymentStatus",
  "orderStatus",
  "orderType",
  "warehouseLocation",
  "warehouseAssignment",
  "truckingCompany",
  "orderDate",
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Columns the list can be sorted by (each backed by an index ending in the id). */
export const SORT_FIELDS = [
  "orderNumber",
  "customerName",
  "createdBy",
  "paymentStatus",
  "orderStatus",
  "orderType",
  "warehouseLocation",
  "truckingCompany",
  "orderDate",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Quick filters applied by clicking a KPI tile. */
export const QUICK_FILTERS = ["today", "awaitingTrucking", "notDelivered"] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export const PAGE_SIZE = 25;
/** Warehouse employees see up to 500 of their assigned orders on one page. */
export const WAREHOUSE_PAGE_SIZE = 500;
export const MAX_LIMIT = 500;

/** KPI tiles: key in the API response → label on the screen. */
export const KPI_NAMES = ["ordersToday", "awaitingTrucking", "notDelivered"] as const;
export type KpiName = (typeof KPI_NAMES)[number];
export const KPI_LABELS: Record<KpiName, string> = {
  ordersToday: "Orders Today",
  awaitingTrucking: "Awaiting Trucking",
  notDelivered: "Not Delivered",
};

/** The order statuses that mean the goods left (kept by the automated status, rule 1). */
export const DELIVERED_STATUSES = [
  "Order Delivered",
  "1. Delivered/Released",
  "Delivered",
  "Delivered/Complete",
  "2. Shipped/Picked Up",
  "Out for Delivery",
] as const;

/** Payment values (case-insensitive) that count as not yet paid (automated status, rule 2). */
export const PENDING_PAYMENT_KINDS = [
  "payment pending",
  "cash on delivery",
  "pay at delivery",
  "new customer check pending",
  "waiting for payment",
] as const;

/** Trucking values (case-insensitive) treated as unset (§5). */
export const UNSET_TRUCKING_VALUES = ["n/a", "not set", "none", "not applicable"] as const;

/** The final entry of the worker options list. */
export const ALL_WORKERS_LABEL = "ALL";

export const UPDATE_MESSAGES = {
  paymentRequired: "Payment must be set",
  orderTypeRequired: "Order type is required",
  assignmentRequired: "At least one warehouse assignment is needed",
  truckingRequired: "Trucking company is required",
  stale: "This order was changed by someone else. The latest values have been loaded.",
  notFound: "Order not found",
} as const;
