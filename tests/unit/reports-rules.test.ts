// The reports' pure rules (spec 002 §5), table-driven: every stock transfer message, photo limits, the five
// completeness items; devanning totals, the calculated total and its warning, the container number check and
// every conditional requirement; the list query strings.
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/reports/constants";
import {
  calculatedTotalBags,
  countOf,
  devanningErrors,
  devanningProgress,
  devanningRecord,
  devanningTotals,
  emptyDevanning,
  isContainerNumber,
  normalizeContainerNumber,
  type DevanningDraft,
} from "~/domain/reports/devanning";
import { devanningListSchema, stockTransferListSchema, stockTransferStatusSchema } from "~/domain/reports/list";
import {
  damagedItems,
  emptyStockTransfer,
  itemRecords,
  photoErrors,
  removeItem,
  setDamaged,
  stockTransferErrors,
  stockTransferProgress,
  wholeNumber,
  type StockTransferDraft,
} from "~/domain/reports/stock-transfer";

const SIGNATURE = `data:image/png;base64,${"iVBORw0KGgo".padEnd(200, "A")}`;

function validStock(): StockTransferDraft {
  return {
    ...emptyStockTransfer("2025-06-18", "NY Main - Hicksville"),
    transferReference: "TR-1",
    transferFrom: "NJ Warehouse",
    receivedBy: "Wendy",
    items: [{ itemSku: "A", itemDescription: "Rice", quantity: "5", damaged: "no", damagedQuantity: "" }],
    productCondition: "excellent",
    signatureDrawn: SIGNATURE,
  };
}

describe("stock transfer rules", () => {
  it("a complete form has no errors", () => {
    expect(stockTransferErrors(validStock())).toEqual({});
  });

  const cases: [string, (d: StockTransferDraft) => void, string, string][] = [
    ["date received", (d) => (d.dateReceived = ""), "dateReceived", MESSAGES.dateReceived],
    ["transfer reference", (d) => (d.transferReference = " "), "transferReference", MESSAGES.transferReference],
    ["receiving location", (d) => (d.receivingLocation = ""), "receivingLocation", MESSAGES.receivingLocation],
    ["transfer from", (d) => (d.transferFrom = ""), "transferFrom", MESSAGES.transferFrom],
    ["received by", (d) => (d.receivedBy = ""), "receivedBy", MESSAGES.receivedBy],
    ["product condition", (d) => (d.productCondition = ""), "productCondition", MESSAGES.productCondition],
    ["item SKU", (d) => (d.items[0]!.itemSku = ""), "items.0.itemSku", MESSAGES.itemSku],
    ["item description", (d) => (d.items[0]!.itemDescription = ""), "items.0.itemDescription", MESSAGES.itemDescription],
    ["quantity 0", (d) => (d.items[0]!.quantity = "0"), "items.0.quantity", MESSAGES.quantity],
    ["quantity -1", (d) => (d.items[0]!.quantity = "-1"), "items.0.quantity", MESSAGES.quantity],
    ["quantity 1.5", (d) => (d.items[0]!.quantity = 1.5), "items.0.quantity", MESSAGES.quantity],
    ["quantity 0x10", (d) => (d.items[0]!.quantity = "0x10"), "items.0.quantity", MESSAGES.quantity],
    ["damaged without quantity", (d) => (d.items[0] = { ...d.items[0]!, damaged: "yes", damagedQuantity: "" }), "items.0.damagedQuantity", MESSAGES.damagedQuantity],
    ["damaged condition without notes", (d) => (d.productCondition = "damaged"), "notesComments", MESSAGES.conditionNotes],
    ["drawn signature", (d) => (d.signatureDrawn = ""), "signatureDrawn", MESSAGES.signature],
    ["a signature that is not a PNG data URL", (d) => (d.signatureDrawn = "data:image/svg+xml;base64,AAAA"), "signatureDrawn", MESSAGES.signature],
    ["typed name", (d) => ((d.signatureType = "type"), (d.signatureTyped = " ")), "signatureTyped", MESSAGES.typedName],
  ];
  it.each(cases)("%s: the spec's message on its field", (_n, change, field, message) => {
    const d = validStock();
    change(d);
    expect(stockTransferErrors(d)[field]).toBe(message);
  });

  it("a typed signature needs no drawing; a drawn one needs no name", () => {
    expect(stockTransferErrors({ ...validStock(), signatureType: "type", signatureDrawn: "", signatureTyped: "W" })).toEqual({});
  });

  it("'no' clears the damaged quantity; at least one row is kept", () => {
    const item = { itemSku: "A", itemDescription: "B", quantity: "3", damaged: "yes" as const, damagedQuantity: "2" };
    expect(setDamaged(item, "no").damagedQuantity).toBe("");
    expect(setDamaged(item, "yes").damagedQuantity).toBe("2");
    expect(removeItem([item], 0)).toHaveLength(1);
    expect(removeItem([item, { ...item, itemSku: "C" }], 0).map((i) => i.itemSku)).toEqual(["C"]);
  });

  it("whole numbers only", () => {
    expect([12, "12", "012", 1.5, "1e3", " 1", "", null, Number.NaN].map(wholeNumber)).toEqual([12, 12, 12, null, null, null, null, null, null]);
  });

  it("stored rows: trimmed, numbers, no damaged quantity when undamaged; damaged items listed", () => {
    const rows = itemRecords([
      { itemSku: " A ", itemDescription: " B ", quantity: "4", damaged: "no", damagedQuantity: "3" },
      { itemSku: "C", itemDescription: "D", quantity: 6, damaged: "yes", damagedQuantity: "2" },
    ]);
    expect(rows).toEqual([
      { itemSku: "A", itemDescription: "B", quantity: 4, damaged: "no" },
      { itemSku: "C", itemDescription: "D", quantity: 6, damaged: "yes", damagedQuantity: 2 },
    ]);
    expect(damagedItems(rows).map((r) => r.itemSku)).toEqual(["C"]);
  });

  it.each([
    [10, 5_242_880, null],
    [11, 100, MESSAGES.tooManyPhotos],
    [1, 5_242_881, "File p0.jpg is too large. Maximum size is 5MB."],
  ])("%i photos of %i bytes → %s", (n, size, message) => {
    expect(photoErrors(Array.from({ length: n }, (_, i) => ({ name: `p${i}.jpg`, size })), 5_242_880)).toBe(message);
  });

  it("progress counts five items", () => {
    const empty = emptyStockTransfer("2025-06-18", "NY Main - Hicksville");
    expect(stockTransferProgress(empty, 0)).toMatchObject({ done: 0, total: 5, percent: 0 });
    expect(stockTransferProgress(validStock(), 0)).toMatchObject({ done: 4, percent: 80 });
    expect(stockTransferProgress(validStock(), 1)).toMatchObject({ done: 5, percent: 100 });
  });
});

function validDevanning(): DevanningDraft {
  const d = emptyDevanning("2025-06-18");
  d.cargoDetails.products = [{ id: "p1", name: "Jasmine", sku: "J", pallets: "10", bags: "480", shortageExtraBags: "-2" }];
  d.cargoDetails.containerNumber = "MSKU1234567";
  d.cargoDetails.receivableSign = "Wendy";
  d.warehouseInfo.warehouseStaff1 = "Wendy";
  d.totalsCalculation = { bagsPerPallet: "50", bagsInLastPallet: "30" };
  return d;
}
const NO_PHOTOS = { containerPhotos: 0, cargoPhotos: 0, damagedItemPhotos: 0, overallPhotos: 0 };

describe("devanning rules", () => {
  it.each([
    [0, 50, 30, 0],
    [1, 50, 30, 30],
    [10, 50, 30, 480],
    [3, 40, 40, 120],
  ])("calculated total bags for %i pallets, %i per pallet, %i in the last = %i", (pallets, per, last, total) => {
    expect(calculatedTotalBags(pallets, per, last)).toBe(total);
  });

  it("sums the product rows and warns (without blocking) when the entered total differs", () => {
    const d = validDevanning();
    d.cargoDetails.products.push({ id: "p2", name: "B", sku: "", pallets: 2, bags: 100, shortageExtraBags: 3 });
    const totals = devanningTotals(d);
    expect(totals).toMatchObject({ totalPallets: 12, totalBags: 580, shortageExtraBags: 1, totalBagsCalculated: 580 });
    expect(totals.warning).toBeNull();
    d.cargoDetails.products[1]!.bags = 90;
    expect(devanningTotals(d).warning).toBe("Entered total bags (570) differs from calculated total (580). Please double-check.");
    expect(devanningErrors(d, NO_PHOTOS)).toEqual({});
  });

  it.each([
    ["MSKU1234567", true],
    ["msku1234567", true],
    [" MSKU1234567 ", true],
    ["MSK1234567", false],
    ["MSKU123456", false],
    ["MSKU12345678", false],
    ["1234MSKU567", false],
    ["MSKU12345A7", false],
  ])("container number %s → %s", (value, ok) => {
    expect(isContainerNumber(value)).toBe(ok);
  });

  it("uppercases the container number", () => {
    expect(normalizeContainerNumber(" msku1234567 ")).toBe("MSKU1234567");
  });

  const cases: [string, (d: DevanningDraft) => void, Partial<typeof NO_PHOTOS>, string, string][] = [
    ["no product", (d) => (d.cargoDetails.products = [{ id: "p1", name: "", sku: "", pallets: "", bags: "", shortageExtraBags: "" }]), {}, "cargoDetails.products", MESSAGES.addProduct],
    ["no container number", (d) => (d.cargoDetails.containerNumber = ""), {}, "cargoDetails.containerNumber", MESSAGES.containerNumber],
    ["a malformed container number", (d) => (d.cargoDetails.containerNumber = "AB12"), {}, "cargoDetails.containerNumber", MESSAGES.containerFormat],
    ["no staff", (d) => (d.warehouseInfo.warehouseStaff1 = " "), {}, "warehouseInfo.warehouseStaff1", MESSAGES.warehouseStaff],
    ["no receivable signature", (d) => (d.cargoDetails.receivableSign = ""), {}, "cargoDetails.receivableSign", MESSAGES.receivableSign],
    ["size other", (d) => (d.containerInfo.containerSize = "other"), {}, "containerInfo.containerSizeOther", MESSAGES.containerSizeOther],
    ["condition other", (d) => (d.containerInfo.containerCondition = ["other"]), {}, "containerInfo.containerConditionOther", MESSAGES.containerConditionOther],
    ["seal intact", (d) => (d.containerInfo.sealIntact = "yes"), {}, "containerInfo.sealNumber", MESSAGES.sealNumber],
    ["seal broken", (d) => (d.containerInfo.sealIntact = "no"), {}, "photos.containerPhotos", MESSAGES.sealPhoto],
    ["damaged without SKUs", (d) => (d.inventoryDetails.damagedInventoryCount = "1"), { damagedItemPhotos: 1 }, "inventoryDetails.damagedInventorySKUs", MESSAGES.damagedSkus],
    ["damaged without photo", (d) => (d.inventoryDetails = { damagedInventoryCount: 2, damagedInventorySKUs: "J" }), {}, "photos.damagedItemPhotos", MESSAGES.damagedPhoto],
    ["pallets not a number", (d) => (d.cargoDetails.products[0]!.pallets = "1.5"), {}, "cargoDetails.products.0.pallets", "Enter a whole number"],
  ];
  it.each(cases)("%s: the spec's message on its field", (_n, change, photos, field, message) => {
    const d = validDevanning();
    change(d);
    expect(devanningErrors(d, { ...NO_PHOTOS, ...photos })[field]).toBe(message);
  });

  it("each conditional requirement is met by its answer", () => {
    const d = validDevanning();
    d.containerInfo = { containerSize: "other", containerSizeOther: "53'", containerCondition: ["other"], containerConditionOther: "Gasket", sealIntact: "no", sealNumber: "" };
    d.inventoryDetails = { damagedInventoryCount: 1, damagedInventorySKUs: "J" };
    expect(devanningErrors(d, { ...NO_PHOTOS, containerPhotos: 1, damagedItemPhotos: 1 })).toEqual({});
  });

  it("counts: blank is 0, a minus sign only where allowed", () => {
    expect([countOf(""), countOf("7"), countOf("-2"), countOf("-2", true), countOf(" 3 "), countOf("1e2")]).toEqual([0, 7, null, -2, 3, null]);
  });

  it("the stored record: blank rows dropped, totals recomputed, answers of unchosen options cleared", () => {
    const d = validDevanning();
    d.cargoDetails.products.push({ id: "p9", name: "", sku: "", pallets: "", bags: "", shortageExtraBags: "" });
    d.cargoDetails.containerNumber = "msku1234567";
    d.containerInfo = { containerSize: "40'", containerSizeOther: "stale", containerCondition: ["Dented"], containerConditionOther: "stale", sealIntact: "no", sealNumber: "stale" };
    const r = devanningRecord(d);
    expect(r.containerNumber).toBe("MSKU1234567");
    expect(r.cargoDetails.products).toHaveLength(1);
    expect(r.cargoDetails).toMatchObject({ totalPallets: 10, totalBags: 480, shortageExtraBags: -2 });
    expect(r.totalsCalculation.totalBagsCalculated).toBe(480);
    expect(r.containerInfo).toMatchObject({ containerSizeOther: "", containerConditionOther: "", sealNumber: "" });
  });

  it("progress counts five items", () => {
    expect(devanningProgress(emptyDevanning("2025-06-18"), NO_PHOTOS)).toMatchObject({ total: 5, done: 0, percent: 0 });
    const d = validDevanning();
    d.containerInfo = { ...d.containerInfo, containerSize: "20'", containerCondition: ["No damage"], sealIntact: "yes", sealNumber: "S1" };
    d.inventoryDetails.damagedInventoryCount = "0";
    d.environmentalCheck = { floorDryness: ["Dry"], pestActivity: ["None"], comments: "" };
    expect(devanningProgress(d, { ...NO_PHOTOS, overallPhotos: 1 })).toMatchObject({ done: 5, percent: 100 });
  });
});

describe("list queries", () => {
  it.each([
    [{}, { page: 1, limit: 10 }],
    [{ page: "2", limit: "10", status: "approved", receivingLocation: "NJ Warehouse" }, { page: 2, status: "approved", receivingLocation: "NJ Warehouse" }],
    [{ status: "" , search: "  "}, { status: undefined, search: undefined }],
  ])("stock transfer %j", (raw, expected) => {
    expect(stockTransferListSchema.parse(raw)).toMatchObject(expected);
  });

  it.each([{ status: "lost" }, { page: "0" }, { limit: "101" }, { dateFrom: "2025-02-30" }, { page: "1e1" }])("refuses %j", (raw) => {
    expect(stockTransferListSchema.safeParse(raw).success).toBe(false);
  });

  it("devanning statuses are pending, reviewed, approved, rejected", () => {
    expect(devanningListSchema.safeParse({ status: "pending" }).success).toBe(true);
    expect(devanningListSchema.safeParse({ status: "submitted" }).success).toBe(false);
    expect(stockTransferStatusSchema.safeParse({ status: "pending" }).success).toBe(false);
    expect(stockTransferStatusSchema.safeParse({ status: "reviewed" }).success).toBe(true);
  });
});
