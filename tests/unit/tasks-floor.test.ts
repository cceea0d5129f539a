// The floor's tasks with a fixed clock: stages by status, a picker's picks and checks, a driver's deliveries,
// who gets which kind, what each opens, when it is done, and a driver's stops in route order.
import { describe, expect, it } from "vitest";
import type { Grant } from "~/domain/access/roles";
import { ROLE_DEFINITIONS } from "~/domain/access/roles";
import {
  checkTask,
  deliveryTask,
  FLOOR_TITLES,
  floorStage,
  floorTask,
  floorTaskKinds,
  isTaskDone,
  orderOpenHref,
  pickTask,
  postalCode,
  routeOrder,
  taskHref,
  taskKindOf,
  TASK_KIND_GRANTS,
  type FloorOrder,
  type FloorStage,
} from "~/domain/tasks/floor";
import { buildTask } from "~/domain/tasks/rules";

const now = new Date("2025-06-30T15:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000 - 3_600_000).toISOString();

function order(status: string, days: number, extra: Partial<FloorOrder> = {}): FloorOrder {
  return {
    id: 7,
    orderNumber: "SO-7",
    orderStatus: status,
    paymentStatus: "Net 30",
    customerName: "Jade Garden Market",
    orderDate: daysAgo(days),
    createdBy: "Sam Sales",
    orderType: "NY/NJ Delivery",
    pickCompletedAt: null,
    captured: false,
    deliveryCompletedAt: null,
    ...extra,
  };
}

describe("floorStage", () => {
  it.each<[string, FloorStage]>([
    ["Pending Assignment", "to-pick"],
    ["Picking", "to-pick"],
    ["5. Received", "to-pick"],
    ["4. In Progress", "to-pick"],
    ["Picked", "picked"],
    ["Pending BL", "picked"],
    ["Pickup Pending", "picked"],
    ["3. Waiting for Truck/Pick Up", "picked"],
    ["Out for Delivery", "on-truck"],
    ["2. Shipped/Picked Up", "on-truck"],
    ["1. Delivered/Released", "closed"],
    ["01. Released", "closed"],
    ["Order Delivered", "closed"],
    ["Delivered/Complete", "closed"],
    ["Complete", "closed"],
    ["CANCELLED", "closed"],
    ["Cancelled", "closed"],
    ["Pending Payment", "held"],
    ["VL", "held"],
    ["", "held"],
  ])("%j → %s", (status, stage) => {
    expect(floorStage(status)).toBe(stage);
  });
});

type Row = [status: string, days: number, extra: Partial<FloorOrder>, title: string | null, priority?: string];

describe("pick tasks: assigned and not picked yet", () => {
  it.each<Row>([
    ["Picking", 0, {}, "Pick Order", "low"],
    ["5. Received", 1, {}, "Pick Order", "medium"],
    ["Pending Assignment", 2, {}, "Overdue Pick", "high"],
    ["4. In Progress", 12, {}, "Overdue Pick", "high"],
    ["Picking", 3, { pickCompletedAt: "2025-06-29T10:00:00Z" }, null],
    ["Picked", 0, {}, null],
    ["Pending Payment", 5, {}, null],
    ["CANCELLED", 5, {}, null],
  ])("%s at %i days %j → %s %s", (status, days, extra, title, priority) => {
    const task = pickTask(order(status, days, extra), now);
    if (title === null) return expect(task).toBeNull();
    expect(task).toMatchObject({ kind: "pick", title, priority, actionable: true, category: "status_change", daysSinceOrder: days });
  });
});

describe("check tasks: picked, to check against the order and hand over", () => {
  it.each<Row>([
    ["Picked", 0, {}, "Check and Capture", "low"],
    ["Pickup Pending", 2, {}, "Check and Capture", "low"],
    ["3. Waiting for Truck/Pick Up", 3, {}, "Check and Capture", "medium"],
    ["Pending BL", 9, {}, "Check and Capture", "medium"],
    ["4. In Progress", 1, { pickCompletedAt: "2025-06-29T10:00:00Z" }, "Check and Capture", "low"],
    ["Picked", 1, { captured: true }, null],
    ["Picking", 1, {}, null],
    ["Out for Delivery", 1, {}, null],
    ["Delivered/Complete", 1, {}, null],
  ])("%s at %i days %j → %s %s", (status, days, extra, title, priority) => {
    const task = checkTask(order(status, days, extra), now);
    if (title === null) return expect(task).toBeNull();
    expect(task).toMatchObject({ kind: "check", title, priority, actionable: true });
  });
});

describe("delivery tasks: a delivery order ready to load or on the truck", () => {
  it.each<Row>([
    ["Out for Delivery", 0, {}, "Complete Delivery", "high"],
    ["2. Shipped/Picked Up", 4, {}, "Complete Delivery", "high"],
    ["Picked", 0, {}, "Ready for Delivery", "low"],
    ["Pickup Pending", 1, {}, "Ready for Delivery", "low"],
    ["3. Waiting for Truck/Pick Up", 2, {}, "Ready for Delivery", "medium"],
    ["Out for Delivery", 0, { deliveryCompletedAt: "2025-06-30T12:00:00Z" }, null],
    ["Out for Delivery", 0, { orderType: "Will Call" }, null],
    ["Picked", 0, { orderType: "Freight" }, null],
    ["Picking", 0, {}, null],
    ["Delivered/Complete", 0, {}, null],
  ])("%s at %i days %j → %s %s", (status, days, extra, title, priority) => {
    const task = deliveryTask(order(status, days, extra), now);
    if (title === null) return expect(task).toBeNull();
    expect(task).toMatchObject({ kind: "delivery", title, priority, actionable: true });
  });

  it("a customer name that ends with a full stop does not get a second one", () => {
    const co = { customerName: "Harbor Fish & Rice Co." };
    expect(deliveryTask(order("Out for Delivery", 0, { ...co, paymentStatus: "Cash On Delivery" }), now)?.message).toBe("Deliver order SO-7 to Harbor Fish & Rice Co. Collect cash on delivery.");
    expect(pickTask(order("Picking", 0, co), now)?.message).toBe("Pick order SO-7 for Harbor Fish & Rice Co.");
  });

  it("says to collect cash on a cash-on-delivery order, only to a viewer who sees payment", () => {
    const cod = order("Out for Delivery", 0, { paymentStatus: "Cash On Delivery" });
    expect(deliveryTask(cod, now)?.message).toBe("Deliver order SO-7 to Jade Garden Market. Collect cash on delivery.");
    expect(deliveryTask(cod, now, { payment: false })?.message).toBe("Deliver order SO-7 to Jade Garden Market.");
  });
});

describe("who gets which kind of task", () => {
  const grants = (role: keyof typeof ROLE_DEFINITIONS): Grant[] => ROLE_DEFINITIONS[role].grants;

  it.each<[string, Grant[], string[]]>([
    ["warehouse employee", grants("warehouse-employee"), ["pick", "check"]],
    ["delivery driver", grants("delivery-driver"), ["delivery"]],
    ["a member who only sees orders", [{ key: "orders:view", scope: "location" }], ["order"]],
    ["a member with nothing", [{ key: "tasks:view", scope: "all" }], []],
  ])("%s → %j", (_who, g, kinds) => {
    expect(floorTaskKinds(g)).toEqual(kinds);
  });

  it("a driver never gets a payment or status task of the office table", () => {
    const kinds = floorTaskKinds(grants("delivery-driver"));
    for (const status of ["5. Received", "Pending Payment", "4. In Progress", "Picking"]) {
      expect(floorTask(order(status, 9, { paymentStatus: "HOLD" }), kinds, now, { payment: true })).toBeNull();
    }
  });

  it("one task per order: the first kind that applies", () => {
    expect(floorTask(order("Picked", 0), ["pick", "check", "delivery"], now, { payment: true })?.kind).toBe("check");
    expect(floorTask(order("Picked", 0), ["delivery", "check"], now, { payment: true })?.kind).toBe("delivery");
    expect(floorTask(order("Picking", 0), ["pick", "check"], now, { payment: true })?.kind).toBe("pick");
  });

  it("each kind needs the grants of its screen and of its work", () => {
    expect(TASK_KIND_GRANTS.pick.act).toEqual(["picklists:pick"]);
    expect(TASK_KIND_GRANTS.delivery).toEqual({ open: ["orders:view"], act: ["delivery:perform"] });
    expect(TASK_KIND_GRANTS.check.open).toContain("picklists:pick");
  });
});

describe("what a task opens and when it is done", () => {
  it.each<[Parameters<typeof taskHref>[0], string]>([
    ["order", "/order-tracking?searchBy=orderNumber&search=SO-100301"],
    ["pick", "/pick-list?order=SO-100301"],
    ["check", "/pick-list-check?order=SO-100301"],
    ["delivery", "/order-tracking#order-SO-100301"],
  ])("%s → %s", (kind, href) => {
    expect(taskHref(kind, "SO-100301")).toBe(href);
  });

  it("opens an order in Order Tracking by its hash", () => {
    expect(orderOpenHref("SO 1")).toBe("/order-tracking#order-SO%201");
  });

  it("every rule's title names its kind", () => {
    for (const [kind, titles] of Object.entries(FLOOR_TITLES)) for (const title of titles) expect(taskKindOf(title)).toBe(kind);
    for (const status of ["5. Received", "4. In Progress", "3. Waiting for Truck/Pick Up", "2. Shipped/Picked Up", "VL"]) {
      for (const days of [0, 5, 10, 20]) expect(taskKindOf(buildTask({ ...order(status, days), paymentStatus: "Net 30" }, now)!.title)).toBe("order");
    }
    expect(taskKindOf("Payment Issue - Action Required")).toBe("order");
  });

  const state = (orderStatus: string, extra: Partial<Parameters<typeof isTaskDone>[1]> = {}) => ({ orderStatus, pickCompletedAt: null, captured: false, deliveryCompletedAt: null, ...extra });
  it.each<[Parameters<typeof isTaskDone>[0], ReturnType<typeof state>, boolean]>([
    ["order", state("5. Received"), false],
    ["order", state("1. Delivered/Released"), true],
    ["order", state("CANCELLED"), true],
    ["pick", state("Picking"), false],
    ["pick", state("Picking", { pickCompletedAt: "2025-06-30T10:00:00Z" }), true],
    ["pick", state("Picked"), true],
    ["check", state("Picked"), false],
    ["check", state("Picked", { captured: true }), true],
    ["check", state("Out for Delivery"), true],
    ["delivery", state("Out for Delivery"), false],
    ["delivery", state("Out for Delivery", { deliveryCompletedAt: "2025-06-30T10:00:00Z" }), true],
    ["delivery", state("Delivered/Complete"), true],
  ])("%s with %j → done %s", (kind, s, done) => {
    expect(isTaskDone(kind, s)).toBe(done);
  });
});

describe("route order", () => {
  it.each<[string[], string | null]>([
    [["145 Mott St", "New York, NY 10013"], "10013"],
    [["38-12 Main St", "Flushing, NY 11354-1234"], "11354"],
    [["Warehouse 4", "Hicksville, NY 11801", "Dock B"], "11801"],
    [[], null],
    [["somewhere"], null],
  ])("postalCode(%j) → %s", (lines, zip) => {
    expect(postalCode(lines)).toBe(zip);
  });

  it("goes out from each warehouse through the postal codes in turn; stops without an address come last", () => {
    const stop = (orderNumber: string, warehouseLocation: string, addressLines: string[]) => ({ orderNumber, warehouseLocation, addressLines });
    const stops = [
      stop("SO-5", "NY-MAIN", []),
      stop("SO-1", "NY-MAIN", ["250 Old Country Rd", "Hicksville, NY 11801"]),
      stop("SO-2", "NJ-WH", ["321 Broad Ave", "Palisades Park, NJ 07650"]),
      stop("SO-3", "NY-MAIN", ["145 Mott St", "New York, NY 10013"]),
      stop("SO-4", "NY-MAIN", ["87 Bayard St", "New York, NY 10013"]),
    ];
    expect(routeOrder(stops).map((s) => s.orderNumber)).toEqual(["SO-2", "SO-3", "SO-4", "SO-1", "SO-5"]);
    expect(stops[0]!.orderNumber).toBe("SO-5"); // the input is not reordered
  });
});
