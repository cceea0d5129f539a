// Which list columns a role sees (spec 001 §6): warehouse employees lose payment and trucking; drivers gain
// the address and lose trucking and the actions column.
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

export function columnsFor(roleId: string | null | undefined): Column[] {
  const hidden = new Set<ColumnKey>();
  if (roleId === "warehouse-employee") hidden.add("paymentStatus").add("truckingCompany");
  // Drivers need the address and map more than the sales rep and pickers: those make room for it at 1280 px.
  if (roleId === "delivery-driver") hidden.add("truckingCompany").add("actions").add("createdBy").add("warehouseAssignment");
  else hidden.add("address");
  return ALL.filter((c) => !hidden.has(c.key));
}

/** Filters hidden from a role, matching its hidden columns. */
export function hiddenFiltersFor(roleId: string | null | undefined): Array<"paymentStatus" | "truckingCompany"> {
  if (roleId === "warehouse-employee") return ["paymentStatus", "truckingCompany"];
  if (roleId === "delivery-driver") return ["truckingCompany"];
  return [];
}

/** none → asc → desc → none. */
export function nextSort(current: { sort: string; dir: "asc" | "desc" | "" }, key: string): { sort: string; dir: "asc" | "desc" | "" } {
  if (current.sort !== key || !current.dir) return { sort: key, dir: "asc" };
  if (current.dir === "asc") return { sort: key, dir: "desc" };
  return { sort: "", dir: "" };
}
