// Task generation (spec 000 section 4, 'Task generation'): every row and threshold of the table.
import { describe, expect, it } from "vitest";
import { buildTask, buildTasks, daysSinceOrder, isDeliveredOrReleased, isPaymentIssue, statusKind, type OrderForTask } from "~/domain/tasks/rules";

const now = new Date("2025-06-30T15:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000 - 3_600_000).toISOString();

function order(status: string, days: number, payment = "Paid: Check"): OrderForTask {
  return { id: 7, orderNumber: "SO-7", orderStatus: status, paymentStatus: payment, customerName: "Jade Garden Market", orderDate: daysAgo(days), createdBy: "Sam Sales" };
}

type Row = [status: string, days: number, title: string, type: string, priority: string, actionable: boolean];

describe("Received", () => {
  it.each<Row>([
    ["5. Received", 0, "Ready to Process", "info", "low", true],
    ["5. Received", 4, "Ready to Process", "info", "low", true],
    ["5. Received", 5, "Urgent: Process Order", "warning", "medium", true],
    ["5. Received", 9, "Urgent: Process Order", "warning", "medium", true],
    ["5. Received", 10, "Urgent: Process Order", "warning", "high", true],
    ["Received", 30, "Urgent: Process Order", "warning", "high", true],
  ])("%s at %i days → %s / %s / %s / actionable %s", (status, days, title, type, priority, actionable) => {
    expect(buildTask(order(status, days), now)).toMatchObject({ title, type, priority, actionable, category: "status_change" });
  });
});

describe("In Progress", () => {
  it.each<Row>([
    ["4. In Progress", 0, "In Progress", "info", "low", false],
    ["4. In Progress", 6, "In Progress", "info", "low", false],
    ["4. In Progress", 7, "Long Processing Time", "warning", "medium", true],
    ["4. In Progress", 9, "Long Processing Time", "warning", "medium", true],
    ["4. In Progress", 10, "Long Processing Time", "warning", "high", true],
    ["in progress", 12, "Long Processing Time", "warning", "high", true],
  ])("%s at %i days → %s / %s / %s / actionable %s", (status, days, title, type, priority, actionable) => {
    expect(buildTask(order(status, days), now)).toMatchObject({ title, type, priority, actionable });
  });
});

describe("Waiting for Truck/Pick Up", () => {
  it.each<Row>([
    ["3. Waiting for Truck/Pick Up", 0, "Awaiting Pickup", "info", "low", false],
    ["3. Waiting for Truck/Pick Up", 6, "Awaiting Pickup", "info", "low", false],
    ["3. Waiting for Truck/Pick Up", 7, "Delayed Pickup", "warning", "medium", true],
    ["3. Waiting for Truck/Pick Up", 13, "Delayed Pickup", "warning", "medium", true],
    ["3. Waiting for Truck/Pick Up", 14, "Delayed Pickup", "warning", "high", true],
  ])("%s at %i days → %s / %s / %s / actionable %s", (status, days, title, type, priority, actionable) => {
    expect(buildTask(order(status, days), now)).toMatchObject({ title, type, priority, actionable });
  });
});

describe("Shipped/Picked Up", () => {
  it.each<Row>([
    ["2. Shipped/Picked Up", 0, "Shipped", "info", "low", false],
    ["2. Shipped/Picked Up", 4, "Shipped", "info", "low", false],
    ["2. Shipped/Picked Up", 5, "Confirm Delivery", "warning", "medium", true],
    ["2. Shipped/Picked Up", 40, "Confirm Delivery", "warning", "medium", true],
  ])("%s at %i days → %s / %s / %s / actionable %s", (status, days, title, type, priority, actionable) => {
    expect(buildTask(order(status, days), now)).toMatchObject({ title, type, priority, actionable });
  });
});

describe("other statuses", () => {
  it.each<Row>([
    ["Pending Assignment", 0, "Pending", "info", "low", false],
    ["Pending Assignment", 2, "Pending", "info", "low", false],
    ["Pending Assignment", 3, "Needs Attention", "warning", "low", true],
    ["Picking", 6, "Needs Attention", "warning", "low", true],
    ["VL", 7, "Needs Attention", "warning", "medium", true],
    ["Out for Delivery", 20, "Needs Attention", "warning", "medium", true],
    ["", 1, "Pending", "info", "low", false],
  ])("%j at %i days → %s / %s / %s / actionable %s", (status, days, title, type, priority, actionable) => {
    expect(buildTask(order(status, days), now)).toMatchObject({ title, type, priority, actionable });
  });
});

describe("payment issues", () => {
  it.each<[payment: string, days: number, priority: string]>([
    ["CANCELLED", 0, "medium"],
    ["HOLD", 6, "medium"],
    ["Waiting for Payment", 7, "high"],
    ["New Customer- Check Pending", 30, "high"],
    ["hold", 1, "medium"],
  ])("%s at %i days → error / %s / always actionable", (payment, days, priority) => {
    const task = buildTask(order("4. In Progress", days, payment), now);
    expect(task).toMatchObject({ title: "Payment Issue - Action Required", type: "error", priority, actionable: true, category: "payment_issue" });
  });

  it.each(["Paid: Check", "N/A", "Payment Pending", "Cash On Delivery", ""])("%j is not a payment issue", (payment) => {
    expect(isPaymentIssue(payment)).toBe(false);
  });

  it("a cancelled order with a payment issue produces no task", () => {
    expect(buildTask(order("CANCELLED", 10, "HOLD"), now)).toBeNull();
  });

  it.each<[status: string, days: number, title: string]>([
    ["5. Received", 1, "Ready to Process"],
    ["4. In Progress", 8, "Long Processing Time"],
    ["Pending Payment", 4, "Needs Attention"],
  ])("for a viewer who may not see payment, %s at %i days with HOLD is the status row %s", (status, days, title) => {
    const task = buildTask(order(status, days, "HOLD"), now, { payment: false });
    expect(task).toMatchObject({ title, category: "status_change" });
  });

  it("a delivered order with a payment issue produces no task either", () => {
    expect(buildTask(order("1. Delivered/Released", 10, "HOLD"), now)).toBeNull();
  });
});

describe("orders that produce no task", () => {
  it.each(["CANCELLED", "Cancelled", "1. Delivered/Released", "01. Released", "Order Delivered", "Delivered", "Delivered/Complete", "Complete"])(
    "%s",
    (status) => {
      expect(buildTask(order(status, 20), now)).toBeNull();
    },
  );

  it("'Out for Delivery' is still open", () => {
    expect(isDeliveredOrReleased("Out for Delivery")).toBe(false);
  });
});

describe("status names", () => {
  it.each<[string, string]>([
    ["5. Received", "received"],
    ["4. In Progress", "in-progress"],
    ["3. Waiting for Truck/Pick Up", "waiting"],
    ["2. Shipped/Picked Up", "shipped"],
    ["1. Delivered/Released", "closed"],
    ["01. Released", "closed"],
    ["CANCELLED", "cancelled"],
    ["Pickup Pending", "other"],
  ])("%s → %s", (status, kind) => {
    expect(statusKind(status)).toBe(kind);
  });
});

describe("age and shape", () => {
  it.each<[string, number]>([
    [daysAgo(0), 0],
    [daysAgo(3), 3],
    [new Date(now.getTime() + 86_400_000 * 2).toISOString(), 0],
    ["2025-06-20", 10],
    ["garbage", 0],
  ])("daysSinceOrder(%s) → %i", (date, days) => {
    expect(daysSinceOrder(date, now)).toBe(days);
  });

  it("a task carries the order's fields and the sales rep", () => {
    expect(buildTask(order("5. Received", 2), now)).toMatchObject({
      kind: "order",
      orderId: 7,
      orderNumber: "SO-7",
      orderStatus: "5. Received",
      paymentStatus: "Paid: Check",
      customerName: "Jade Garden Market",
      salesRep: "Sam Sales",
      daysSinceOrder: 2,
    });
  });

  it("buildTasks keeps one task per open order and skips closed ones", () => {
    const list = buildTasks([order("5. Received", 1), { ...order("Delivered", 1), id: 8 }, { ...order("VL", 4), id: 9 }], now);
    expect(list.map((t) => t.orderId)).toEqual([7, 9]);
  });
});
