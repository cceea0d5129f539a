// The seeded products: stock on hand (some out of stock, some low) and each product's bin.
import type * as s from "../schema";
import { LOW_STOCK, OUT_OF_STOCK_SKUS, PRODUCTS, productBin } from "../seed-data";
import { createRandom } from "./random";
import { MINUTE_MS, iso, productId } from "./values";

export function buildInventory(nowMs: number) {
  const rng = createRandom(0x5eed0006);
  return PRODUCTS.map((p, i): typeof s.inventoryItems.$inferInsert => ({
    sku: p.sku,
    productId: productId(i),
    description: p.description,
    bin: productBin(i),
    quantityOnHand: (OUT_OF_STOCK_SKUS as readonly string[]).includes(p.sku)
      ? 0
      : LOW_STOCK[p.sku] ?? (p.bulk ? rng.int(120, 2400) : rng.int(40, 600)),
    updatedAt: iso(nowMs - rng.int(1, 48) * 60 * MINUTE_MS),
  }));
}
