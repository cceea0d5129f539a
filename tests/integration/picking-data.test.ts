// Picking data (issue 13): every line of the sales order carries its bin and its product barcodes, in the
// viewer's scope (a passcode for another warehouse still gets 403); the seed's codes are valid GS1 codes.
import { and, asc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, orderLines, orders, productBarcodes } from "../../db/schema";
import { PRODUCTS, productCodes, productCodesAt } from "../../db/seed-data";
import { barcodeKey, gtin14 } from "~/domain/picking/barcodes";
import type { Database } from "~/lib/db.server";
import * as salesOrder from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import { PickOrderAnswer } from "~/domain/picking/contract";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

type Json = any;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let admin: string;

async function getOrder(orderNumber: string, cookie: string) {
  const req = request(`/api/sales-orders/by-order-number/${orderNumber}?include=lines`, { cookie });
  const res = (await settle(() => salesOrder.loader({ request: req, context: ctx, params: { orderNumber } } as never))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  admin = await staffCookie(ctx.app, "admin@goldengrain.test");
}, 60_000);

describe("seeded picking data", () => {
  it("gives every catalogue SKU a bin in aisles A–F and a valid unit code; several have a case code", async () => {
    const items = await db.select().from(inventoryItems);
    expect(items.length).toBe(PRODUCTS.length);
    for (const item of items) expect(item.bin).toMatch(/^[A-F]-\d{2}-[1-3]$/);
    const codes = await db.select().from(productBarcodes);
    const cases = codes.filter((c) => c.kind === "case");
    expect(codes.filter((c) => c.kind === "unit").length).toBe(PRODUCTS.length);
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const c of codes) {
      expect(gtin14(c.code)).not.toBeNull();
      expect(c.codeKey).toBe(barcodeKey(c.code));
      expect(c.quantity).toBe(c.kind === "unit" ? 1 : c.quantity);
    }
    for (const c of cases) {
      expect(c.code).toMatch(/^1\d{13}$/);
      expect([10, 20]).toContain(c.quantity);
    }
    expect(productCodes(PRODUCTS[0]!.sku)).toEqual(productCodesAt(0));
    expect(productCodes("NOPE")).toBeNull();
  });
});

describe("GET /api/sales-orders/by-order-number/{n}?include=lines", () => {
  it("adds bin and barcodes ({ key, kind, quantity }) to every line", async () => {
    const [order] = await db.select().from(orders).where(eq(orders.warehouseLocation, "NY-MAIN")).orderBy(asc(orders.id)).limit(1);
    const res = await getOrder(order!.orderNumber, admin);
    expect(res.status).toBe(200);
    const lines = res.body.lines as Json[];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const seeded = productCodes(line.sku)!;
      expect(line.bin).toBe(seeded.bin);
      const expected = [{ key: barcodeKey(seeded.unit), kind: "unit", quantity: 1 }];
      if (seeded.case) expected.push({ key: barcodeKey(seeded.case.code), kind: "case", quantity: seeded.case.quantity });
      expect(line.barcodes).toEqual(expected);
    }
    // The picking screen reads the same answer through its contract.
    const read = PickOrderAnswer.parse(res.body);
    expect(read.orderNumber).toBe(order!.orderNumber);
    expect(read.lines?.map((l) => [l.lineItemId, l.bin, l.barcodes])).toEqual(lines.map((l) => [l.lineItemId, l.bin, l.barcodes]));
  });

  it("gives a line whose SKU has no bin or codes null and []", async () => {
    const [line] = await db.select().from(orderLines).orderBy(asc(orderLines.id)).limit(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, line!.orderId));
    await db.update(inventoryItems).set({ bin: null }).where(eq(inventoryItems.sku, line!.sku));
    await db.delete(productBarcodes).where(eq(productBarcodes.sku, line!.sku));
    const res = await getOrder(order!.orderNumber, admin);
    const got = (res.body.lines as Json[]).find((l) => l.lineItemId === line!.lineItemId);
    expect(got).toMatchObject({ bin: null, barcodes: [] });
  });

  it("still refuses a passcode for another warehouse with 403 and no lines", async () => {
    const cookie = await passcodeCookie(ctx.app, 1); // Main floor phones: NY-MAIN only
    const [other] = await db.select().from(orders).where(and(ne(orders.warehouseLocation, "NY-MAIN"), ne(orders.warehouseLocation, ""))).limit(1);
    const res = await getOrder(other!.orderNumber, cookie);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(`Passcode not authorized for warehouse ${other!.warehouseLocation}`);
    expect(res.body.lines).toBeUndefined();
  });
});
