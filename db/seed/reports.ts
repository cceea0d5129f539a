// The seeded warehouse reports: stock transfer and devanning reports in every status.
import type * as s from "../schema";
import { CONTAINER_NUMBERS, LOCATIONS, PRODUCTS, WAREHOUSE_WORKERS } from "../seed-data";
import { LOGISTICS } from "./accounts";
import { createRandom } from "./random";
import { DAY_MS, MINUTE_MS, iso, isoDate } from "./values";

export function buildStockTransfers(nowMs: number) {
  const rng = createRandom(0x5eed0004);
  const statuses = [
    "submitted",
    "approved",
    "reviewed",
    "submitted",
    "approved",
    "rejected",
    "submitted",
    "approved",
    "reviewed",
    "submitted",
  ] as const;
  return statuses.map((status, i): typeof s.stockTransferReports.$inferInsert => {
    const receiving = LOCATIONS[i % LOCATIONS.length]!;
    const from = LOCATIONS[(i + 1) % LOCATIONS.length]!;
    const worker = WAREHOUSE_WORKERS.find((w) => w.active && w.locationIds[0] === receiving.id) ?? WAREHOUSE_WORKERS[0]!;
    const damaged = i === 5;
    const items: s.StockTransferItem[] = Array.from({ length: rng.int(1, 4) }, (_, k) => {
      const product = PRODUCTS[(i * 7 + k * 3) % 21]!;
      const quantity = rng.int(10, 200);
      return damaged && k === 0
        ? { itemSku: product.sku, itemDescription: product.description, quantity, damaged: "yes", damagedQuantity: rng.int(1, 8) }
        : { itemSku: product.sku, itemDescription: product.description, quantity, damaged: "no" };
    });
    const submittedMs = nowMs - (statuses.length - i) * 4 * DAY_MS + rng.int(0, 600) * MINUTE_MS;
    return {
      id: i + 1,
      dateReceived: isoDate(submittedMs),
      transferReference: `TR-${3101 + i}`,
      receivingLocation: receiving.name,
      transferFrom: from.name,
      receivedBy: worker.name,
      items,
      productCondition: damaged ? "damaged" : i % 3 === 0 ? "acceptable" : "excellent",
      notesComments: damaged
        ? "Two bags torn on the bottom pallet; set aside for return."
        : i % 4 === 0
        ? "Pallets re-wrapped before putaway."
        : "",
      signatureType: "type",
      signatureKey: null,
      signatureTyped: worker.name,
      photos: [],
      status,
      submittedAt: iso(submittedMs),
      submittedBy: worker.email,
    };
  });
}

export function buildDevanning(nowMs: number) {
  const rng = createRandom(0x5eed0005);
  const statuses = ["pending", "approved", "pending", "approved", "rejected", "pending", "approved", "pending"] as const;
  const bulkRice = PRODUCTS.filter((p) => p.bulk);
  return statuses.map((status, i): typeof s.devanningReports.$inferInsert => {
    const containerNumber = CONTAINER_NUMBERS[i % CONTAINER_NUMBERS.length]!;
    const bagsPerPallet = rng.pick([40, 50, 60]);
    const products = Array.from({ length: rng.int(1, 3) }, (_, k) => {
      const product = bulkRice[(i * 5 + k * 2) % bulkRice.length]!;
      const pallets = rng.int(6, 20);
      const shortage = rng.chance(0.25) ? -rng.int(1, 4) : 0;
      return {
        id: `p${k + 1}`,
        name: product.description,
        sku: product.sku,
        pallets,
        bags: pallets * bagsPerPallet + shortage,
        shortageExtraBags: shortage,
      };
    });
    const totalPallets = products.reduce((sum, p) => sum + p.pallets, 0);
    const totalBags = products.reduce((sum, p) => sum + p.bags, 0);
    const shortageExtraBags = products.reduce((sum, p) => sum + p.shortageExtraBags, 0);
    const bagsInLastPallet = bagsPerPallet + (shortageExtraBags % bagsPerPallet);
    const submittedMs = nowMs - (statuses.length - i) * 5 * DAY_MS + rng.int(0, 600) * MINUTE_MS;
    const staff = WAREHOUSE_WORKERS.filter((w) => w.active);
    const decided = status !== "pending";
    return {
      id: i + 1,
      containerNumber,
      cargoDetails: {
        productDetail: products.map((p) => p.name).join(", "),
        products,
        totalPallets,
        totalBags,
        shortageExtraBags,
        containerNumber,
        arrivalDate: isoDate(submittedMs - DAY_MS),
        receivableSign: staff[i % staff.length]!.name,
        managementSign: status === "approved" ? LOGISTICS.name : "",
        unloadingDateTime: iso(submittedMs - 3 * 60 * MINUTE_MS),
      },
      warehouseInfo: { warehouseStaff1: staff[i % staff.length]!.name, warehouseStaff2: staff[(i + 2) % staff.length]!.name },
      totalsCalculation: { bagsPerPallet, bagsInLastPallet, totalBagsCalculated: (totalPallets - 1) * bagsPerPallet + bagsInLastPallet },
      containerInfo: {
        containerSize: i % 3 === 0 ? "20'" : "40'",
        containerSizeOther: "",
        containerCondition: [i === 4 ? "Dented" : "No damage"],
        containerConditionOther: "",
        sealIntact: "yes",
        sealNumber: `SL${480_000 + i * 137}`,
      },
      inventoryDetails: { damagedInventoryCount: 0, damagedInventorySKUs: "" },
      environmentalCheck: {
        floorDryness: ["Dry"],
        pestActivity: ["None"],
        comments: i === 4 ? "Container wall dented near the doors; cargo dry." : "",
      },
      photos: { containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] },
      status,
      submittedAt: iso(submittedMs),
      submittedBy: staff[i % staff.length]!.email,
      reviewedBy: decided ? LOGISTICS.name : null,
      reviewedAt: decided ? iso(Math.min(nowMs, submittedMs + rng.int(2, 30) * 60 * MINUTE_MS)) : null,
      managementSign: status === "approved" ? LOGISTICS.name : null,
      notes: status === "rejected" ? "Bag count does not match the packing list; recount before approval." : "",
    };
  });
}
