// Spec 001 §4–§5 order rules: status options per type, the automated status, payment and trucking values.
import { describe, expect, it } from "vitest";
import { ORDER_TYPES, PAYMENT_OPTIONS, SEARCH_FIELDS } from "~/domain/orders/constants";
import {
  automatedStatus,
  isCancelled,
  isDeliveredOrReleased,
  isPaidValue,
  isPaymentIssue,
  isPaymentUnset,
  normalizeTrucking,
  statusOptions,
} from "~/domain/orders/status";

describe("constants", () => {
  it("lists the ten order types and eleven search fields in the spec's order", () => {
    expect(ORDER_TYPES).toHaveLength(10);
    expect(ORDER_TYPES[0]).toBe("Will Call");
    expect(SEARCH_FIELDS).toHaveLength(11);
    expect(SEARCH_FIELDS[0]).toBe("customerOrOrder");
    expect(SEARCH_FIELDS[10]).toBe("orderDate");
    expect(PAYMENT_OPTIONS).toContain("Invoice-To-Invoice");
  });
});

describe("statusOptions", () => {
  const base = ["Pending Assignment", "Picking", "Picked"];
  it.each([
    ["Freight", undefined, [...base, "Pending BL", "Pickup Pending", "Delivered", "Cancelled"]],
    ["Will Call", undefined, [...base, "Pickup Pending", "Complete", "Cancelled"]],
    ["NY/NJ Delivery", undefined, [...base, "Pickup Pending", "Out for Delivery", "Delivered/Complete", "Cancelled"]],
    ["CO Delivery", undefined, [...base, "Pickup Pending", "Out for Delivery", "Delivered/Complete", "Cancelled"]],
    ["", undefined, [...base, "Cancelled"]],
    ["Freight", "Picking", [...base, "Pending BL", "Pickup Pending", "Delivered", "Cancelled"]],
    ["Will Call", "1. Delivered/Released", [...base, "Pickup Pending", "Complete", "Cancelled", "1. Delivered/Released"]],
    ["Freight", "Out for Delivery", [...base, "Pending BL", "Pickup Pending", "Delivered", "Cancelled", "Out for Delivery"]],
  ])("%s with current %s", (type, current, expected) => {
    expect(statusOptions(type, current)).toEqual(expected);
  });
  it("every delivery type gets the delivery statuses", () => {
    for (const t of ORDER_TYPES.filter((t) => t.endsWith(" Delivery"))) expect(statusOptions(t)).toContain("Out for Delivery");
  });
});

describe("automatedStatus", () => {
  const assigned = ["Wendy Warehouse"];
  it.each([
    // rule 1: delivered-like statuses are kept whatever the payment
    ["Order Delivered", "N/A", [], "Order Delivered"],
    ["1. Delivered/Released", "Payment Pending", assigned, "1. Delivered/Released"],
    ["Delivered", "", [], "Delivered"],
    ["Delivered/Complete", "Paid", assigned, "Delivered/Complete"],
    ["2. Shipped/Picked Up", "Net 30", [], "2. Shipped/Picked Up"],
    ["Out for Delivery", "Cash On Delivery", [], "Out for Delivery"],
    // rule 2: payment empty / N/A / a pending kind (case-insensitive)
    ["Picking", "", assigned, "Pending Payment"],
    ["Picking", "N/A", assigned, "Pending Payment"],
    ["Picked", "Payment Pending", assigned, "Pending Payment"],
    ["Picked", "payment pending", assigned, "Pending Payment"],
    ["Picked", "Cash On Delivery", assigned, "Pending Payment"],
    ["Picked", "CASH ON DELIVERY", assigned, "Pending Payment"],
    ["Picked", "Pay at Delivery", assigned, "Pending Payment"],
    ["Picked", "New Customer Check Pending", assigned, "Pending Payment"],
    ["Picked", "Waiting for Payment", assigned, "Pending Payment"],
    // rule 3: paid-like with an assignment
    ["Pending Assignment", "Paid: Zelle", assigned, "Picking"],
    ["Picked", "Net 30", assigned, "Picking"],
    ["Complete", "Invoice-To-Invoice", assigned, "Picking"],
    // rule 4: nobody assigned
    ["Picking", "Paid", [], "Pending Assignment"],
    ["", "Net 30", ["  "], "Pending Assignment"],
  ])("status %s, payment '%s', assignment %j → %s", (orderStatus, paymentStatus, warehouseAssignment, expected) => {
    expect(automatedStatus({ orderStatus, paymentStatus, warehouseAssignment })).toBe(expected);
  });
});

describe("value checks", () => {
  it.each([
    ["n/a", ""], ["N/A", ""], ["Not Set", ""], ["none", ""], ["Not applicable", ""], ["  ", ""], ["", ""],
    [null, ""], ["Estes", "Estes"], ["  RIST ", "RIST"], ["Old Dominion", "Old Dominion"],
  ])("normalizeTrucking(%j) → %j", (value, expected) => {
    expect(normalizeTrucking(value)).toBe(expected);
  });
  it.each([["", true], ["N/A", true], ["n/a", true], ["Paid", false], ["Net 30", false]])("isPaymentUnset(%j) → %s", (v, e) => {
    expect(isPaymentUnset(v)).toBe(e);
  });
  it.each([["Paid", true], ["Paid: Zelle", true], ["Paid: Credit Card", true], ["Payment Pending", false], ["Net 30", false]])(
    "isPaidValue(%j) → %s",
    (v, e) => expect(isPaidValue(v)).toBe(e),
  );
  it.each([["N/A", true], ["Cash On Delivery", true], ["waiting for payment", true], ["Paid", false], ["Net 30", false]])(
    "isPaymentIssue(%j) → %s",
    (v, e) => expect(isPaymentIssue(v)).toBe(e),
  );
  it.each([
    ["1. Delivered/Released", true], ["01. Released", true], ["Delivered/Complete", true], ["Complete", true],
    ["Out for Delivery", false], ["Picking", false], ["Cancelled", false],
  ])("isDeliveredOrReleased(%j) → %s", (v, e) => expect(isDeliveredOrReleased(v)).toBe(e));
  it.each([["Cancelled", true], ["CANCELLED", true], ["Picked", false]])("isCancelled(%j) → %s", (v, e) => expect(isCancelled(v)).toBe(e));
});
