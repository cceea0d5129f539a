// The integration API's pure rules (issue 21, decision 030): how a key reads and what it may send, how each
// record is parsed on its own, and what a resent order may change (never back, never what the floor recorded).
import { describe, expect, it } from "vitest";
import {
  allowsKind,
  allowsLocation,
  bearerOf,
  createKeySchema,
  formatKey,
  lastUsedDue,
  maskedKey,
  parseKey,
} from "~/domain/integrations/keys";
import { planLines, planOrder, statusMoveRefusal, type FloorRecord, type StoredLine, type StoredOrder } from "~/domain/integrations/orders";
import { parseRecords, type OrderRecord } from "~/domain/integrations/records";

const SECRET = "A".repeat(40) + "b-_";

describe("keys", () => {
  it.each([
    [formatKey("abcdefgh2345", SECRET), { publicId: "abcdefgh2345", secret: SECRET }],
    [`  ${formatKey("abcdefgh2345", SECRET)} `, { publicId: "abcdefgh2345", secret: SECRET }],
    [formatKey("ABCDEFGH2345", SECRET), null], // the public id is lowercase
    [formatKey("abcdefgh234", SECRET), null], // too short
    [formatKey("abcdefgh2345", SECRET.slice(1)), null],
    [formatKey("abcdefgh2345", SECRET + "x"), null],
    [`gg_test_abcdefgh2345_${SECRET}`, null],
    ["", null],
    ["Bearer x", null],
  ])("parseKey(%j)", (key, expected) => {
    expect(parseKey(key)).toEqual(expected);
  });

  it.each([
    [null, null],
    ["", null],
    ["Bearer abc", "abc"],
    ["bearer   abc  ", "abc"],
    ["Basic abc", null],
    ["Bearer", null],
    ["Bearer a b", null],
  ])("bearerOf(%j)", (header, expected) => {
    expect(bearerOf(header)).toBe(expected);
  });

  it("shows a key's prefix and the secret's last four characters, never the secret", () => {
    expect(maskedKey("abcdefgh2345", "xy-_")).toBe("gg_live_abcdefgh2345_…xy-_");
  });

  it.each([
    [{ kinds: ["orders"], locations: [] }, "orders", "NJ-WH", true, true],
    [{ kinds: ["orders"], locations: ["NY-MAIN"] }, "orders", "NJ-WH", true, false],
    [{ kinds: ["orders"], locations: ["NY-MAIN"] }, "stock", "NY-MAIN", false, true],
    [{ kinds: ["stock", "locations"], locations: ["NY-MAIN", "NJ-WH"] }, "locations", "NJ-WH", true, true],
  ] as const)("scope %j: %s at %s", (scope, kind, location, kindOk, locationOk) => {
    expect(allowsKind(scope, kind)).toBe(kindOk);
    expect(allowsLocation(scope, location)).toBe(locationOk);
  });

  it.each([
    [null, true],
    ["2025-06-18T15:29:30.000Z", false],
    ["2025-06-18T15:29:00.000Z", true],
    ["not a date", true],
  ])("last used %s: due %s (throttled to once a minute)", (last, due) => {
    expect(lastUsedDue(last, new Date("2025-06-18T15:30:00.000Z"))).toBe(due);
  });

  it("the admin form keeps kinds in their order, lower-cases the system and refuses an empty scope", () => {
    expect(createKeySchema.parse({ label: " ERP ", sourceSystem: "NetSuite", kinds: ["stock", "orders"] })).toEqual({
      label: "ERP",
      sourceSystem: "netsuite",
      kinds: ["orders", "stock"],
      locations: [],
    });
    expect(createKeySchema.safeParse({ label: "ERP", kinds: [] }).success).toBe(false);
    expect(createKeySchema.safeParse({ label: "ERP", kinds: ["invoices"] }).success).toBe(false);
    expect(createKeySchema.safeParse({ label: "ERP", kinds: ["orders"], sourceSystem: "two words" }).success).toBe(false);
  });
});

// ---------------------------------------------------------------- records

const order = (over: Record<string, unknown> = {}) => ({
  sourceId: "ERP-1",
  orderNumber: "SO-900001",
  orderDate: "2025-06-18",
  customerName: "Golden Bowl",
  orderType: "Freight",
  warehouseLocation: "NY-MAIN",
  paymentStatus: "Paid",
  lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 4, unitPriceCents: 2500 }],
  ...over,
});

describe("per-record parsing", () => {
  it.each([
    [{}, "sourceId: sourceId is required"],
    [order({ orderDate: "2025-02-30" }), "orderDate: orderDate must be a date, YYYY-MM-DD"],
    [order({ orderType: "Boat" }), "orderType: orderType is one of"],
    [order({ paymentStatus: "Maybe" }), "paymentStatus: paymentStatus is one of"],
    [order({ lines: [] }), "lines: An order has at least one line"],
    [order({ lines: [{ sourceId: "L1", sku: "A", quantity: 0 }] }), "lines.0.quantity: quantity must be at least 1"],
    [order({ lines: [{ sourceId: "L1", sku: "A", quantity: 1 }, { sourceId: "L1", sku: "B", quantity: 1 }] }), "lines.1.sourceId: Line L1 appears twice"],
    [order({ trucking: "Estes" }), "Unrecognized key"],
    [order({ lines: Array.from({ length: 200 }, (_, i) => ({ sourceId: `L${i}`, sku: "A", quantity: 1_000_000, unitPriceCents: 1_000_000_000 })) }), "lines: The lines total more than $1,000,000,000"],
    ["an order", "Invalid input"],
  ])("refuses %j with its reason", (raw, reason) => {
    const { parsed, refused } = parseRecords("orders", [raw]);
    expect(parsed).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.outcome).toBe("refused");
    expect(refused[0]!.reason).toContain(reason);
  });

  it("keeps the good records beside a malformed one, each with its index and id", () => {
    const { parsed, refused } = parseRecords("orders", [order(), order({ sourceId: "ERP-2", orderDate: "yesterday" }), order({ sourceId: "ERP-3", orderNumber: "SO-900003" })]);
    expect(parsed.map((p) => [p.index, p.sourceId])).toEqual([
      [0, "ERP-1"],
      [2, "ERP-3"],
    ]);
    expect(refused).toEqual([{ index: 1, sourceId: "ERP-2", outcome: "refused", reason: "orderDate: orderDate must be a date, YYYY-MM-DD" }]);
  });

  it("refuses the second copy of an id in one batch", () => {
    const { parsed, refused } = parseRecords("orders", [order(), order({ customerName: "Other" })]);
    expect(parsed).toHaveLength(1);
    expect(refused[0]!.reason).toBe("ERP-1 appears twice in this batch (records 0 and 1)");
  });

  it("gives stock records the id SKU@warehouse", () => {
    const { parsed, refused } = parseRecords("stock", [{ sku: "JAS-25", locationId: "NJ-WH", quantityOnHand: 3 }, { sku: "JAS-25", locationId: "NJ-WH", quantityOnHand: -1 }]);
    expect(parsed[0]!.sourceId).toBe("JAS-25@NJ-WH");
    expect(refused[0]).toMatchObject({ sourceId: "JAS-25@NJ-WH", reason: "quantityOnHand: quantityOnHand cannot be negative" });
  });

  it("checks product bins and barcodes as the admin screen does", () => {
    const { parsed, refused } = parseRecords("products", [
      { sourceId: "P1", sku: "JAS-25", bin: "a-03-2", barcodes: [{ code: "036000291452" }, { code: "CASE-1", kind: "case", quantity: 10 }] },
      { sourceId: "P2", sku: "JAS-50", barcodes: [{ code: "036000291453" }] },
      { sourceId: "P3", sku: "JAS-75", barcodes: [{ code: "X1" }, { code: "x1" }] },
      { sourceId: "P4", sku: "JAS-95", bin: "A#1" },
    ]);
    expect(parsed[0]!.record.barcodes).toEqual([
      { code: "036000291452", key: "00036000291452", kind: "unit", quantity: 1 },
      { code: "CASE-1", key: "CASE-1", kind: "case", quantity: 10 },
    ]);
    expect(refused.map((r) => [r.sourceId, r.reason])).toEqual([
      ["P2", "barcodes.0.code: The check digit of this UPC/EAN is wrong."],
      ["P3", "barcodes.1.code: Barcode x1 appears twice"],
      ["P4", "bin: A bin uses letters, digits, spaces and . _ / - (like A-03-2)."],
    ]);
  });
});

// ---------------------------------------------------------------- what a resent order may change

const NONE: FloorRecord = { picked: false, delivered: false, captured: false };
const PICKED: FloorRecord = { ...NONE, picked: true };
const DELIVERED: FloorRecord = { ...NONE, delivered: true };
const CAPTURED: FloorRecord = { ...NONE, captured: true };

describe("status never slides back", () => {
  it.each([
    ["Pending Assignment", "Picking", null],
    ["Picking", "Picked", null],
    ["Picked", "Pickup Pending", null],
    ["Pickup Pending", "Delivered", null],
    ["Out for Delivery", "Delivered/Complete", null],
    ["Picking", "Cancelled", null],
    ["Picked", "Picked", null],
    ["Picked", "Picking", "The status cannot move back from 'Picked' to 'Picking'"],
    ["Pickup Pending", "Pending Assignment", "The status cannot move back from 'Pickup Pending' to 'Pending Assignment'"],
    ["Delivered", "Pickup Pending", "The status cannot move back from 'Delivered' to 'Pickup Pending'"],
    ["Out for Delivery", "Pickup Pending", "The status cannot move back from 'Out for Delivery' to 'Pickup Pending'"],
    ["Delivered/Complete", "Cancelled", "The order is 'Delivered/Complete'; a delivered order cannot be cancelled"],
    ["Cancelled", "Picking", "The order is cancelled; its status cannot change to 'Picking'"],
    ["CANCELLED", "Pending Assignment", "The order is cancelled; its status cannot change to 'Pending Assignment'"],
    ["HOLD", "Picking", null], // a status this product does not rank neither blocks nor is blocked
  ])("%s → %s", (from, to, reason) => {
    expect(statusMoveRefusal(from, to)).toBe(reason);
  });
});

const storedOrder = (over: Partial<StoredOrder> = {}): StoredOrder => ({
  orderNumber: "SO-900001",
  orderDate: "2025-06-18",
  customerName: "Golden Bowl",
  customerEmail: null,
  createdBy: "",
  orderType: "Freight",
  warehouseLocation: "NY-MAIN",
  paymentStatus: "Paid",
  orderStatus: "Picked",
  addressLines: [],
  totalCents: 10_000,
  warehouseAssignment: ["Wendy Warehouse"],
  ...over,
});
const storedLine = (over: Partial<StoredLine> = {}): StoredLine => ({ lineItemId: "L1", productId: "", sku: "JAS-25", description: "", quantity: 4, unitPriceCents: 2500, position: 0, ...over });
const record = (over: Record<string, unknown> = {}) => parseRecords("orders", [order(over)]).parsed[0]!.record as OrderRecord;

describe("planOrder", () => {
  it("a legacy status the order already has may come back unchanged", () => {
    expect(planOrder(storedOrder({ orderStatus: "01. Released" }), [storedLine()], NONE, record({ orderStatus: "01. Released" }))).toEqual({ kind: "unchanged" });
  });

  it("the same record again changes nothing", () => {
    expect(planOrder(storedOrder(), [storedLine()], NONE, record())).toEqual({ kind: "unchanged" });
    expect(planOrder(storedOrder(), [storedLine()], { picked: true, delivered: true, captured: true }, record())).toEqual({ kind: "unchanged" });
  });

  it("no status sent: the status an edit would store, so a Picked order stays Picked (decision 018)", () => {
    const plan = planOrder(storedOrder(), [storedLine()], NONE, record({ paymentStatus: "Net 30" }));
    expect(plan).toMatchObject({ kind: "updated", fields: { paymentStatus: "Net 30" } });
    expect(plan.kind === "updated" && "orderStatus" in plan.fields).toBe(false);
  });

  it.each([
    ["a status moving back", storedOrder(), NONE, { orderStatus: "Picking" }, "The status cannot move back from 'Picked' to 'Picking'"],
    ["a status of another order type", storedOrder(), NONE, { orderStatus: "Delivered/Complete" }, "orderStatus: 'Delivered/Complete' is not a status of a Freight order"],
    ["a new order number", storedOrder(), NONE, { orderNumber: "SO-1" }, "The order number cannot change (it is SO-900001)"],
    ["a quantity after picks", storedOrder(), PICKED, { lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 5, unitPriceCents: 2500 }] }, "The floor has recorded picks for this order, so its lines cannot change: line L1 would change from 4 × JAS-25 (L1) to 5 × JAS-25 (L1)"],
    ["a line added after picks", storedOrder(), PICKED, { lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 4, unitPriceCents: 2500 }, { sourceId: "L2", sku: "JAS-50", quantity: 1 }] }, "line L2 would be added"],
    ["a line removed after a delivery", storedOrder(), DELIVERED, { lines: [{ sourceId: "L2", sku: "JAS-25", quantity: 4, unitPriceCents: 2500 }] }, "The floor has recorded delivery for this order, so its lines cannot change"],
    ["a new warehouse after a capture", storedOrder(), CAPTURED, { warehouseLocation: "NJ-WH" }, "The floor has recorded a dock capture for this order, so warehouseLocation cannot change"],
    ["a new address after a delivery", storedOrder(), DELIVERED, { addressLines: ["1 Elm St"] }, "The floor has recorded a delivery for this order, so addressLines cannot change"],
  ])("refuses %s", (_what, stored, floor, over, reason) => {
    const plan = planOrder(stored, [storedLine()], floor, record(over));
    expect(plan.kind).toBe("refused");
    expect(plan.kind === "refused" && plan.reason).toContain(reason);
  });

  it.each([
    ["payment after picks", PICKED, { paymentStatus: "Net 30" }, ["paymentStatus"]],
    ["a price after picks (named, never valued)", PICKED, { lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 4, unitPriceCents: 2600 }] }, ["totalCents", "lineDetails"]],
    ["lines before any pick", NONE, { lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 6, unitPriceCents: 2500 }] }, ["totalCents", "lines"]],
    ["the status forward after a delivery", DELIVERED, { orderStatus: "Delivered" }, ["orderStatus"]],
  ])("accepts %s", (_what, floor, over, fields) => {
    const plan = planOrder(storedOrder(), [storedLine()], floor, record(over));
    expect(plan.kind).toBe("updated");
    expect(plan.kind === "updated" && plan.changes.map((c) => c.field)).toEqual(fields);
  });

  it("the lines' audit value names SKUs and quantities, never prices", () => {
    const plan = planOrder(storedOrder({ orderStatus: "Pending Assignment" }), [storedLine()], NONE, record({ lines: [{ sourceId: "L1", sku: "JAS-25", quantity: 6, unitPriceCents: 2500 }] }));
    expect(plan.kind === "updated" && plan.changes.find((c) => c.field === "lines")).toEqual({ field: "lines", before: ["4 × JAS-25 (L1)"], after: ["6 × JAS-25 (L1)"] });
  });

  it("plans line writes by line id: new, changed and gone", () => {
    const plan = planLines(
      [storedLine(), storedLine({ lineItemId: "L2", sku: "B", position: 1 }), storedLine({ lineItemId: "L3", sku: "C", position: 2 })],
      [storedLine(), storedLine({ lineItemId: "L2", sku: "B", position: 1, description: "new words" }), storedLine({ lineItemId: "L4", sku: "D", position: 2 })],
    );
    expect(plan.upsert.map((l) => l.lineItemId)).toEqual(["L2", "L4"]);
    expect(plan.remove).toEqual(["L3"]);
    expect(plan.pickedChange).toBe("line L4 would be added");
  });
});
