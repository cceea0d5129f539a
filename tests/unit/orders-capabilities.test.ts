// What Order Tracking offers each viewer, from grants (never a role name): the same result for every seeded
// role as the role checks it replaced, and by grant for a company's own roles.
import { describe, expect, it } from "vitest";
import { ROLE_DEFINITIONS, type Grant, type RoleId } from "~/domain/access/roles";
import { PAGE_SIZE, WAREHOUSE_PAGE_SIZE } from "~/domain/orders/constants";
import { ordersCan, type OrdersCan } from "~/domain/orders/capabilities";

const seeded = (role: RoleId) => ordersCan({ kind: "user", isAdmin: ROLE_DEFINITIONS[role].isAdmin, grants: ROLE_DEFINITIONS[role].grants });
const custom = (grants: Grant[]) => ordersCan({ kind: "user", isAdmin: false, grants });

describe("ordersCan for the seeded roles", () => {
  it.each<[RoleId, OrdersCan]>([
    ["admin", { seePayment: true, seeTrucking: true, edit: true, editTrucking: true, print: true, rowOpens: "detail", pageSize: PAGE_SIZE }],
    ["logistics-manager", { seePayment: true, seeTrucking: true, edit: true, editTrucking: true, print: true, rowOpens: "detail", pageSize: PAGE_SIZE }],
    ["sales-rep", { seePayment: true, seeTrucking: true, edit: true, editTrucking: false, print: true, rowOpens: "detail", pageSize: PAGE_SIZE }],
    ["warehouse-employee", { seePayment: false, seeTrucking: false, edit: false, editTrucking: false, print: false, rowOpens: "capture", pageSize: WAREHOUSE_PAGE_SIZE }],
    ["delivery-driver", { seePayment: true, seeTrucking: false, edit: false, editTrucking: false, print: false, rowOpens: "delivery", pageSize: PAGE_SIZE }],
  ])("%s", (role, expected) => {
    expect(seeded(role)).toEqual(expected);
  });
});

describe("ordersCan by grant, whatever the role is called", () => {
  it.each<[string, Grant[], Partial<OrdersCan>]>([
    ["office staff who also capture open the detail", [{ key: "orders:view", scope: "all" }, { key: "orders:update", scope: "all" }, { key: "warehouse:capture", scope: "all" }], { rowOpens: "detail", edit: true }],
    ["a courier role opens the delivery wizard", [{ key: "orders:view", scope: "location" }, { key: "delivery:perform", scope: "location" }], { rowOpens: "delivery", seeTrucking: false }],
    ["a picker role opens capture and gets the long page", [{ key: "orders:view", scope: "assignment" }, { key: "warehouse:capture", scope: "assignment" }], { rowOpens: "capture", pageSize: WAREHOUSE_PAGE_SIZE }],
    ["trucking is its own grant", [{ key: "orders:view", scope: "all" }, { key: "orders:update", scope: "all" }, { key: "orders:trucking", scope: "all" }], { editTrucking: true }],
    ["viewing alone opens the detail, read-only", [{ key: "orders:view", scope: "all" }], { rowOpens: "detail", edit: false, print: false }],
  ])("%s", (_name, grants, expected) => {
    expect(custom(grants)).toMatchObject(expected);
  });
});
