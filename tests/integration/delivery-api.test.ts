// The driver's delivery calls (spec 001 §4, §7, §8; issue 8): the 403/404 answers, out for delivery, the COD
// and issue photos (type, size, polyglot, replay), completion (signature, date, required proof, delivered
// quantities, cash, three replays with one key, a crash before the commit), the delivery order PDF as text,
// Help's revert, the delivery order link, the required-proof setting and the customer's proof link.
import { execFileSync } from "node:child_process";
import { and, eq, like, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, deliveryMeta, idempotencyKeys, notifications, orderLines, orders, settings, storedFiles } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import * as address from "~/routes/api.delivery.$orderId.address";
import * as meta from "~/routes/api.delivery.$orderId.meta";
import * as doc from "~/routes/api.delivery.$orderId.do";
import * as out from "~/routes/api.delivery.$orderId.out-for-delivery";
import * as cod from "~/routes/api.delivery.$orderId.cod-proof";
import * as issue from "~/routes/api.delivery.$orderId.issue-photo";
import * as complete from "~/routes/api.delivery.$orderId.complete";
import * as needHelp from "~/routes/api.delivery.$orderId.need-help";
import * as proofLink from "~/routes/api.delivery.$orderId.proof-link";
import * as today from "~/routes/api.delivery.today";
import * as deliverySettings from "~/routes/api.delivery.settings";
import * as proofPage from "~/routes/proof.$token";
import { AddressAnswer, CompletionAnswer, DeliveryOrderAnswer, HelpAnswer, MetaAnswer, OutForDeliveryAnswer, PhotoAnswer, ProofLinkAnswer, SettingsAnswer, TodayAnswer } from "~/domain/delivery/contract";
import type { RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";
import { driverScopeOrders, startMailStandins } from "../support/delivery";

type Json = any;
type Mod = { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };

const PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const PNG = Uint8Array.from(atob(PNG_B64), (c) => c.charCodeAt(0));
const SIGNATURE = `data:image/png;base64,${PNG_B64}`;
const TODAY = "2025-06-18";

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;
let driver: string;
let admin: string;
let sales: string;
let warehouse: string;

type OrderRef = { id: number; orderNumber: string };

/** Each route's contract (app/domain/delivery/contract.ts): every successful answer below is parsed by it, so a renamed field fails here. */
const CONTRACTS = new Map<Mod, { parse: (body: unknown) => unknown }>([
  [address, AddressAnswer],
  [meta, MetaAnswer],
  [doc, DeliveryOrderAnswer],
  [out, OutForDeliveryAnswer],
  [cod, PhotoAnswer],
  [issue, PhotoAnswer],
  [complete, CompletionAnswer],
  [needHelp, HelpAnswer],
  [proofLink, ProofLinkAnswer],
  [today, TodayAnswer],
  [deliverySettings, SettingsAnswer],
]);

async function call(mod: Mod, method: "GET" | "POST" | "PUT", path: string, cookie: string | undefined, opts: { json?: unknown; body?: BodyInit; headers?: HeadersInit; params?: Record<string, string> } = {}) {
  const kind = method === "GET" ? "loader" : "action";
  const req = request(path, { method, cookie, headers: opts.headers, ...(opts.json !== undefined ? { json: opts.json } : {}), ...(opts.body ? { body: opts.body } : {}) });
  const res = (await settle(() => mod[kind]!({ request: req, context: ctx, params: opts.params ?? {} }))) as Response;
  const body = (await res.json()) as Json;
  if (res.status >= 200 && res.status < 300) CONTRACTS.get(mod)?.parse(body);
  return { status: res.status, body };
}

const at = (o: OrderRef, tail: string) => ({ path: `/api/delivery/${o.id}/${tail}`, params: { orderId: String(o.id) } });

function photo(bytes: Uint8Array, note?: string, name = "photo.png") {
  const form = new FormData();
  form.append("image", new Blob([bytes as BlobPart]), name);
  if (note !== undefined) form.append("note", note);
  return form;
}

function pdfText(bytes: Uint8Array): string {
  return execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes) }).toString("utf8");
}

async function storedPdf(orderId: number): Promise<string> {
  const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, orderId));
  const object = await ctx.app.files.get(m!.deliveryOrderKey!);
  return pdfText(new Uint8Array(await object!.arrayBuffer()));
}

/** Fresh orders of the driver's scope (NY-MAIN / NJ-WH, NY/NJ or VA Delivery), not delivered yet. */
let pool: OrderRef[] = [];
async function driverOrder(opts: { cod?: boolean } = {}): Promise<OrderRef> {
  const o = pool.shift();
  if (!o) throw new Error("no more driver orders in the seed");
  await db
    .update(orders)
    .set({ paymentStatus: opts.cod ? "Cash On Delivery" : "Paid: Check", orderStatus: "Picked", hasDeliveryOrder: false, deliveryCompletedAt: null, totalCents: 12_345 })
    .where(eq(orders.id, o.id));
  return o;
}

async function outsideOrder(): Promise<OrderRef> {
  const [o] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(ne(orders.warehouseLocation, "NY-MAIN"), ne(orders.warehouseLocation, "NJ-WH")))
    .limit(1);
  return o!;
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  const mail = await startMailStandins(db, "delivery");
  standins = mail.standins;
  ctx = createTestContext(db, { now: SEED_NOW, env: mail.env });
  [driver, admin, sales, warehouse] = await Promise.all(["driver", "admin", "sales", "warehouse"].map((n) => staffCookie(ctx.app, `${n}@goldengrain.test`)));
  pool = await driverScopeOrders(db);
  expect(pool.length).toBeGreaterThan(12);
}, 60_000);

afterAll(async () => {
  await standins?.close();
});

beforeEach(async () => {
  await db.delete(settings).where(eq(settings.key, "delivery.requiredProof"));
});

describe("which orders a driver may deliver", () => {
  it("answers the address and meta of an order in scope, by id or order number", async () => {
    const o = await driverOrder();
    const a = await call(address, "GET", `/api/delivery/${o.orderNumber}/address`, driver, { params: { orderId: o.orderNumber } });
    expect(a.status).toBe(200);
    expect(a.body.success).toBe(true);
    expect(a.body.data.formatted).toMatch(/\S, \S/);
    const m = await call(meta, "GET", at(o, "meta").path, driver, { params: at(o, "meta").params });
    expect(m.body).toMatchObject({ success: true, data: { orderNumber: o.orderNumber, hasDeliveryOrder: false, deliveryCompletedAt: null, cashOnDelivery: false } });
    expect(m.body.data.lines.length).toBeGreaterThan(0);
    expect(m.body.data).not.toHaveProperty("truckingCompany");
  });

  it("403 'Not authorized for this order' outside the driver's warehouses or types, 404 'Order not found' when absent", async () => {
    const o = await outsideOrder();
    const [before] = await db.select().from(orders).where(eq(orders.id, o.id));
    for (const [mod, tail, method] of [[address, "address", "GET"], [meta, "meta", "GET"], [out, "out-for-delivery", "POST"], [complete, "complete", "POST"]] as const) {
      const res = await call(mod, method, at(o, tail).path, driver, { params: at(o, tail).params, ...(method === "POST" ? { json: { signedByName: "X", deliveryDate: TODAY } } : {}) });
      expect(res.status, tail).toBe(403);
      expect(res.body).toEqual({ success: false, error: "Not authorized for this order" });
    }
    const missing = await call(meta, "GET", "/api/delivery/SO-NOPE/meta", driver, { params: { orderId: "SO-NOPE" } });
    expect(missing).toEqual({ status: 404, body: { success: false, error: "Order not found" } });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toEqual(before);
  });

  it("the office may look up a delivery order but not perform a delivery; a warehouse employee neither", async () => {
    const o = await driverOrder();
    expect((await call(meta, "GET", at(o, "meta").path, sales, { params: at(o, "meta").params })).status).toBe(200);
    expect((await call(out, "POST", at(o, "out-for-delivery").path, sales, { params: at(o, "out-for-delivery").params, json: {} })).status).toBe(403);
    expect((await call(meta, "GET", at(o, "meta").path, warehouse, { params: at(o, "meta").params })).status).toBe(403);
  });

  it("lists today's deliveries for Need Help's order choice", async () => {
    const res = await call(today, "GET", "/api/delivery/today", driver);
    expect(res.status).toBe(200);
    for (const d of res.body.data) expect(Object.keys(d).sort()).toEqual(["customerName", "orderId", "orderNumber"]);
  });
});

describe("out for delivery and photos", () => {
  it("marks the order 'Out for Delivery' with an empty JSON body, and records when", async () => {
    const o = await driverOrder();
    const res = await call(out, "POST", at(o, "out-for-delivery").path, driver, { params: at(o, "out-for-delivery").params, json: {} });
    expect(res.body).toMatchObject({ success: true, data: { orderStatus: "Out for Delivery", outForDeliveryAt: SEED_NOW.toISOString() } });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.orderStatus).toBe("Out for Delivery");
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.out-for-delivery")));
    expect(audit[0]!.changes).toEqual([{ field: "orderStatus", before: "Picked", after: "Out for Delivery" }]);
    const bad = await call(out, "POST", at(o, "out-for-delivery").path, driver, { params: at(o, "out-for-delivery").params, json: { orderStatus: "Delivered" } });
    expect(bad.status).toBe(400);
  });

  it("stores a COD photo once per Idempotency-Key; refuses text, oversized and polyglot files with nothing stored", async () => {
    const o = await driverOrder({ cod: true });
    const p = at(o, "cod-proof");
    const count = async () => (await db.select().from(storedFiles).where(and(eq(storedFiles.ownerId, String(o.id)), eq(storedFiles.kind, "delivery-cod")))).length;

    const text = await call(cod, "POST", p.path, driver, { params: p.params, body: photo(new TextEncoder().encode("hello, not an image"), undefined, "x.png") });
    expect(text.status).toBe(415);
    const polyglot = new Uint8Array([...PNG, ...new TextEncoder().encode("<script>alert(1)</script>")]);
    const poly = await call(cod, "POST", p.path, driver, { params: p.params, body: photo(polyglot) });
    expect(poly.status).toBe(415);
    const zip = new Uint8Array([...PNG, 0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    expect((await call(cod, "POST", p.path, driver, { params: p.params, body: photo(zip) })).status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PNG);
    expect((await call(cod, "POST", p.path, driver, { params: p.params, body: photo(big) })).status).toBe(413);
    const none = await call(cod, "POST", p.path, driver, { params: p.params, body: new FormData() });
    expect(none).toMatchObject({ status: 400, body: { error: "Please select an image first" } });
    expect(await count()).toBe(0);

    const headers = { "Idempotency-Key": "cod-photo-1" };
    const first = await call(cod, "POST", p.path, driver, { params: p.params, body: photo(PNG), headers });
    const again = await call(cod, "POST", p.path, driver, { params: p.params, body: photo(PNG), headers });
    expect(first.body).toMatchObject({ success: true });
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(1);
  });

  it("an issue photo with a note alerts the managers naming the order", async () => {
    const o = await driverOrder();
    const p = at(o, "issue-photo");
    const res = await call(issue, "POST", p.path, driver, { params: p.params, body: photo(PNG, "Pallet wrap torn") });
    expect(res.body).toMatchObject({ success: true });
    const [alert] = await db.select().from(notifications).where(and(eq(notifications.orderId, o.id), eq(notifications.title, "Delivery issue reported")));
    expect(alert!.message).toContain(o.orderNumber);
    expect(alert!.message).toContain("Pallet wrap torn");
    expect(alert!.audienceGrant).toBe("help:receive");
  });
});

describe("completing a delivery", () => {
  it("refuses a signature that is not a PNG data URL and a date not YYYY-MM-DD, writing nothing", async () => {
    const o = await driverOrder();
    const p = at(o, "complete");
    const cases: [unknown, string][] = [
      [{ signedByName: "Ann", deliveryDate: TODAY, signatureDataUrl: "data:image/jpeg;base64,/9j/4AAQ" }, "signatureDataUrl must be a PNG data URL"],
      [{ signedByName: "Ann", deliveryDate: TODAY, signatureDataUrl: `data:image/png;base64,${btoa("GIF89a not a png at all, really no")}` }, "signatureDataUrl must be a PNG data URL"],
      [{ signedByName: "Ann", deliveryDate: TODAY, signatureDataUrl: "javascript:alert(1)" }, "signatureDataUrl must be a PNG data URL"],
      [{ signedByName: "Ann", deliveryDate: "06/18/2025" }, "deliveryDate must be a date as YYYY-MM-DD"],
      [{ signedByName: "Ann", deliveryDate: "2025-02-30" }, "deliveryDate must be a date as YYYY-MM-DD"],
      [{ signedByName: "Ann", deliveryDate: "2025-07-30" }, "deliveryDate cannot be in the future"],
    ];
    for (const [json, error] of cases) {
      const res = await call(complete, "POST", p.path, driver, { params: p.params, json });
      expect(res, JSON.stringify(json)).toMatchObject({ status: 400, body: { success: false, error } });
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.deliveryCompletedAt).toBeNull();
    expect(await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id))).toEqual([]);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.ownerId, String(o.id)))).toEqual([]);
  });

  it("sets the order and delivery fields, answers the PDF link, and the PDF reads as the delivery", async () => {
    const o = await driverOrder();
    await call(out, "POST", at(o, "out-for-delivery").path, driver, { params: at(o, "out-for-delivery").params, json: {} });
    const p = at(o, "complete");
    const geo = { lat: 40.7682, lng: -73.5251, accuracy: 12, source: "geolocation", capturedAt: SEED_NOW.toISOString() };
    const res = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "  Ann Receiver ", signatureDataUrl: SIGNATURE, deliveryDate: TODAY, deliveryCompleteGeo: geo } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, completedAt: SEED_NOW.toISOString(), deliveryCompleteGeo: geo, error: null });
    expect(new URL(res.body.presignedUrl).pathname).toMatch(/^\/files\/delivery-order/);

    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ hasDeliveryOrder: true, deliveryCompletedAt: SEED_NOW.toISOString(), orderStatus: "1. Delivered/Released" });
    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    expect(m).toMatchObject({ signedByName: "Ann Receiver", deliveryDate: TODAY, deliveryWindow: "11:30 AM ET", deliveryCompleteGeo: geo, statusBeforeCompletion: "Out for Delivery" });
    expect(m!.signatureKey).toMatch(/^delivery-signature\//);

    const text = await storedPdf(o.id);
    expect(text).toContain("DELIVERY ORDER");
    expect(text).toContain(o.orderNumber);
    expect(text).toContain("Ann Receiver");
    expect(text).toContain("40.768200, -73.525100");
    expect(text).toContain("11:30 AM ET");
    expect(text).toContain("Delivered in full");
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
    for (const l of lines) expect(text).toContain(l.sku);

    const link = await call(doc, "GET", at(o, "do").path, sales, { params: at(o, "do").params });
    expect(link.body).toMatchObject({ success: true, presignedUrl: expect.stringContaining("/files/delivery-order") });
  });

  it("a completion that waited on the phone keeps the phone's time; an implausible one is refused", async () => {
    const o = await driverOrder();
    const p = at(o, "complete");
    for (const completedAt of ["yesterday", "2025-06-18T15:40:00Z", "2025-04-01T10:00:00Z", "2025-06-18T10:00:00+02:00"]) {
      const bad = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Gus", deliveryDate: TODAY, completedAt } });
      expect(bad, completedAt).toMatchObject({ status: 400, body: { error: "completedAt must be an ISO time within the last 30 days" } });
    }
    const earlier = "2025-06-18T13:10:00.000Z";
    const ok = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Gus", deliveryDate: TODAY, completedAt: earlier } });
    expect(ok.body).toMatchObject({ success: true, completedAt: earlier });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.deliveryCompletedAt).toBe(earlier);
    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    expect(m!.deliveryWindow).toBe("9:10 AM ET");
  });

  it("three replays with one Idempotency-Key make one delivery order; another key gets 409", async () => {
    const o = await driverOrder();
    const p = at(o, "complete");
    const json = { signedByName: "Bo", deliveryDate: TODAY };
    const headers = { "Idempotency-Key": `complete-${o.id}` };
    const answers = await Promise.all([1, 2, 3].map(() => call(complete, "POST", p.path, driver, { params: p.params, json, headers })));
    for (const a of answers) expect(a.body).toMatchObject({ success: true });
    // Answers may differ in the signed link's timing but all name the one stored PDF.
    const files = await db.select().from(storedFiles).where(and(eq(storedFiles.ownerId, String(o.id)), eq(storedFiles.kind, "delivery-order")));
    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    for (const a of answers) expect(decodeURIComponent(a.body.presignedUrl)).toContain(m!.deliveryOrderKey!);
    expect(files.filter((f) => f.key === m!.deliveryOrderKey)).toHaveLength(1);
    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.complete")));
    expect(audits).toHaveLength(1);
    const other = await call(complete, "POST", p.path, driver, { params: p.params, json, headers: { "Idempotency-Key": "another" } });
    expect(other.status).toBe(409);
    const reused = await call(complete, "POST", p.path, driver, { params: p.params, json: { ...json, signedByName: "Other" }, headers });
    expect(reused.status).toBe(422);
  });

  it("a server killed between the upload and the commit: the retry with the same key completes once", async () => {
    const o = await driverOrder({ cod: true });
    await call(cod, "POST", at(o, "cod-proof").path, driver, { params: at(o, "cod-proof").params, body: photo(PNG), headers: { "Idempotency-Key": `cod-${o.id}` } });
    const p = at(o, "complete");
    const json = { signedByName: "Cy", deliveryDate: TODAY, signatureDataUrl: SIGNATURE, codCollectedCents: 12_345 };
    const headers = { "Idempotency-Key": `crash-${o.id}` };
    const spy = vi.spyOn(db, "transaction").mockImplementationOnce(async () => {
      throw new Error("server killed");
    });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const killed = await call(complete, "POST", p.path, driver, { params: p.params, json, headers });
    quiet.mockRestore();
    expect(killed.status).toBe(500);
    spy.mockRestore();
    const [mid] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(mid!.deliveryCompletedAt).toBeNull();
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, headers["Idempotency-Key"]))).toEqual([]);

    const retry = await call(complete, "POST", p.path, driver, { params: p.params, json, headers });
    expect(retry.body).toMatchObject({ success: true });
    const again = await call(complete, "POST", p.path, driver, { params: p.params, json, headers });
    expect(again.body.completedAt).toBe(retry.body.completedAt);
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.complete")))).toHaveLength(1);
    const text = await storedPdf(o.id);
    expect(text).toContain("Cash on delivery");
    expect(text).toMatch(/Due \$123\.45\s+Collected \$123\.45/);
    expect(text).toContain("COD photo");
  });

  it("delivered quantities: a shortfall needs a reason, lands on the PDF and in history, and alerts the office", async () => {
    const o = await driverOrder({ cod: true });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
    const first = lines[0]!;
    const p = at(o, "complete");
    const base = { signedByName: "Di", deliveryDate: TODAY, codCollectedCents: 10_000 };
    const noReason = await call(complete, "POST", p.path, driver, { params: p.params, json: { ...base, deliveredLines: [{ lineId: first.id, delivered: first.quantity - 1 }] } });
    expect(noReason).toMatchObject({ status: 400, body: { error: `Give a reason for the shortfall on ${first.sku}` } });
    const tooMany = await call(complete, "POST", p.path, driver, { params: p.params, json: { ...base, deliveredLines: [{ lineId: first.id, delivered: first.quantity + 1 }] } });
    expect(tooMany.status).toBe(400);
    const foreign = await call(complete, "POST", p.path, driver, { params: p.params, json: { ...base, deliveredLines: [{ lineId: 999_999, delivered: 0 }] } });
    expect(foreign.status).toBe(400);

    const ok = await call(complete, "POST", p.path, driver, { params: p.params, json: { ...base, deliveredLines: [{ lineId: first.id, delivered: first.quantity - 1, reason: "Two bags torn" }] } });
    expect(ok.body).toMatchObject({ success: true });
    const text = await storedPdf(o.id);
    expect(text).toContain("Two bags torn");
    expect(text).toContain("Delivered short on 1 line(s)");
    expect(text).toMatch(/Due \$123\.45\s+Collected \$100\.00\s+Difference -\$23\.45/);
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.complete")));
    expect(audit!.changes).toContainEqual({ field: `delivered.${first.sku}`, before: first.quantity, after: `${first.quantity - 1} (Two bags torn)` });
    expect(audit!.changes).toContainEqual({ field: "codCollected", before: "$123.45", after: "$100.00" });
    const [alert] = await db.select().from(notifications).where(and(eq(notifications.orderId, o.id), eq(notifications.title, "Delivered short")));
    expect(alert!.audienceGrant).toBe("orders:update");
    expect(alert!.message).toContain("Two bags torn");
    expect(alert!.message).toContain("cash collected $100.00 of $123.45");
  });

  it("required proof per order type: refused with what is missing until given", async () => {
    const o = await driverOrder({ cod: true });
    const [row] = await db.select({ orderType: orders.orderType }).from(orders).where(eq(orders.id, o.id));
    const put = await call(deliverySettings, "PUT", "/api/delivery/settings", admin, { json: { requiredProof: { [row!.orderType]: { receiverName: true, signature: true, photo: false, codPhoto: true } } } });
    expect(put.status).toBe(200);
    expect((await call(deliverySettings, "PUT", "/api/delivery/settings", driver, { json: { requiredProof: {} } })).status).toBe(403);
    expect((await call(deliverySettings, "PUT", "/api/delivery/settings", admin, { json: { requiredProof: { Nowhere: { receiverName: true, signature: true, photo: false, codPhoto: true } } } })).status).toBe(400);

    const p = at(o, "complete");
    const missing = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "", deliveryDate: TODAY } });
    expect(missing).toMatchObject({ status: 422, body: { error: "Missing proof: receiver name, signature and COD photo" } });
    await call(cod, "POST", at(o, "cod-proof").path, driver, { params: at(o, "cod-proof").params, body: photo(PNG) });
    const still = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Ed", deliveryDate: TODAY } });
    expect(still.body.error).toBe("Missing proof: signature");
    const done = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Ed", deliveryDate: TODAY, signatureDataUrl: SIGNATURE } });
    expect(done.body).toMatchObject({ success: true });
  });
});

describe("Help reverts completion", () => {
  it("clears the completion and restores the status; the driver can complete again; the proof link dies", async () => {
    const o = await driverOrder();
    await call(out, "POST", at(o, "out-for-delivery").path, driver, { params: at(o, "out-for-delivery").params, json: {} });
    const p = at(o, "complete");
    await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Fay", deliveryDate: TODAY } });

    // The customer's proof link, e-mailed through the Resend stand-in.
    await fetch(`${standins.url}/resend/emails`, { method: "DELETE" });
    const sent = await call(proofLink, "POST", at(o, "proof-link").path, driver, { params: at(o, "proof-link").params, json: {} });
    expect(sent.body).toMatchObject({ success: true, sentTo: expect.stringMatching(/@/) });
    const elsewhere = await call(proofLink, "POST", at(o, "proof-link").path, driver, { params: at(o, "proof-link").params, json: { email: "me@evil.example" } });
    expect(elsewhere.status).toBe(403);
    const office = await call(proofLink, "POST", at(o, "proof-link").path, admin, { params: at(o, "proof-link").params, json: { email: "buyer@customer.example" } });
    expect(office.body).toMatchObject({ success: true, sentTo: "buyer@customer.example" });
    const mails = (await (await fetch(`${standins.url}/resend/emails`)).json()) as Json;
    const list = Array.isArray(mails) ? mails : (mails.data ?? mails.emails);
    const mail = list.find((m: Json) => String(m.subject).includes(o.orderNumber));
    const token = /\/proof\/([0-9a-f.]+)/.exec(JSON.stringify(mail))![1]!;
    const page = (await proofPage.loader({ request: request(`/proof/${token}`), context: ctx, params: { token } } as never)) as Json;
    expect(page.proof).toMatchObject({ orderNumber: o.orderNumber, receivedBy: "Fay", pdfUrl: expect.stringContaining("/files/delivery-order") });
    const forged = (await proofPage.loader({ request: request(`/proof/${token}0`), context: ctx, params: { token: `${token.slice(0, -1)}0` } } as never)) as Json;
    expect(forged).toEqual({ proof: null, error: "This delivery proof link is not valid." });

    // A refused photo (found by the API fuzz) reverts nothing.
    const badPhoto = await call(needHelp, "POST", at(o, "need-help").path, driver, { params: at(o, "need-help").params, body: photo(new TextEncoder().encode("not an image at all")) });
    expect(badPhoto.status).toBe(415);
    expect((await db.select().from(orders).where(eq(orders.id, o.id)))[0]!.hasDeliveryOrder).toBe(true);
    const help = await call(needHelp, "POST", at(o, "need-help").path, driver, { params: at(o, "need-help").params, json: {} });
    expect(help.body).toEqual({ success: true });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ hasDeliveryOrder: false, deliveryCompletedAt: null, orderStatus: "Out for Delivery" });
    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    expect(m).toMatchObject({ signedByName: null, deliveryCompletedAt: null, deliveryOrderKey: null, outForDeliveryAt: SEED_NOW.toISOString() });
    const [alert] = await db.select().from(notifications).where(and(eq(notifications.orderId, o.id), like(notifications.title, "Help requested")));
    expect(alert!.message).toContain(o.orderNumber);
    expect((await call(doc, "GET", at(o, "do").path, driver, { params: at(o, "do").params })).body).toEqual({ success: false, error: "Delivery Order not available" });
    const voided = (await proofPage.loader({ request: request(`/proof/${token}`), context: ctx, params: { token } } as never)) as Json;
    expect(voided.proof).toBeNull();

    const early = await call(proofLink, "POST", at(o, "proof-link").path, driver, { params: at(o, "proof-link").params, json: {} });
    expect(early).toMatchObject({ status: 409, body: { error: "The delivery is not complete yet" } });
    const again = await call(complete, "POST", p.path, driver, { params: p.params, json: { signedByName: "Fay Again", deliveryDate: TODAY } });
    expect(again.body).toMatchObject({ success: true });
    expect(await storedPdf(o.id)).toContain("Fay Again");
    const reverts = async () => (await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.revert")))).length;
    await call(needHelp, "POST", at(o, "need-help").path, driver, { params: at(o, "need-help").params, json: {} });
    expect(await reverts()).toBe(2);
    // Help on a delivery that is not complete only alerts the managers.
    await call(needHelp, "POST", at(o, "need-help").path, driver, { params: at(o, "need-help").params, json: {} });
    expect(await reverts()).toBe(2);
  });
});
