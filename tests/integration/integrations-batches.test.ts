// Batches through the real /api/integrations/* routes against a database file (issue 21, decision 030): 1,000
// orders upserted twice with the same result (timed), a refused record beside accepted ones, what a resend may
// not change (status backwards, lines the floor picked), adoption of orders and products entered before the
// integration, products with bins and barcodes, stock per warehouse, locations' Last Synced, the same batch
// sent twice at once, and the limits (413, 415, 400) that write nothing.
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, inventoryItems, locations, orderLines, orders, productBarcodes, stockLevels, tasks } from "../../db/schema";
import { SEEDED_INTEGRATION_KEY } from "../../db/seed";
import type { RecordResult } from "~/domain/integrations/records";
import { openRemoteDatabase, type Database } from "~/lib/db.server";
import * as locationsRoute from "~/routes/api.integrations.locations";
import * as ordersRoute from "~/routes/api.integrations.orders";
import * as productsRoute from "~/routes/api.integrations.products";
import * as stockRoute from "~/routes/api.integrations.stock";
import * as verifyRoute from "~/routes/api.picklists.$orderNumber.verify";
import * as historyRoute from "~/routes/api.order-trackers.$id.history";
import { openDatabase } from "../../db/node";
import { startLibsqlStandin } from "../../stand-ins/libsql-http";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookie } from "../support/context";

type Batch = { results: RecordResult[]; counts: Record<"created" | "updated" | "unchanged" | "refused", number> };
type Answer = { status: number; body: { success: boolean; error?: string; data?: Batch } };
type Handler = (args: ActionFunctionArgs) => Promise<Response>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
/** What the routes handed to waitUntil (the Task Center's rebuild after a batch). */
let followUps: Promise<unknown>[] = [];

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  ctx.app.waitUntil = (p) => void followUps.push(p);
}, 60_000);

async function send(handler: Handler, kind: string, body: unknown, init: { key?: string; headers?: Record<string, string>; raw?: string; context?: typeof ctx } = {}): Promise<Answer> {
  const headers = new Headers({ authorization: `Bearer ${init.key ?? SEEDED_INTEGRATION_KEY}`, "content-type": "application/json", ...init.headers });
  const req = request(`/api/integrations/${kind}`, { method: "POST", headers, body: init.raw ?? JSON.stringify(body) });
  const res = await handler({ request: req, context: init.context ?? ctx, params: {} });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}
const sendOrders = (list: unknown[]) => send(ordersRoute.action, "orders", { orders: list });

function order(n: number, over: Record<string, unknown> = {}) {
  return {
    sourceId: `ERP-${n}`,
    orderNumber: `INT-${String(n).padStart(6, "0")}`,
    orderDate: "2025-06-18",
    customerName: `Customer ${n % 37}`,
    customerEmail: `buyer${n % 37}@example.test`,
    salesRep: "Sam Sales",
    orderType: (["Freight", "Will Call", "NY/NJ Delivery"] as const)[n % 3],
    warehouseLocation: (["NY-MAIN", "NJ-WH", "FL-DIST"] as const)[n % 3],
    paymentStatus: n % 5 === 0 ? "Payment Pending" : "Paid",
    addressLines: [`${n} Rice Road`, "Hicksville, NY"],
    lines: [
      { sourceId: `ERP-${n}-1`, sku: "JAS-25", description: "Jasmine 25 lb", quantity: 1 + (n % 9), unitPriceCents: 2450 },
      { sourceId: `ERP-${n}-2`, sku: "BAS-10", description: "Basmati 10 lb", quantity: 2, unitPriceCents: 1899 },
      { sourceId: `ERP-${n}-3`, sku: "CAL-50", quantity: 1, unitPriceCents: 3900 },
    ],
    ...over,
  };
}

async function count(table: typeof orders | typeof orderLines, where?: ReturnType<typeof sql>) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table).where(where);
  return Number(row!.n);
}

describe("1,000 orders", () => {
  it("upserted twice: created once, then all unchanged, nothing duplicated (timed)", async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => order(i + 1));
    const ordersBefore = await count(orders);
    const linesBefore = await count(orderLines);

    let t = performance.now();
    const first = await sendOrders(batch);
    const firstMs = performance.now() - t;
    expect(first.status, JSON.stringify(first.body).slice(0, 500)).toBe(200);
    expect(first.body.data!.counts).toEqual({ created: 1000, updated: 0, unchanged: 0, refused: 0 });
    expect(first.body.data!.results[999]).toEqual({ index: 999, sourceId: "ERP-1000", outcome: "created" });

    t = performance.now();
    const second = await sendOrders(batch);
    const secondMs = performance.now() - t;
    expect(second.status).toBe(200);
    expect(second.body.data!.counts).toEqual({ created: 0, updated: 0, unchanged: 1000, refused: 0 });
    expect(second.body.data!.results.every((r, i) => r.index === i && r.sourceId === `ERP-${i + 1}` && r.outcome === "unchanged")).toBe(true);

    expect(await count(orders)).toBe(ordersBefore + 1000);
    expect(await count(orderLines)).toBe(linesBefore + 3000);
    const [o] = await db.select().from(orders).where(eq(orders.orderNumber, "INT-000005"));
    // No status sent: the spec's automated status (payment pending, nobody assigned), and the lines' total.
    expect(o).toMatchObject({ sourceSystem: "inventory", sourceId: "ERP-5", orderStatus: "Pending Payment", orderType: "NY/NJ Delivery", totalCents: 6 * 2450 + 2 * 1899 + 3900, version: 1 });
    console.info(`integration batch of 1,000 orders × 3 lines: first ${firstMs.toFixed(0)} ms (all created), second ${secondMs.toFixed(0)} ms (all unchanged)`);
    expect(secondMs).toBeLessThan(10_000);
  }, 120_000);

  it("the Task Center follows: the rebuild after the batch lists the new orders", async () => {
    expect(followUps.length).toBeGreaterThan(0);
    await Promise.all(followUps);
    const listed = await db.select({ n: sql<number>`count(*)` }).from(tasks).where(sql`${tasks.orderNumber} LIKE 'INT-%'`);
    expect(Number(listed[0]!.n)).toBeGreaterThan(0);
  });
});

describe("one record refused beside accepted ones", () => {
  it("a malformed record, a status moving back and an unknown warehouse are refused with the reason; the rest land", async () => {
    await sendOrders([order(2001, { orderStatus: "Picked" })]);
    followUps = [];
    const answer = await sendOrders([
      order(2002),
      order(2003, { lines: [{ sourceId: "X", sku: "JAS-25", quantity: -1 }] }),
      order(2001, { orderStatus: "Pending Assignment" }),
      order(2004, { warehouseLocation: "MOON-BASE" }),
      order(2005),
      { nonsense: true },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.results).toEqual([
      { index: 0, sourceId: "ERP-2002", outcome: "created" },
      { index: 1, sourceId: "ERP-2003", outcome: "refused", reason: "lines.0.quantity: quantity must be at least 1" },
      { index: 2, sourceId: "ERP-2001", outcome: "refused", reason: "The status cannot move back from 'Picked' to 'Pending Assignment'" },
      { index: 3, sourceId: "ERP-2004", outcome: "refused", reason: "Unknown warehouse location MOON-BASE: send it to /api/integrations/locations first" },
      { index: 4, sourceId: "ERP-2005", outcome: "created" },
      { index: 5, sourceId: null, outcome: "refused", reason: "sourceId: sourceId is required" },
    ]);
    expect(answer.body.data!.counts).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 4 });
    const made = await db.select({ n: orders.orderNumber, s: orders.orderStatus }).from(orders).where(inArray(orders.orderNumber, ["INT-002001", "INT-002002", "INT-002003", "INT-002004", "INT-002005"]));
    expect(made.sort((a, b) => a.n.localeCompare(b.n))).toEqual([
      { n: "INT-002001", s: "Picked" },
      { n: "INT-002002", s: "Pending Assignment" },
      { n: "INT-002005", s: "Pending Payment" }, // 2005: a pending payment
    ]);
    // The batch is audited with its counts and reasons.
    const [batchAudit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "integration-batch"), eq(auditEvents.entityId, "localdev0001")))
      .orderBy(sql`${auditEvents.id} DESC`)
      .limit(1);
    expect(batchAudit!.action).toBe("orders");
    expect(batchAudit!.changes).toContainEqual({ field: "counts", before: null, after: { created: 2, updated: 0, unchanged: 0, refused: 4 } });
    expect(JSON.stringify(batchAudit!.changes)).toContain("The status cannot move back");
  });

  it("an update is written with its history, the version moves, and the order history shows it", async () => {
    const answer = await sendOrders([order(2002, { paymentStatus: "Net 30", orderStatus: "Picking" })]);
    expect(answer.body.data!.results).toEqual([{ index: 0, sourceId: "ERP-2002", outcome: "updated" }]);
    const [o] = await db.select().from(orders).where(eq(orders.orderNumber, "INT-002002"));
    expect(o).toMatchObject({ paymentStatus: "Net 30", orderStatus: "Picking", version: 2 });
    const res = await historyRoute.loader({
      request: request("/api/order-trackers/INT-002002/history", { cookie: await staffCookie(ctx.app, "logistics@goldengrain.test") }),
      context: ctx,
      params: { id: "INT-002002" },
    } as never);
    const { data: history } = (await (res as Response).json()) as { data: { timeline: { actor: string; changes: { field: string; before: unknown; after: unknown }[] }[] } };
    expect(history.timeline[0]).toMatchObject({ actor: "Inventory system (local) (integration key)" });
    expect(history.timeline[0]!.changes).toEqual([
      { field: "paymentStatus", before: "Paid", after: "Net 30" },
      { field: "orderStatus", before: "Pending Assignment", after: "Picking" },
    ]);
    expect(history.timeline.at(-1)!.changes.map((c) => c.field)).toContain("lines");
  });
});

describe("what the floor recorded stays", () => {
  it("a picked order's lines cannot change; its payment still can", async () => {
    await sendOrders([order(3001)]);
    const admin = await staffCookie(ctx.app, "admin@goldengrain.test");
    const verify = await verifyRoute.action({
      request: request("/api/picklists/INT-003001/verify", { method: "POST", cookie: admin, json: { pickedItems: [{ lineItemId: "ERP-3001-1", quantityPicked: 5 }] } }),
      context: ctx,
      params: { orderNumber: "INT-003001" },
    } as never);
    expect((verify as Response).status).toBe(200);

    const moreRice = order(3001);
    moreRice.lines[0]!.quantity = 9;
    const refusedAnswer = await sendOrders([moreRice]);
    expect(refusedAnswer.body.data!.results[0]).toEqual({
      index: 0,
      sourceId: "ERP-3001",
      outcome: "refused",
      reason: "The floor has recorded picks for this order, so its lines cannot change: line ERP-3001-1 would change from 5 × JAS-25 (ERP-3001-1) to 9 × JAS-25 (ERP-3001-1)",
    });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.lineItemId, "ERP-3001-1"));
    expect(line!.quantity).toBe(5);

    const paid = await sendOrders([order(3001, { paymentStatus: "Paid: Zelle" })]);
    expect(paid.body.data!.results[0]!.outcome).toBe("updated");
  });
});

describe("records entered before the integration", () => {
  it("an order with the same number and no source id is adopted, never duplicated; one owned by another id is refused", async () => {
    const [seeded] = await db.select().from(orders).where(eq(orders.orderNumber, "SO-100002"));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, seeded!.id)).orderBy(orderLines.position);
    const record = {
      sourceId: "LEGACY-2",
      orderNumber: seeded!.orderNumber,
      orderDate: seeded!.orderDate,
      customerName: seeded!.customerName,
      customerEmail: seeded!.customerEmail,
      salesRep: seeded!.createdBy,
      orderType: seeded!.orderType,
      warehouseLocation: seeded!.warehouseLocation,
      paymentStatus: seeded!.paymentStatus,
      orderStatus: seeded!.orderStatus,
      addressLines: seeded!.addressLines,
      totalCents: seeded!.totalCents,
      lines: lines.map((l) => ({ sourceId: l.lineItemId, sku: l.sku, productId: l.productId, description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    };
    const before = await count(orders);
    const adopted = await sendOrders([record]);
    expect(adopted.body.data!.results[0]).toEqual({ index: 0, sourceId: "LEGACY-2", outcome: "updated" });
    expect((await sendOrders([record])).body.data!.results[0]!.outcome).toBe("unchanged");
    expect(await count(orders)).toBe(before);
    const [after] = await db.select().from(orders).where(eq(orders.id, seeded!.id));
    expect(after).toMatchObject({ sourceSystem: "inventory", sourceId: "LEGACY-2", orderStatus: seeded!.orderStatus });

    const thief = await sendOrders([{ ...record, sourceId: "LEGACY-2-COPY" }]);
    expect(thief.body.data!.results[0]).toMatchObject({ outcome: "refused", reason: "Order number SO-100002 belongs to another record (inventory id LEGACY-2)" });
  });
});

describe("the same batch sent twice at once", () => {
  it("each gets a clear answer; together they create each order once", async () => {
    // Four identical batches at once, through two database clients on the same file (as two Worker
    // isolates would reach Turso), so their reads and writes interleave.
    const [{ file }] = await db.all<{ file: string }>(sql`SELECT file FROM pragma_database_list WHERE name = 'main'`);
    const other = createTestContext(openDatabase(`file:${file}`), { now: SEED_NOW });
    const batch = Array.from({ length: 50 }, (_, i) => order(5001 + i));
    const before = await count(orders);
    const answers = await Promise.all([ctx, other, ctx, other].map((context) => send(ordersRoute.action, "orders", { orders: batch }, { context })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
    const counts = answers.map((a) => a.body.data!.counts);
    expect(counts.filter((c) => c.created === 50)).toHaveLength(1);
    expect(counts.filter((c) => c.unchanged === 50)).toHaveLength(3);
    expect(await count(orders)).toBe(before + 50);
    expect(await count(orderLines, sql`${orderLines.orderId} IN (SELECT id FROM orders WHERE order_number LIKE 'INT-005%')`)).toBe(150);
  });

  it("from two Worker isolates over Turso's path (the web client, Hrana over HTTP): still once, each answer whole", async () => {
    // Each isolate has its own copy of the modules (so its own in-process queue) and its own client; their
    // statements reach the database over HTTP, so the two batches' reads and writes do interleave.
    const [{ file }] = await db.all<{ file: string }>(sql`SELECT file FROM pragma_database_list WHERE name = 'main'`);
    const standin = await startLibsqlStandin({ file });
    const pending: Promise<unknown>[] = [];
    try {
      const isolates = [];
      for (let i = 0; i < 2; i++) {
        vi.resetModules();
        const route = await import("~/routes/api.integrations.orders");
        const context = createTestContext(openRemoteDatabase(standin.url), { now: SEED_NOW });
        context.app.waitUntil = (p) => void pending.push(p);
        isolates.push({ action: route.action as Handler, context });
      }
      const batch = Array.from({ length: 40 }, (_, i) => order(6001 + i));
      const before = await count(orders);
      const answers = await Promise.all(isolates.map((isolate) => send(isolate.action, "orders", { orders: batch }, { context: isolate.context })));
      for (const a of answers) expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
      expect(answers.map((a) => a.body.data!.counts).sort((x, y) => y.created - x.created)).toEqual([
        { created: 40, updated: 0, unchanged: 0, refused: 0 },
        { created: 0, updated: 0, unchanged: 40, refused: 0 },
      ]);
      expect(await count(orders)).toBe(before + 40);
      expect(await count(orderLines, sql`${orderLines.orderId} IN (SELECT id FROM orders WHERE order_number LIKE 'INT-006%')`)).toBe(120);
    } finally {
      await Promise.allSettled(pending); // the Task Center rebuilds that follow, before the server goes
      await standin.close();
    }
  }, 60_000);
});

describe("products, stock and locations", () => {
  it("products land with bins and barcodes; a resend is unchanged; a taken barcode, a renamed SKU and a claimed SKU are refused", async () => {
    const product = { sourceId: "P-1", sku: "INT-RICE-1", description: "Integration Rice 20 lb", bin: "b-07-1", barcodes: [{ code: "INT-CODE-1" }, { code: "INT-CASE-1", kind: "case", quantity: 12 }] };
    const first = await send(productsRoute.action, "products", { products: [product] });
    expect(first.body.data!.results).toEqual([{ index: 0, sourceId: "P-1", outcome: "created" }]);
    expect((await send(productsRoute.action, "products", { products: [product] })).body.data!.counts.unchanged).toBe(1);
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.sku, "INT-RICE-1"));
    expect(item).toMatchObject({ bin: "B-07-1", description: "Integration Rice 20 lb", sourceId: "P-1", productId: "P-1" });
    const codes = await db.select().from(productBarcodes).where(eq(productBarcodes.sku, "INT-RICE-1"));
    expect(codes.map((c) => [c.codeKey, c.kind, c.quantity]).sort()).toEqual([
      ["INT-CASE-1", "case", 12],
      ["INT-CODE-1", "unit", 1],
    ]);

    const [seededCode] = await db.select().from(productBarcodes).limit(1);
    const answer = await send(productsRoute.action, "products", {
      products: [
        { ...product, barcodes: [{ code: "INT-CODE-1" }] }, // drops the case code
        { sourceId: "P-2", sku: "INT-RICE-2", barcodes: [{ code: seededCode!.code }] },
        { sourceId: "P-1-RENAMED", sku: "INT-RICE-1" },
        { sourceId: "P-3", sku: "INT-RICE-3", description: "Three" },
      ],
    });
    expect(answer.body.data!.results).toEqual([
      { index: 0, sourceId: "P-1", outcome: "updated" },
      { index: 1, sourceId: "P-2", outcome: "refused", reason: `Barcode ${seededCode!.code} is already on SKU ${seededCode!.sku}` },
      { index: 2, sourceId: "P-1-RENAMED", outcome: "refused", reason: "SKU INT-RICE-1 belongs to another record (inventory id P-1)" },
      { index: 3, sourceId: "P-3", outcome: "created" },
    ]);
    expect(await db.select().from(productBarcodes).where(eq(productBarcodes.sku, "INT-RICE-1"))).toHaveLength(1);
    const renamed = await send(productsRoute.action, "products", { products: [{ sourceId: "P-3", sku: "INT-RICE-33" }] });
    expect(renamed.body.data!.results[0]!.reason).toBe("The SKU cannot change (it is INT-RICE-3): order lines, barcodes and stock refer to it");
  });

  it("stock per warehouse: the SKU's on-hand becomes the sum; unknown SKUs and warehouses are refused", async () => {
    const answer = await send(stockRoute.action, "stock", {
      stock: [
        { sku: "INT-RICE-1", locationId: "NY-MAIN", quantityOnHand: 40 },
        { sku: "INT-RICE-1", locationId: "NJ-WH", quantityOnHand: 2 },
        { sku: "NO-SUCH-SKU", locationId: "NJ-WH", quantityOnHand: 2 },
        { sku: "INT-RICE-1", locationId: "MOON-BASE", quantityOnHand: 2 },
      ],
    });
    expect(answer.body.data!.results.map((r) => [r.sourceId, r.outcome, r.reason])).toEqual([
      ["INT-RICE-1@NY-MAIN", "created", undefined],
      ["INT-RICE-1@NJ-WH", "created", undefined],
      ["NO-SUCH-SKU@NJ-WH", "refused", "Unknown SKU NO-SUCH-SKU: send the product to /api/integrations/products first"],
      ["INT-RICE-1@MOON-BASE", "refused", "Unknown warehouse location MOON-BASE: send it to /api/integrations/locations first"],
    ]);
    const onHand = async () => (await db.select({ q: inventoryItems.quantityOnHand }).from(inventoryItems).where(eq(inventoryItems.sku, "INT-RICE-1")))[0]!.q;
    expect(await onHand()).toBe(42);
    const again = await send(stockRoute.action, "stock", { stock: [{ sku: "INT-RICE-1", locationId: "NY-MAIN", quantityOnHand: 40 }, { sku: "INT-RICE-1", locationId: "NJ-WH", quantityOnHand: 0 }] });
    expect(again.body.data!.results.map((r) => r.outcome)).toEqual(["unchanged", "updated"]);
    expect(await onHand()).toBe(40);
    expect(await db.select().from(stockLevels).where(eq(stockLevels.sku, "INT-RICE-1"))).toHaveLength(2);
  });

  it("locations: created and renamed from the system, and each one sent gets its Last Synced time", async () => {
    const later = new Date(SEED_NOW.getTime() + 3_600_000);
    const context = { ...ctx, app: { ...ctx.app, now: () => later } };
    const res = await locationsRoute.action({
      request: request("/api/integrations/locations", {
        method: "POST",
        headers: { authorization: `Bearer ${SEEDED_INTEGRATION_KEY}` },
        json: { locations: [{ sourceId: "TX-HOU", name: "TX Houston" }, { sourceId: "NJ-WH", name: "NJ Warehouse" }, { sourceId: "FL-DIST", name: "FL Distribution Center" }] },
      }),
      context,
      params: {},
    } as never);
    const body = (await res.json()) as Answer["body"];
    expect(body.data!.results.map((r) => r.outcome)).toEqual(["created", "unchanged", "updated"]);
    const rows = await db.select().from(locations).where(inArray(locations.id, ["TX-HOU", "NJ-WH", "FL-DIST", "NY-MAIN"]));
    const byId = Object.fromEntries(rows.map((l) => [l.id, l]));
    expect(byId["TX-HOU"]).toMatchObject({ name: "TX Houston", lastSynced: later.toISOString(), groups: [] });
    expect(byId["NJ-WH"]!.lastSynced).toBe(later.toISOString());
    expect(byId["FL-DIST"]).toMatchObject({ name: "FL Distribution Center", lastSynced: later.toISOString() });
    expect(byId["NY-MAIN"]!.lastSynced).not.toBe(later.toISOString());
  });
});

describe("limits and bad input: a clear 4xx, nothing written", () => {
  async function written() {
    const [row] = await db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM audit_events) + (SELECT count(*) FROM orders) AS n`);
    return Number(row!.n);
  }

  it.each([
    ["1,001 records", { orders: Array.from({ length: 1001 }, (_, i) => ({ sourceId: `X-${i}` })) }, {}, 413, "A batch holds at most 1,000 records; this one has 1,001"],
    ["a body over 5 MB", null, { raw: JSON.stringify({ orders: [{ sourceId: "x".repeat(6 * 1024 * 1024) }] }) }, 413, "A batch is at most 5 MB; send fewer records per call"],
    ["a text/plain body", { orders: [] }, { headers: { "content-type": "text/plain" } }, 415, "Expected a JSON body (Content-Type: application/json)"],
    ["malformed JSON", null, { raw: "{orders:" }, 400, "Malformed JSON body"],
    ["another kind's envelope", { products: [] }, {}, 400, "Invalid input"],
    ["records that are not a list", { orders: { sourceId: "x" } }, {}, 400, "Invalid input: orders"],
  ])("%s", async (_what, body, init, status, error) => {
    const before = await written();
    const answer = await send(ordersRoute.action, "orders", body, init as never);
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toContain(error);
    expect(await written()).toBe(before);
  });
});

describe("any batch, however wrong its records", () => {
  // Records near the real shape with junk mixed in: any field may be any JSON value (or text with lone
  // surrogates and NULs), some records are not objects at all, ids and numbers repeat across records.
  const junk = fc.oneof(fc.anything(), fc.string({ unit: "binary", maxLength: 12 }), fc.constant("\u0000"), fc.integer(), fc.double());
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }), fc.constantFrom("", " ", "SO-100003"));
  /** Mostly a value that fits, sometimes not: so a good share of records land and the rest are refused. */
  const mostly = <T,>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown> = fc.oneof(text, junk)) => fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: bad, weight: 1 });
  const line = fc.record({
    sourceId: mostly(fc.constantFrom("L1", "L2", "L3")),
    sku: mostly(fc.constantFrom("JAS-25", "BAS-10")),
    quantity: mostly(fc.integer({ min: 1, max: 40 }), fc.oneof(fc.integer({ min: -2, max: 2_000_000 }), junk)),
    unitPriceCents: mostly(fc.integer({ min: 0, max: 10_000 }), fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), junk)),
  });
  // Ids and numbers from small pools, so records meet again across batches (updates, unchanged resends,
  // numbers claimed by another id) and within one (twice-sent ids).
  const fuzzOrder = fc.integer({ min: 1, max: 8 }).chain((n) =>
    fc.record(
      {
        sourceId: mostly(fc.constant(`FZ-${n}`)),
        orderNumber: mostly(fc.constant(`FZ-N${n}`), fc.oneof(fc.constantFrom("FZ-N1", "SO-100004"), junk)),
        orderDate: mostly(fc.constantFrom("2025-06-18", "2025-06-17"), fc.constantFrom("2025-02-30", "June")),
        customerName: mostly(fc.constantFrom("Fuzz Foods", "Other Foods")),
        orderType: mostly(fc.constantFrom("Freight", "Will Call", "SAC Delivery")),
        warehouseLocation: mostly(fc.constantFrom("NY-MAIN", "NJ-WH", "FL-DIST"), fc.constantFrom("MOON-BASE", "")),
        paymentStatus: mostly(fc.constantFrom("Paid", "Net 30", "Payment Pending")),
        orderStatus: fc.option(fc.constantFrom("Picking", "Picked", "Pending Assignment", "Pickup Pending", "Cancelled", "01. Released"), { nil: undefined, freq: 2 }),
        lines: mostly(fc.uniqueArray(line, { minLength: 1, maxLength: 3, selector: (l) => l.sourceId }), fc.oneof(fc.constant([]), fc.array(line, { maxLength: 3 }), junk)),
        extra: mostly(fc.constant(undefined), junk),
      },
      { requiredKeys: ["sourceId", "orderNumber", "orderDate", "customerName", "orderType", "warehouseLocation", "lines", "extra"] },
    ),
  );

  it("is answered record by record (never a 5xx); each refusal says why; sent again, it creates and updates nothing", async () => {
    const errors = vi.spyOn(console, "error");
    const seen = { created: 0, updated: 0, unchanged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(mostly(fuzzOrder, junk), { maxLength: 6 }), async (records) => {
        const first = await sendOrders(records);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const results = first.body.data!.results;
        expect(results.map((r) => r.index)).toEqual(records.map((_, i) => i));
        for (const r of results) if (r.outcome === "refused") expect(r.reason, JSON.stringify(r)).toMatch(/\S/);
        for (const r of results) seen[r.outcome]++;
        const again = await sendOrders(records);
        for (const r of again.body.data!.results) seen[r.outcome]++;
        expect(again.body.data!.counts.created + again.body.data!.counts.updated, JSON.stringify(again.body.data)).toBe(0);
      }),
      { numRuns: 150, endOnFailure: true },
    );
    expect(errors).not.toHaveBeenCalled();
    // The property saw every answer, so it checked real writes and not only refusals.
    expect(Math.min(seen.created, seen.updated, seen.unchanged, seen.refused), JSON.stringify(seen)).toBeGreaterThan(0);
    errors.mockRestore();
  }, 120_000);
});
