// The admin's CSV import through the real routes against a real seeded libSQL file: the check names every bad row
// by row and column and writes nothing; a chunk with a bad row is refused whole and writes nothing; good chunks
// upsert through the integration API's functions with each record's outcome by row; sending a chunk again
// duplicates nothing; a wrong header, a wrong encoding, a workbook and 100,000 rows each get a clear answer.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, orderLines, orders, stockLevels } from "../../db/schema";
import { ImportCheckAnswer, ImportRunAnswer } from "~/domain/imports/contract";
import { IMPORT_CHUNK_ROWS, importChunks, readImportRows } from "~/domain/imports/csv-file";
import { action as checkAction } from "~/routes/api.admin.imports.check";
import { action as runAction } from "~/routes/api.admin.imports.run";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";

let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  Object.assign(cookies, await staffCookies(ctx.app, ["admin", "logistics"]));
}, 60_000);

async function check(kind: string, content: string | Uint8Array<ArrayBuffer>, who: string | null = "admin", name = "import.csv") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new File([content], name, { type: "text/csv" }));
  const res = (await settle(() => checkAction({ request: request("/api/admin/imports/check", { method: "POST", body: form, cookie: who ? cookies[who] : undefined }), context: ctx, params: {} }))) as Response;
  const body = (await res.json()) as any;
  // Every answer the Import screen reads must match the contract it reads it by.
  if (res.status === 200) ImportCheckAnswer.parse(body);
  return { status: res.status, body };
}

async function run(kind: string, csv: string, who = "admin", sourceSystem = "csv") {
  const { header, rows } = readImportRows(csv);
  const res = (await settle(() =>
    runAction({ request: request("/api/admin/imports/run", { method: "POST", json: { kind, sourceSystem, header, rows }, cookie: cookies[who] }), context: ctx, params: {} }),
  )) as Response;
  const body = (await res.json()) as any;
  if (res.status === 200) ImportRunAnswer.parse(body);
  return { status: res.status, body };
}

const ORDER_HEADER = "sourceId,orderNumber,orderDate,customerName,orderType,warehouseLocation,paymentStatus,address,lineId,sku,description,quantity,unitPrice";
const GOOD_ORDERS = [
  ORDER_HEADER,
  'IMP-1,SO-IMP-1,2025-06-17,"Acme Rice, Inc.",Freight,NY-MAIN,Paid,1 Main St; Edison NJ,L1,RB-25,Jasmine 25 lb,4,12.50',
  "IMP-1,,,,,,,,L2,JS-50,,2,30",
  "IMP-2,SO-IMP-2,2025-06-18,Golden Deli,Will Call,NJ-WH,,,L1,RB-25,,10,",
].join("\r\n");
// Row 4 (the second line of IMP-1) says 'four'.
const BAD_ORDERS = GOOD_ORDERS.replace("L2,JS-50,,2,30", "L2,JS-50,,four,30");

const ordersNamed = (numbers: string[]) => ctx.app.db.select().from(orders).where(inArray(orders.orderNumber, numbers));

describe("orders with a bad row", () => {
  it("the check names the row and column, shows the preview, and writes nothing", async () => {
    const { status, body } = await check("orders", BAD_ORDERS);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, kind: "orders", rows: 3, ready: false, errorCount: 1 });
    expect(body.errors).toEqual([{ row: 3, column: "quantity", message: "quantity must be a whole number" }]);
    expect(body.header).toEqual(ORDER_HEADER.split(","));
    expect(body.preview[0]).toEqual({ row: 2, cells: ["IMP-1", "SO-IMP-1", "2025-06-17", "Acme Rice, Inc.", "Freight", "NY-MAIN", "Paid", "1 Main St; Edison NJ", "L1", "RB-25", "Jasmine 25 lb", "4", "12.50"] });
    expect(await ordersNamed(["SO-IMP-1", "SO-IMP-2"])).toEqual([]);
  });

  it("a chunk holding the bad row is refused whole (400 naming it) and writes nothing, not even the good order", async () => {
    const { status, body } = await run("orders", BAD_ORDERS);
    expect(status).toBe(400);
    expect(body.error).toBe("Row 3, quantity: quantity must be a whole number");
    expect(body.errors).toEqual([{ row: 3, column: "quantity", message: "quantity must be a whole number" }]);
    expect(await ordersNamed(["SO-IMP-1", "SO-IMP-2"])).toEqual([]);
  });

  it("the corrected file checks clean and imports, each order's outcome on its rows", async () => {
    const checked = await check("orders", GOOD_ORDERS);
    expect(checked.body).toMatchObject({ ready: true, rows: 3, records: 2, errorCount: 0 });
    const { status, body } = await run("orders", GOOD_ORDERS);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { rows: [2, 3], sourceId: "IMP-1", outcome: "created" },
      { rows: [4], sourceId: "IMP-2", outcome: "created" },
    ]);
    expect(body.counts).toMatchObject({ created: 2, refused: 0 });
    const [one] = await ordersNamed(["SO-IMP-1"]);
    expect(one).toMatchObject({ customerName: "Acme Rice, Inc.", orderType: "Freight", warehouseLocation: "NY-MAIN", paymentStatus: "Paid", addressLines: ["1 Main St", "Edison NJ"], sourceSystem: "csv", sourceId: "IMP-1" });
    const lines = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, one!.id));
    expect(lines.map((l) => [l.lineItemId, l.sku, l.quantity, l.unitPriceCents]).sort()).toEqual([["L1", "RB-25", 4, 1250], ["L2", "JS-50", 2, 3000]]);
  });

  it("the same file again changes nothing and duplicates nothing", async () => {
    const before = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders);
    const { status, body } = await run("orders", GOOD_ORDERS);
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.outcome)).toEqual(["unchanged", "unchanged"]);
    expect(await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders)).toEqual(before);
    expect(await ordersNamed(["SO-IMP-1", "SO-IMP-2"])).toHaveLength(2);
  });

  it("a record the upsert refuses (an unknown warehouse) is named with its reason; the others land", async () => {
    const csv = [ORDER_HEADER, "IMP-3,SO-IMP-3,2025-06-18,Zed Co,Freight,XX-NOWHERE,,,L1,RB-25,,1,", "IMP-4,SO-IMP-4,2025-06-18,Yak Co,Freight,NJ-WH,,,L1,RB-25,,1,"].join("\n");
    const { status, body } = await run("orders", csv);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ rows: [2], sourceId: "IMP-3", outcome: "refused" });
    expect(body.results[0].reason).toMatch(/Unknown warehouse location XX-NOWHERE/);
    expect(body.results[1]).toMatchObject({ rows: [3], sourceId: "IMP-4", outcome: "created" });
    expect(await ordersNamed(["SO-IMP-3"])).toEqual([]);
  });

  it("the screen's chunks of a large file import every order once", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => `BULK-${Math.floor(i / 2)},SO-BULK-${Math.floor(i / 2)},2025-06-18,Bulk Co,Freight,NY-MAIN,,,L${i % 2},RB-25,,1,`);
    const csv = [ORDER_HEADER, ...rows].join("\n");
    expect((await check("orders", csv)).body).toMatchObject({ ready: true, records: 300 });
    const { header, rows: parsed } = readImportRows(csv);
    const chunks = importChunks("orders", header, parsed);
    expect(chunks.length).toBeGreaterThan(1);
    let created = 0;
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(IMPORT_CHUNK_ROWS);
      const res = (await runAction({ request: request("/api/admin/imports/run", { method: "POST", json: { kind: "orders", sourceSystem: "csv", header, rows: chunk }, cookie: cookies.admin }), context: ctx, params: {} })) as Response;
      const body = (await res.json()) as any;
      created += body.counts.created;
    }
    expect(created).toBe(300);
    const [count] = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders).where(sql`${orders.orderNumber} LIKE 'SO-BULK-%'`);
    expect(count!.n).toBe(300);
  });
});

describe("stock and products", () => {
  it("stock for a known SKU lands; an unknown SKU is refused with its reason", async () => {
    const [item] = await ctx.app.db.select().from(inventoryItems).limit(1);
    const csv = `sku,locationId,quantityOnHand\n${item!.sku},NY-MAIN,"1,200"\nNOPE-SKU,NY-MAIN,5\n`;
    expect((await check("stock", csv)).body).toMatchObject({ ready: true, records: 2 });
    const { status, body } = await run("stock", csv);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ rows: [2], sourceId: `${item!.sku}@NY-MAIN` });
    expect(["created", "updated"]).toContain(body.results[0].outcome);
    expect(body.results[1]).toMatchObject({ rows: [3], outcome: "refused" });
    expect(body.results[1].reason).toMatch(/Unknown SKU NOPE-SKU/);
    const [level] = await ctx.app.db.select().from(stockLevels).where(eq(stockLevels.sku, item!.sku));
    expect(level!.quantityOnHand).toBe(1200);
  });
  it("products: a new product with its barcodes", async () => {
    const csv = "sourceId,sku,description,barcodes,bin\nP-IMP-1,IMP-SKU-1,Imported rice,012345678905,A-01-1\n";
    const { status, body } = await run("products", csv);
    expect(status).toBe(200);
    expect(body.results).toEqual([{ rows: [2], sourceId: "P-IMP-1", outcome: "created" }]);
    const [item] = await ctx.app.db.select().from(inventoryItems).where(eq(inventoryItems.sku, "IMP-SKU-1"));
    expect(item).toMatchObject({ description: "Imported rice", bin: "A-01-1" });
  });
});

describe("files that get a clear answer instead of an import", () => {
  it("a wrong header: every problem on row 1, and a run is refused", async () => {
    const csv = "sku,warehouse,qty\nRB-25,NY-MAIN,3\n";
    const { status, body } = await check("stock", csv);
    expect(status).toBe(200);
    expect(body.ready).toBe(false);
    expect(body.errors.map((e: any) => e.message)).toEqual([
      expect.stringMatching(/Unknown column 'warehouse'/),
      expect.stringMatching(/Unknown column 'qty'/),
      "The required column 'locationId' is missing",
      "The required column 'quantityOnHand' is missing",
    ]);
    expect(body.errors.every((e: any) => e.row === 1)).toBe(true);
    expect((await run("stock", csv)).status).toBe(400);
  });
  it("a file in another encoding: 415 saying to save it as CSV UTF-8", async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode("sku,locationId,quantityOnHand\nCaf"), 0xe9, ...new TextEncoder().encode(",NY-MAIN,1\n")]);
    const { status, body } = await check("stock", latin1);
    expect(status).toBe(415);
    expect(body.error).toMatch(/not UTF-8.*CSV UTF-8/);
  });
  it("an Excel workbook: 415 saying how to save it as CSV", async () => {
    const { status, body } = await check("stock", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0]), "admin", "stock.xlsx");
    expect(status).toBe(415);
    expect(body.error).toMatch(/Excel workbook/);
  });
  it("100,000 rows: 413 naming the limit, nothing written", async () => {
    const csv = `sku,locationId,quantityOnHand\n${"RB-25,NY-MAIN,1\n".repeat(100_000)}`;
    const { status, body } = await check("stock", csv);
    expect(status).toBe(413);
    expect(body.error).toMatch(/more than 10,000 rows.*split it/);
  });
  it("a file over 8 MB: 413", async () => {
    const { status, body } = await check("stock", `sku,locationId,quantityOnHand\n${"x".repeat(9 * 1024 * 1024)}`);
    expect(status).toBe(413);
    expect(body.error).toMatch(/larger than 8 MB/);
  });
  it("an unknown kind or no file: 400", async () => {
    expect((await check("customers", "a\n1\n")).status).toBe(400);
    const form = new FormData();
    form.set("kind", "stock");
    const res = (await checkAction({ request: request("/api/admin/imports/check", { method: "POST", body: form, cookie: cookies.admin }), context: ctx, params: {} })) as Response;
    expect(res.status).toBe(400);
  });
});

describe("who may import", () => {
  it("admins only: a logistics manager gets 403, nobody signed in 401, and nothing is written", async () => {
    expect((await check("stock", "sku,locationId,quantityOnHand\nRB-25,NY-MAIN,9\n", "logistics")).status).toBe(403);
    expect((await check("stock", "sku,locationId,quantityOnHand\nRB-25,NY-MAIN,9\n", null)).status).toBe(401);
    const before = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders);
    expect((await run("orders", GOOD_ORDERS.replace(/IMP-/g, "LOG-"), "logistics")).status).toBe(403);
    expect(await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders)).toEqual(before);
  });
});
