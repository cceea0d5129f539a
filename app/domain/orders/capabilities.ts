// What a viewer may do on Order Tracking, from grants and their scopes (never a role's name): computed once by
// the page loader and handed to the screen, which shows columns, filters, steps and row doors by it. Pure and
// client-safe; the services decide the same way (orderVisibility, orders:trucking).
import { grantScope, hasGrant, type GrantKey } from "~/domain/access/roles";
import { orderVisibility, type VisibilityViewer } from "~/domain/access/visibility";
import { PAGE_SIZE, WAREHOUSE_PAGE_SIZE } from "./constants";

/** What tapping a row opens: the order detail, Warehouse Capture or the delivery wizard (spec 001 §6). */
export type RowOpens = "detail" | "capture" | "delivery";

export type OrdersCan = {
  /** Payment status: column, filter, card badge, detail field (decision 010). */
  seePayment: boolean;
  /** Trucking company: column, filter, detail field. */
  seeTrucking: boolean;
  /** The Edit button (`orders:update`). */
  edit: boolean;
  /** The stepper's Trucking step (`orders:trucking`; the server strips anyone else's value). */
  editTrucking: boolean;
  /** Batch pick-list printing (`picklists:print`). */
  print: boolean;
  rowOpens: RowOpens;
  /** Rows per page: a picker's whole assignment list at once. */
  pageSize: number;
};

/**
 * Office staff (who may update orders) open the detail. Someone whose order work is on the floor opens
 * that work instead: capture for `warehouse:capture`, the delivery wizard for `delivery:perform`. An admin
 * holds every grant and is office staff.
 */
function rowOpensFor(viewer: VisibilityViewer, holds: (key: GrantKey) => boolean): RowOpens {
  if (viewer.isAdmin || holds("orders:update")) return "detail";
  if (holds("warehouse:capture")) return "capture";
  if (holds("delivery:perform")) return "delivery";
  return "detail";
}

export function ordersCan(viewer: VisibilityViewer): OrdersCan {
  const holds = (key: GrantKey) => viewer.isAdmin || hasGrant(viewer.grants, key);
  const visibility = orderVisibility(viewer);
  return {
    seePayment: visibility.payment,
    seeTrucking: visibility.trucking,
    edit: holds("orders:update"),
    editTrucking: holds("orders:trucking"),
    print: holds("picklists:print"),
    rowOpens: rowOpensFor(viewer, holds),
    // The same rule as the list's own default (resolveOrderScope): an assignment-scoped list is a picker's.
    pageSize: !viewer.isAdmin && grantScope(viewer.grants, "orders:view") === "assignment" ? WAREHOUSE_PAGE_SIZE : PAGE_SIZE,
  };
}
