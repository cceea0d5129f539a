// Shapes of the Order Tracking calls (spec 001 §7) as the screen reads them.
export type OrderRow = {
  _id: number | string;
  orderNumber: string;
  customerName: string;
  createdBy: string;
  paymentStatus: string;
  orderStatus: string;
  orderType: string;
  truckingCompany: string;
  warehouseLocation: string;
  warehouseAssignment: string[];
  notes: string;
  orderDate: string;
  updatedAt?: string | null;
  lastUpdatedAt?: string | null;
  deliveryCompletedAt?: string | null;
  hasDeliveryOrder?: boolean;
  address?: { lines: string[]; mapsUrl: string | null } | null;
  version: number;
};

export type Pagination = { page: number; pages: number; total: number };

/** awaitingTrucking is null for viewers who may not see trucking (the server does not count a hidden field). */
export type Kpis = { ordersToday: number; awaitingTrucking: number | null; notDelivered: number };

export type ListFilters = {
  paymentStatus: string;
  orderStatus: string;
  orderType: string;
  warehouseLocation: string;
  truckingCompany: string;
};

export type SortDir = "asc" | "desc";
export type Quick = "" | "today" | "awaitingTrucking" | "notDelivered";

export type ListQuery = {
  page: number;
  limit: number;
  search: string;
  searchBy: string;
  sort: string;
  dir: SortDir | "";
  quick: Quick;
  filters: ListFilters;
};

export type ListResult = { rows: OrderRow[]; pagination: Pagination; allowedOrderTypes: string[] | null };

export type HistoryChange = { field: string; before: unknown; after: unknown };
export type HistoryEntry = { id: number | string; at: string; actor: string; changes: HistoryChange[] };

export type LineImage = { thumbUrl?: string; smallUrl?: string; largeUrl?: string; originalUrl?: string };
export type SalesOrderLine = { lineItemId: string; sku: string; description: string; quantity: number; unitPrice: number; images: LineImage[] };

export type UpdateBody = {
  paymentStatus: string;
  orderType: string;
  truckingCompany?: string;
  warehouseAssignment: string[];
  notes: string;
  assignedBy: string;
  version: number;
};

/** What the page knows about the signed-in viewer (from the loader). */
export type OrdersViewer = {
  roleId: string | null;
  isAdmin: boolean;
  grants: string[];
  name: string;
  email: string;
};

export const EMPTY_FILTERS: ListFilters = { paymentStatus: "", orderStatus: "", orderType: "", warehouseLocation: "", truckingCompany: "" };
