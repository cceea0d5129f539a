// Order Tracking list rules (spec 001 §2, §6, §8, §9): columns by capability, sort cycle, five page buttons, KPI fallback, list URL.
import { describe, expect, it } from "vitest";
import { listUrl } from "~/components/orders/api";
import { columnsFor, hiddenFiltersFor, nextSort } from "~/components/orders/columns";
import { pageWindow } from "~/components/orders/pagination";
import { EMPTY_FILTERS, type ListQuery, type OrderRow } from "~/components/orders/types";
import { kpisFromRows } from "~/components/orders/use-order-list";
import { ROLE_DEFINITIONS, type RoleId } from "~/domain/access/roles";
import { ordersCan } from "~/domain/orders/capabilities";

describe("columns per seeded role (§6), by what the loader says each may see and do", () => {
  const can = (role: RoleId) => ordersCan({ kind: "user", isAdmin: ROLE_DEFINITIONS[role].isAdmin, grants: ROLE_DEFINITIONS[role].grants });
  const keys = (role: RoleId) => columnsFor(can(role)).map((c) => c.key);
  it.each<RoleId>(["admin", "logistics-manager", "sales-rep"])("%s sees payment, trucking and actions, no address", (role) => {
    expect(keys(role)).toEqual(expect.arrayContaining(["paymentStatus", "truckingCompany", "actions"]));
    expect(keys(role)).not.toContain("address");
    expect(hiddenFiltersFor(can(role))).toEqual([]);
  });
  it("a warehouse employee has no payment or trucking column or filter", () => {
    expect(keys("warehouse-employee")).not.toContain("paymentStatus");
    expect(keys("warehouse-employee")).not.toContain("truckingCompany");
    expect(hiddenFiltersFor(can("warehouse-employee"))).toEqual(["paymentStatus", "truckingCompany"]);
  });
  it("a driver has the address, no trucking and no actions", () => {
    expect(keys("delivery-driver")).toContain("address");
    expect(keys("delivery-driver")).not.toContain("truckingCompany");
    expect(keys("delivery-driver")).not.toContain("actions");
    expect(hiddenFiltersFor(can("delivery-driver"))).toEqual(["truckingCompany"]);
  });
});

describe("sort cycle none → asc → desc → none", () => {
  it.each<[{ sort: string; dir: "asc" | "desc" | "" }, string, { sort: string; dir: string }]>([
    [{ sort: "", dir: "" }, "orderDate", { sort: "orderDate", dir: "asc" }],
    [{ sort: "orderDate", dir: "asc" }, "orderDate", { sort: "orderDate", dir: "desc" }],
    [{ sort: "orderDate", dir: "desc" }, "orderDate", { sort: "", dir: "" }],
    [{ sort: "orderDate", dir: "desc" }, "customerName", { sort: "customerName", dir: "asc" }],
  ])("%j, click %s → %j", (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });
});

describe("five page buttons", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 16, [1, 2, 3, 4, 5]],
    [3, 16, [1, 2, 3, 4, 5]],
    [8, 16, [6, 7, 8, 9, 10]],
    [16, 16, [12, 13, 14, 15, 16]],
  ])("page %i of %i → %j", (page, pages, window) => {
    expect(pageWindow(page, pages)).toEqual(window);
  });
});

describe("KPI fallback from the loaded rows (§8)", () => {
  const row = (patch: Partial<OrderRow>): OrderRow => ({
    _id: "1", orderNumber: "SO-1", customerName: "", createdBy: "", paymentStatus: "", orderStatus: "Picking", orderType: "Freight",
    truckingCompany: "Estes", warehouseLocation: "NY-MAIN", warehouseAssignment: [], notes: "", orderDate: "2025-06-30", version: 1, ...patch,
  });
  it("counts today's orders, unset trucking and undelivered orders", () => {
    const rows = [
      row({}),
      row({ orderDate: "2025-06-29", truckingCompany: "N/A", orderStatus: "1. Delivered/Released" }),
      row({ orderDate: "2025-06-30T10:00:00Z", truckingCompany: "" }),
    ];
    expect(kpisFromRows(rows, "2025-06-30")).toEqual({ ordersToday: 2, awaitingTrucking: 2, notDelivered: 2 });
  });
});

describe("list URL (§7)", () => {
  const base: ListQuery = { page: 2, limit: 25, search: "", searchBy: "customerOrOrder", sort: "", dir: "", quick: "", filters: EMPTY_FILTERS };
  const params = (q: Partial<ListQuery>) => Object.fromEntries(new URL(listUrl({ ...base, ...q }), "http://x").searchParams);
  it("always sends page, limit and light=true, and only the set options", () => {
    expect(params({})).toEqual({ page: "2", limit: "25", light: "true" });
    expect(params({ search: " SO-100005 ", searchBy: "orderNumber", sort: "orderDate", dir: "desc", quick: "today", filters: { ...EMPTY_FILTERS, orderType: "Freight" } })).toEqual({
      page: "2", limit: "25", light: "true", search: "SO-100005", searchBy: "orderNumber", sort: "orderDate", dir: "desc", quick: "today", orderType: "Freight",
    });
  });
  it("waits for a whole day before searching by order date", () => {
    expect(params({ search: "2025-06", searchBy: "orderDate" }).search).toBeUndefined();
    expect(params({ search: "2025-06-30", searchBy: "orderDate" }).search).toBe("2025-06-30");
  });
});
