// Which list columns and filters a viewer gets (spec 001 §6), from what the loader says they may see and do:
// no payment or trucking column for those who may not see them; a row that opens the delivery wizard gains
// the address and loses the actions column.
import type { OrdersCan } from "~/domain/orders/capabilities";

export type ColumnKey =
  | "orderNumber"
  | "customerName"
  | "createdBy"
  | "paymentStatus"
  | "orderStatus"
  | "orderType"
  | "truckingCompany"
  | "warehouseLocation"
  | "warehouseAssignment"
  | "orderDate"
  | "address"
  | "actions";

export type Column = { key: ColumnKey; label: string; sortable: boolean };

const ALL: Column[] = [
  { key: "orderNumber", label: "Order #", sortable: true },
  { key: "customerName", label: "Customer", sortable: true },
  { key: "createdBy", label: "Sales Rep", sortable: true },
  { key: "paymentStatus", label: "Payment", sortable: true },
  { key: "orderStatus", label: "Status", sortable: true },
  { key: "orderType", label: "Type", sortable: true },
  { key: "truckingCompany", label: "Trucking", sortable: true },
  { key: "warehouseLocation", label: "Location", sortable: true },
  { key: "warehouseAssignment", label: "Assigned", sortable: false },
  { key: "address", label: "Address", sortable: false },
  { key: "orderDate", label: "Order Date", sortable: true },
  { key: "actions", label: "Actions", sortable: false },
];

type ColumnCan = Pick<OrdersCan, "seePayment" | "seeTrucking" | "rowOpens">;

export function columnsFor(can: ColumnCan): Column[] {
  const hidden = new Set<ColumnKey>();
  if (!can.seePayment) hidden.add("paymentStatus");
  if (!can.seeTrucking) hidden.add("truckingCompany");
  // A driver needs the address and map more than the sales rep and pickers: those make room for it at 1280 px.
  if (can.rowOpens === "delivery") hidden.add("actions").add("createdBy").add("warehouseAssignment");
  else hidden.add("address");
  return ALL.filter((c) => !hidden.has(c.key));
}

/** Filters by fields the viewer may not see are not offered (the server would refuse them). */
export function hiddenFiltersFor(can: Pick<OrdersCan, "seePayment" | "seeTrucking">): Array<"paymentStatus" | "truckingCompany"> {
  const hidden: Array<"paymentStatus" | "truckingCompany"> = [];
  if (!can.seePayment) hidden.push("paymentStatus");
  if (!can.seeTrucking) hidden.push("truckingCompany");
  return hidden;
}

/** none → asc → desc → none. */
export function nextSort(current: { sort: string; dir: "asc" | "desc" | "" }, key: string): { sort: string; dir: "asc" | "desc" | "" } {
  if (current.sort !== key || !current.dir) return { sort: key, dir: "asc" };
  if (current.dir === "asc") return { sort: key, dir: "desc" };
  return { sort: "", dir: "" };
}
