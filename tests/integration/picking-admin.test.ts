// Admin Products & Barcodes and Short Reasons (issue 13): admins only; bad input is a 400 with the reason
// and nothing written; a code already on a SKU is a 409 naming it; every change is audited; a new barcode
// reaches the picking payload; a deactivated reason is refused by a pick save.
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, inventoryItems, orderLines, orders, pickShortReasons, productBarcodes } from "../../db/schema";
import { PRODUCTS, productCodesAt } from "../../db/seed-data";
import { barcodeKey, gs1CheckDigit } from "~/domain/picking/barcodes";
import type { Database } from "~/lib/db.server";
import * as products from "~/routes/api.admin.products";
import * as product from "~/routes/api.admin.products.$sku";
import * as barcodes from "~/routes/api.admin.products.$sku.barcodes";
import * as barcode from "~/routes/api.admin.products.$sku.barcodes.$id";
import * as reasons from "~/routes/api.admin.short-reasons";
import * as reason from "~/routes/api.admin.short-reasons.$id";
import * as pickerReasons from "~/routes/api.picklists.short-reasons";
import { ShortReasonsAnswer } from "~/domain/picking/contract";
import * as salesOrder from "~/routes/api.sales-orders.by-order-number.$orderNumber";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;
type Mod = { loader: (a: unknown) => Promise<unknown>; action: (a: unknown) => Promise<unknown> };

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

async function call(mod: unknown, method: string, path: string, params: Record<string, string>, cookie: string | undefined, json?: unknown) {
  const m = mod as Mod;
  const req = request(path, { method, cookie, ...(json !== undefined ? { json } : {}) });
  const res = (await settle(() => (method === "GET" ? m.loader : m.action)({ request: req, context: ctx, params }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

const writes = async () => [
  Number((await db.all<{ n: number }>(sql`select count(*) n from product_barcodes`))[0]!.n),
  Number((await db.all<{ n: number }>(sql`select count(*) n from pick_short_reasons`))[0]!.n),
  Number((await db.all<{ n: number }>(sql`select count(*) n from audit_events`))[0]!.n),
  (await db.all<{ b: string }>(sql`select group_concat(coalesce(bin, '-')) b from inventory_items`))[0]!.b,
];

/** A valid UPC-A not in the seed. */
function freshUpc(n: number) {
  const body = `0999${String(n).padStart(7, "0")}`;
  return body + gs1CheckDigit(body);
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  for (const who of ["admin", "logistics", "sales", "warehouse"]) cookies[who] = await staffCookie(ctx.app, `${who}@goldengrain.test`);
}, 60_000);

describe("who may call", () => {
  it.each(["logistics", "sales", "warehouse", "anonymous"])("%s gets 401/403 everywhere and nothing is written", async (who) => {
    const cookie = cookies[who];
    const before = await writes();
    const sku = PRODUCTS[0]!.sku;
    const results = [
      await call(products, "GET", "/api/admin/products", {}, cookie),
      await call(product, "PUT", `/api/admin/products/${sku}`, { sku }, cookie, { bin: "Z-01-1" }),
      await call(barcodes, "POST", `/api/admin/products/${sku}/barcodes`, { sku }, cookie, { code: freshUpc(1), kind: "unit" }),
      await call(barcode, "DELETE", `/api/admin/products/${sku}/barcodes/1`, { sku, id: "1" }, cookie),
      await call(reasons, "GET", "/api/admin/short-reasons", {}, cookie),
      await call(reasons, "POST", "/api/admin/short-reasons", {}, cookie, { label: "Nope", action: "none" }),
      await call(reason, "PUT", "/api/admin/short-reasons/1", { id: "1" }, cookie, { active: false }),
    ];
    for (const r of results) expect(r.status).toBe(cookie ? 403 : 401);
    expect(await writes()).toEqual(before);
  });
});

describe("products", () => {
  it("lists 25 a page by SKU, with bins and barcodes, and searches SKU, description and code (any form of a GTIN)", async () => {
    const first = await call(products, "GET", "/api/admin/products", {}, cookies.admin);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(PRODUCTS.length);
    expect(first.body.data).toHaveLength(25);
    const sorted = [...PRODUCTS.map((p) => p.sku)].sort();
    expect(first.body.data.map((p: Json) => p.sku)).toEqual(sorted.slice(0, 25));
    const second = await call(products, "GET", "/api/admin/products?page=2", {}, cookies.admin);
    expect(second.body.data.map((p: Json) => p.sku)).toEqual(sorted.slice(25, 50));

    const codes = productCodesAt(4);
    const byCode = await call(products, "GET", `/api/admin/products?q=${codes.unit}`, {}, cookies.admin);
    expect(byCode.body.data.map((p: Json) => p.sku)).toEqual([codes.sku]);
    // The UPC-A's EAN-13 form (a leading 0) finds it by its match key.
    if (codes.unit.length === 12) {
      const byEan = await call(products, "GET", `/api/admin/products?q=0${codes.unit}`, {}, cookies.admin);
      expect(byEan.body.data.map((p: Json) => p.sku)).toEqual([codes.sku]);
    }
    const byDescription = await call(products, "GET", "/api/admin/products?q=basmati", {}, cookies.admin);
    expect(byDescription.body.data.length).toBeGreaterThan(1);
    expect(byDescription.body.data.every((p: Json) => /basmati/i.test(p.description))).toBe(true);
    expect(byDescription.body.data[0]).toMatchObject({ bin: expect.stringMatching(/^[A-F]-/), barcodes: expect.any(Array) });
    expect((await call(products, "GET", "/api/admin/products?page=0", {}, cookies.admin)).status).toBe(400);
  });

  it("sets a bin (upper-cased, audited), clears it with null, refuses a bad one with nothing written", async () => {
    const sku = PRODUCTS[1]!.sku;
    const res = await call(product, "PUT", `/api/admin/products/${sku}`, { sku }, cookies.admin, { bin: " b-07-3 " });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { sku, bin: "B-07-3" } } });
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.entityId, sku)).orderBy(sql`${auditEvents.id} DESC`).limit(1);
    expect(audit).toMatchObject({ entityType: "product", action: "update", changes: [{ field: "bin", before: productCodesAt(1).bin, after: "B-07-3" }] });
    const before = await writes();
    for (const bad of [{ bin: "A;DROP" }, { bin: "x".repeat(25) }, { bin: 7 }, { bin: "A-1", extra: true }]) {
      const r = await call(product, "PUT", `/api/admin/products/${sku}`, { sku }, cookies.admin, bad);
      expect(r.status).toBe(400);
    }
    expect((await call(product, "PUT", "/api/admin/products/NOPE", { sku: "NOPE" }, cookies.admin, { bin: "A-1" })).status).toBe(404);
    expect(await writes()).toEqual(before);
    expect((await call(product, "PUT", `/api/admin/products/${sku}`, { sku }, cookies.admin, { bin: null })).body.data.bin).toBeNull();
  });

  it("adds unit and case codes (reaching the picking payload), 409 for a code already on a SKU, 400 for a bad one", async () => {
    const sku = PRODUCTS[2]!.sku;
    const code = freshUpc(2);
    const added = await call(barcodes, "POST", `/api/admin/products/${sku}/barcodes`, { sku }, cookies.admin, { code, kind: "unit" });
    expect(added.status).toBe(201);
    expect(added.body.data.barcodes).toContainEqual({ id: expect.any(Number), code, key: barcodeKey(code), kind: "unit", quantity: 1 });
    const caseBody = `1${code.padStart(13, "0").slice(0, 12)}`;
    const caseCode = caseBody + gs1CheckDigit(caseBody);
    const withCase = await call(barcodes, "POST", `/api/admin/products/${sku}/barcodes`, { sku }, cookies.admin, { code: caseCode, kind: "case", quantity: 12 });
    expect(withCase.body.data.barcodes).toContainEqual(expect.objectContaining({ code: caseCode, kind: "case", quantity: 12 }));

    // The picking payload of an order with this SKU carries the new codes.
    const [line] = await db.select({ orderNumber: orders.orderNumber }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.sku, sku)).limit(1);
    if (line) {
      const so = await call(salesOrder, "GET", `/api/sales-orders/by-order-number/${line.orderNumber}?include=lines`, { orderNumber: line.orderNumber }, cookies.admin);
      const got = so.body.lines.find((l: Json) => l.sku === sku);
      expect(got.barcodes).toContainEqual({ key: barcodeKey(caseCode), kind: "case", quantity: 12 });
    }

    const before = await writes();
    // The same product's code in another form (EAN-13 of the UPC-A) is the same barcode.
    const dup = await call(barcodes, "POST", `/api/admin/products/${PRODUCTS[3]!.sku}/barcodes`, { sku: PRODUCTS[3]!.sku }, cookies.admin, { code: `0${code}`, kind: "unit" });
    expect(dup).toEqual({ status: 409, body: { success: false, error: `This barcode is already on SKU ${sku}` } });
    const bad: [unknown, string][] = [
      [{ code: "", kind: "unit" }, "Enter a barcode."],
      [{ code: code.slice(0, -1) + ((Number(code.at(-1)) + 1) % 10), kind: "unit" }, "The check digit of this UPC/EAN is wrong."],
      [{ code: "ABC-1", kind: "case", quantity: 1 }, "A case holds 2 to 10,000 units."],
      [{ code: "ABC-1", kind: "case" }, "A case holds 2 to 10,000 units."],
      [{ code: "ABC-1", kind: "unit", quantity: 5 }, "A unit barcode confirms one unit."],
      [{ code: "x".repeat(65), kind: "unit" }, "A barcode has at most 64 characters."],
    ];
    for (const [body, error] of bad) {
      const r = await call(barcodes, "POST", `/api/admin/products/${sku}/barcodes`, { sku }, cookies.admin, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(error);
    }
    expect((await call(barcodes, "POST", `/api/admin/products/${sku}/barcodes`, { sku }, cookies.admin, { code: "X", kind: "pallet" })).status).toBe(400);
    expect(await writes()).toEqual(before);
  });

  it("removes a barcode of that SKU only (404 for another SKU's id)", async () => {
    const sku = PRODUCTS[5]!.sku;
    const [row] = await db.select().from(productBarcodes).where(eq(productBarcodes.sku, sku)).orderBy(asc(productBarcodes.id)).limit(1);
    const other = PRODUCTS[6]!.sku;
    expect((await call(barcode, "DELETE", `/api/admin/products/${other}/barcodes/${row!.id}`, { sku: other, id: String(row!.id) }, cookies.admin)).status).toBe(404);
    const res = await call(barcode, "DELETE", `/api/admin/products/${sku}/barcodes/${row!.id}`, { sku, id: String(row!.id) }, cookies.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.barcodes.map((b: Json) => b.id)).not.toContain(row!.id);
    expect(await db.select().from(productBarcodes).where(eq(productBarcodes.id, row!.id))).toEqual([]);
  });
});

describe("short reasons", () => {
  const labels = async () => (await call(reasons, "GET", "/api/admin/short-reasons", {}, cookies.admin)).body.data.map((r: Json) => `${r.label}:${r.action}:${r.active ? "on" : "off"}`);

  it("adds (409 for a label already there in any case; 400 for a bad one, nothing written)", async () => {
    const res = await call(reasons, "POST", "/api/admin/short-reasons", {}, cookies.admin, { label: "  Mislabeled ", action: "recount" });
    expect(res).toMatchObject({ status: 201, body: { data: { label: "Mislabeled", action: "recount", active: true } } });
    expect(await labels()).toEqual(["Stockout:follow_up:on", "Damaged:recount:on", "Wrong bin:none:on", "Other:none:on", "Mislabeled:recount:on"]);
    const before = await writes();
    expect(await call(reasons, "POST", "/api/admin/short-reasons", {}, cookies.admin, { label: "stockout" })).toEqual({ status: 409, body: { success: false, error: "A short reason named 'stockout' already exists." } });
    for (const bad of [{ label: "" }, { label: "x".repeat(81) }, { label: "A", action: "explode" }, { label: "A", extra: 1 }]) {
      expect((await call(reasons, "POST", "/api/admin/short-reasons", {}, cookies.admin, bad)).status).toBe(400);
    }
    expect(await writes()).toEqual(before);
  });

  it("renames, sets the action, moves up and down, deactivates (refused by pickers' list), with version checks", async () => {
    const all = (await call(reasons, "GET", "/api/admin/short-reasons", {}, cookies.admin)).body.data as Json[];
    const mis = all.find((r) => r.label === "Mislabeled")!;
    let res = await call(reason, "PUT", `/api/admin/short-reasons/${mis.id}`, { id: String(mis.id) }, cookies.admin, { label: "Mislabelled", action: "none", version: mis.version });
    expect(res.status).toBe(200);
    res = await call(reason, "PUT", `/api/admin/short-reasons/${mis.id}`, { id: String(mis.id) }, cookies.admin, { move: "up" });
    expect(await labels()).toEqual(["Stockout:follow_up:on", "Damaged:recount:on", "Wrong bin:none:on", "Mislabelled:none:on", "Other:none:on"]);
    const stale = await call(reason, "PUT", `/api/admin/short-reasons/${mis.id}`, { id: String(mis.id) }, cookies.admin, { active: false, version: mis.version });
    expect(stale.status).toBe(409);
    const stockout = all.find((r) => r.label === "Stockout")!;
    expect((await call(reason, "PUT", `/api/admin/short-reasons/${stockout.id}`, { id: String(stockout.id) }, cookies.admin, { move: "up" })).status).toBe(200);
    expect((await call(reason, "PUT", `/api/admin/short-reasons/${stockout.id}`, { id: String(stockout.id) }, cookies.admin, { label: "damaged" })).status).toBe(409);
    res = await call(reason, "PUT", `/api/admin/short-reasons/${mis.id}`, { id: String(mis.id) }, cookies.admin, { active: false });
    expect(res.body.data.find((r: Json) => r.id === mis.id).active).toBe(false);
    const picker = await call(pickerReasons, "GET", "/api/picklists/short-reasons", {}, cookies.warehouse);
    expect(picker.body.data.map((r: Json) => r.label)).toEqual(["Stockout", "Damaged", "Wrong bin", "Other"]);
    expect(ShortReasonsAnswer.parse(picker.body).map((r) => r.label)).toEqual(["Stockout", "Damaged", "Wrong bin", "Other"]);
    expect((await call(reason, "PUT", "/api/admin/short-reasons/99999", { id: "99999" }, cookies.admin, { active: true })).status).toBe(404);
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.entityType, "pick-short-reason"));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "update", "move"]));
    // Nothing about other tables: bins stay as they were.
    expect((await db.select().from(inventoryItems)).length).toBe(PRODUCTS.length);
    expect((await db.select().from(pickShortReasons)).length).toBe(5);
  });
});
