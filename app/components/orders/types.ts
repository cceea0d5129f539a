// The Order Tracking screen's own shapes: the list query it builds, its filters and the viewer it is handed.
// The answers' shapes are the contract's (app/domain/orders/contract.ts); re-exported for the screens that import them here.
import type { HistoryEntry, Kpis, LineImage, ListResult, OrderRow, SalesOrderLine, UpdateBody } from "~/domain/orders/contract";

export type { HistoryEntry, Kpis, LineImage, ListResult, OrderRow, SalesOrderLine, UpdateBody };

export type Pagination = ListResult["pagination"];

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

/** Who the signed-in viewer is (from the loader), for the documents and balance cards that check grants themselves; what the screen shows is decided by the loader's OrdersCan. */
export type OrdersViewer = {
  isAdmin: boolean;
  grants: string[];
  name: string;
  email: string;
  /**
   * QuickBooks as the server saw it for this viewer (issue 24): whether it is connected, and whether this
   * viewer may connect it (a capability, not a role name). Null for viewers without customers:view.
   */
  quickBooks?: QuickBooksState | null;
};

export type QuickBooksState = { connected: boolean; canConnect: boolean };

export const EMPTY_FILTERS: ListFilters = { paymentStatus: "", orderStatus: "", orderType: "", warehouseLocation: "", truckingCompany: "" };
