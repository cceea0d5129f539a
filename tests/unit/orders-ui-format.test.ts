// Order Tracking formatting (spec 001 §2, §9): USD with 2 decimals, line total = qty × unit price, order total, tones.
import { describe, expect, it } from "vitest";
import { fieldLabel, formatChangeValue, formatMoney, formatOrderDate, lineTotal, orderTotal } from "~/domain/orders/format";
import { isRowDelivered, statusTone } from "~/domain/orders/tones";

describe("money", () => {
  it.each([
    [0, "$0.00"],
    [12.5, "$12.50"],
    [1234.567, "$1,234.57"],
    [Number.NaN, "$0.00"],
    [null, "$0.00"],
  ])("%s → %s", (value, text) => {
    expect(formatMoney(value as number)).toBe(text);
  });

  it.each([
    [3, 0.1, 0.3],
    [10, 24.99, 249.9],
    [0, 50, 0],
    [7, 19.95, 139.65],
  ])("line total %i × %s = %s", (qty, price, total) => {
    expect(lineTotal(qty, price)).toBe(total);
  });

  it("order total is the sum of the line totals, to the cent", () => {
    expect(orderTotal([{ quantity: 3, unitPrice: 0.1 }, { quantity: 10, unitPrice: 24.99 }, { quantity: 7, unitPrice: 19.95 }])).toBe(389.85);
    expect(orderTotal([])).toBe(0);
  });
});

describe("dates and history values", () => {
  it("keeps the calendar day of an order date", () => {
    expect(formatOrderDate("2025-03-04")).toBe("Mar 4, 2025");
    expect(formatOrderDate("2025-03-04T23:30:00.000Z")).toBe("Mar 4, 2025");
    expect(formatOrderDate(null)).toBe("—");
  });

  it.each([
    [null, "—"],
    ["", "—"],
    [[], "—"],
    [["Kevin Chen", "ALL"], "Kevin Chen, ALL"],
    ["Paid: Zelle", "Paid: Zelle"],
    [true, "true"],
  ])("change value %j → %s", (value, text) => {
    expect(formatChangeValue(value)).toBe(text);
  });

  it("names fields in the business's words", () => {
    expect(fieldLabel("truckingCompany")).toBe("Trucking Company");
    expect(fieldLabel("somethingNew")).toBe("Something New");
  });
});

describe("status badge tones (§9)", () => {
  it.each([
    ["Paid: Zelle", "green"],
    ["Paid", "green"],
    ["Delivered", "green"],
    ["1. Delivered/Released", "green"],
    ["Delivered/Complete", "green"],
    ["01. Released", "green"],
    ["Invoice-To-Invoice", "blue"],
    ["Net 30", "blue"],
    ["Out for Delivery", "blue"],
    ["Picked", "blue"],
    ["Payment Pending", "amber"],
    ["Pending Payment", "amber"],
    ["Pickup Pending", "amber"],
    ["Pending Assignment", "orange"],
    ["Picking", "purple"],
    ["4. In Progress", "purple"],
    ["Cancelled", "red"],
    ["CANCELLED", "red"],
    ["HOLD", "red"],
    ["N/A", "neutral"],
    ["", "neutral"],
  ])("%s is %s", (value, tone) => {
    expect(statusTone(value)).toBe(tone);
  });

  it.each([
    [{ orderStatus: "1. Delivered/Released" }, true],
    [{ orderStatus: "01. Released" }, true],
    [{ orderStatus: "Picking", hasDeliveryOrder: true }, true],
    [{ orderStatus: "Out for Delivery" }, false],
    [{ orderStatus: "Picking" }, false],
  ])("row %j highlighted → %s", (row, highlighted) => {
    expect(isRowDelivered(row)).toBe(highlighted);
  });
});
