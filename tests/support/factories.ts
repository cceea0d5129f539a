// Small test-data factories: a test makes the rows its behaviour is about (`createOrder(db, { orderType:
// "Freight", orderStatus: "Picked" })`) instead of reading the seeded company by position, so a change to the
// seed cannot silently change what a test exercises. Defaults are a paid Delivery order being picked at NY-MAIN.
import { eq } from "drizzle-orm";
import { orderLines, orders } from "../../db/schema";
import type { Database } from "~/lib/db.server";

export type OrderRowInDb = typeof orders.$inferSelect;
export type NewOrder = Partial<typeof orders.$inferInsert>;
export type NewLine = Partial<Omit<typeof orderLines.$inferInsert, "orderId">>;

let made = 0;

/** A unique order number per call in this test file ("FAC-<pid>-<n>"): no clash with the seed's SO- numbers. */
export function nextOrderNumber(prefix = "FAC"): string {
  made += 1;
  return `${prefix}-${process.pid}-${String(made).padStart(4, "0")}`;
}

/** An order with its lines (two by default; `lines: []` for none), read back as stored. */
export async function createOrder(db: Database, fields: NewOrder = {}, lines: NewLine[] = [{}, {}]): Promise<OrderRowInDb & { lines: (typeof orderLines.$inferSelect)[] }> {
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: nextOrderNumber(),
      customerName: "Factory Foods",
      customerEmail: "buyer@factory-foods.test",
      createdBy: "sales@goldengrain.test",
      paymentStatus: "Paid",
      orderStatus: "Picking",
      orderType: "Delivery",
      warehouseLocation: "NY-MAIN",
      orderDate: new Date().toISOString().slice(0, 10),
      addressLines: ["1 Factory Way", "Hicksville, NY 11801"],
      totalCents: 12_500,
      ...fields,
    })
    .returning();
  const rows = lines.length
    ? await db
        .insert(orderLines)
        .values(
          lines.map((line, i) => ({
            orderId: order!.id,
            lineItemId: `L${i + 1}`,
            sku: `FAC-SKU-${i + 1}`,
            description: `Factory rice ${i + 1}`,
            quantity: 5 + i,
            unitPriceCents: 2_500,
            position: i,
            ...line,
          })),
        )
        .returning()
    : [];
  return { ...order!, lines: rows };
}

/** Reads an order back by id (after the code under test changed it). */
export async function readOrder(db: Database, id: number): Promise<OrderRowInDb> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} is gone`);
  return row;
}
