// Opening an order on the picking screen from its /api answers, whether the loader or the browser fetched them
// (docs/decisions/008-page-data.md): order lines, then this device's saved lines, the last save, on-hand.
import { describe, expect, it } from "vitest";
import { openPickOrder, type PickOrderData } from "~/components/picking/pick-order-data";

const data = (patch: Partial<PickOrderData> = {}): PickOrderData => ({
  orderNumber: "SO-1",
  order: {
    _id: "7",
    orderNumber: "SO-1",
    customerName: "Acme",
    warehouseLocation: "NY-MAIN",
    lines: [
      { lineItemId: "a", productId: "p-a", sku: "JAS-25", description: "Jasmine", quantity: 4 },
      { lineItemId: "b", productId: "p-b", sku: "BAS-10", description: "Basmati", quantity: 2 },
    ],
  },
  logs: null,
  inventory: null,
  error: null,
  ...patch,
});

describe("openPickOrder", () => {
  it("builds the header and lines of the order", () => {
    const opened = openPickOrder(data(), null, null);
    expect(opened).toMatchObject({ header: { orderId: "7", orderNumber: "SO-1", customerName: "Acme", location: "NY-MAIN" } });
    expect("lines" in opened && opened.lines.map((l) => [l.id, l.sku, l.status])).toEqual([["a", "JAS-25", "Pending"], ["b", "BAS-10", "Pending"]]);
  });

  it("applies saved lines, then the last saved pick, then on-hand figures", () => {
    const opened = openPickOrder(
      data({
        logs: [{ type: "pick-verified", at: "2025-06-18T10:00:00Z", payload: { results: [{ lineItemId: "b", picked: 1, expected: 2 }] } }],
        inventory: { data: { "p-a": { quantityOnHand: 12 } }, skuMap: { "JAS-25": "p-a" }, lineMap: { a: "p-a" } },
      }),
      [{ id: "a", status: "Picked", pickState: "full", pickedQty: 4 }],
      null,
    );
    if (!("lines" in opened)) throw new Error(opened.error);
    expect(opened.lines.map((l) => [l.id, l.status, l.pickedQty, l.onHand])).toEqual([["a", "Picked", 4, 12], ["b", "Issue", 1, null]]);
  });

  it("shows the order call's refusal instead of lines", () => {
    expect(openPickOrder(data({ order: null, error: "Order not found" }), null, null)).toEqual({ error: "Order not found" });
  });

  it("refuses an order of another warehouse to a passcode limited to its own", () => {
    expect(openPickOrder(data(), null, { email: "picklist+1@goldengrain.test", allowedLocations: ["NJ-WH"] })).toEqual({ error: "Passcode not authorized for warehouse NY-MAIN" });
  });
});
