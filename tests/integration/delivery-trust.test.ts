// Delivery trust (issue 20, decision 026), through the real routes: the proof of delivery goes only to the
// customer's own addresses (an admin may type another), is rate limited per order and per sender with
// Retry-After, audited and signed by its sender; a completion or photo killed between its file and its row
// leaves neither alone (retry, then the housekeeping sweep); need-help answers the spec's 403; the public proof
// page and the delivery order show no issue photo; the Order Tracking search offers only what the list accepts.
import { execFileSync } from "node:child_process";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, customerApplications, deliveryMeta, emailLog, notifications, orders, settings, storedFiles } from "../../db/schema";
import { CompletionAnswer, HelpAnswer, PhotoAnswer, ProofLinkAnswer } from "~/domain/delivery/contract";
import { PROOF_LINK_LIMITS } from "~/domain/delivery/proof-link";
import { SEARCH_FIELDS } from "~/domain/orders/constants";
import type { Database } from "~/lib/db.server";
import { recordAudit } from "~/lib/writes.server";
import * as orderTracking from "~/routes/_app.order-tracking/route";
import * as cod from "~/routes/api.delivery.$orderId.cod-proof";
import * as complete from "~/routes/api.delivery.$orderId.complete";
import * as issue from "~/routes/api.delivery.$orderId.issue-photo";
import * as needHelp from "~/routes/api.delivery.$orderId.need-help";
import * as proofLink from "~/routes/api.delivery.$orderId.proof-link";
import * as ordersApi from "~/routes/api.order-trackers";
import * as proofPage from "~/routes/proof.$token";
import { SWEPT_THROUGH_SETTING, sweepOrphanDeliveryFiles } from "~/services/delivery-files.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import type { RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";
import { driverScopeOrders, startMailStandins } from "../support/delivery";
import type { MemoryR2 } from "../support/memory-r2";

type Json = any;
type Mod = { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };
type OrderRef = { id: number; orderNumber: string; customerName: string };

const PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const PNG = Uint8Array.from(atob(PNG_B64), (c) => c.charCodeAt(0));
// A second, different PNG (another pixel): a photo whose bytes differ from PNG's.
const PNG2_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const PNG2 = Uint8Array.from(atob(PNG2_B64), (c) => c.charCodeAt(0));
const SIGNATURE = `data:image/png;base64,${PNG_B64}`;
const TODAY = "2025-06-18";
const MIN = 60_000;

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;
let clock = SEED_NOW.getTime();
let pool: OrderRef[] = [];

/** The wizard's contracts: every successful answer of these routes is parsed by its own (a renamed field fails here). */
const CONTRACTS = new Map<Mod, { parse: (body: unknown) => unknown }>([
  [cod, PhotoAnswer],
  [issue, PhotoAnswer],
  [complete, CompletionAnswer],
  [needHelp, HelpAnswer],
  [proofLink, ProofLinkAnswer],
]);

async function call(mod: Mod, method: "GET" | "POST", path: string, cookie: string | undefined, opts: { json?: unknown; body?: BodyInit; headers?: HeadersInit; params?: Record<string, string>; context?: unknown } = {}) {
  const kind = method === "GET" ? "loader" : "action";
  const req = request(path, { method, cookie, headers: opts.headers, ...(opts.json !== undefined ? { json: opts.json } : {}), ...(opts.body ? { body: opts.body } : {}) });
  const res = (await settle(() => mod[kind]!({ request: req, context: opts.context ?? ctx, params: opts.params ?? {} }))) as Response;
  const body = (await res.json()) as Json;
  if (res.status >= 200 && res.status < 300) CONTRACTS.get(mod)?.parse(body);
  return { status: res.status, headers: res.headers, body };
}

const at = (o: { id: number }, tail: string) => ({ path: `/api/delivery/${o.id}/${tail}`, params: { orderId: String(o.id) } });

function photo(bytes: Uint8Array, note?: string) {
  const form = new FormData();
  form.append("image", new Blob([bytes as BlobPart]), "photo.png");
  if (note !== undefined) form.append("note", note);
  return form;
}

/** A fresh order in the driver's scope, not delivered, with its own customer and e-mail. */
async function driverOrder(opts: { cod?: boolean } = {}): Promise<OrderRef> {
  const o = pool.shift();
  if (!o) throw new Error("no more driver orders in the seed");
  const customerName = `Trust Test Foods ${o.id}`;
  await db
    .update(orders)
    .set({ customerName, customerEmail: `orders@trust${o.id}.example`, paymentStatus: opts.cod ? "Cash On Delivery" : "Paid: Check", orderStatus: "Picked", hasDeliveryOrder: false, deliveryCompletedAt: null, totalCents: 12_345 })
    .where(eq(orders.id, o.id));
  return { ...o, customerName };
}

async function completedOrder(): Promise<OrderRef> {
  const o = await driverOrder();
  const done = await call(complete, "POST", at(o, "complete").path, cookies.driver, { params: at(o, "complete").params, json: { signedByName: "Ann", deliveryDate: TODAY } });
  expect(done.status).toBe(200);
  return o;
}

const sendProof = (o: { id: number }, who: string, json: unknown = {}, context?: unknown) =>
  call(proofLink, "POST", at(o, "proof-link").path, cookies[who], { params: at(o, "proof-link").params, json, context });

async function caughtMail(): Promise<Json[]> {
  const body = (await (await fetch(`${standins.url}/resend/emails`)).json()) as Json;
  return Array.isArray(body) ? body : (body.data ?? body.emails);
}

const proofSends = (orderNumber: string) => db.select().from(auditEvents).where(and(eq(auditEvents.entityId, orderNumber), eq(auditEvents.action, "delivery.proof-link")));

beforeAll(async () => {
  db = await createSeededTestDatabase();
  const mail = await startMailStandins(db, "delivery-trust");
  standins = mail.standins;
  ctx = createTestContext(db, { env: mail.env });
  ctx.app.now = () => new Date(clock);
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "driver", "warehouse"]);
  pool = await driverScopeOrders(db);
  expect(pool.length).toBeGreaterThan(12);
}, 60_000);

afterAll(async () => {
  await standins?.close();
});

beforeEach(async () => {
  clock = SEED_NOW.getTime();
  // Each test counts its own sends: earlier tests' sends by the same people leave the window.
  await db.delete(auditEvents).where(eq(auditEvents.action, "delivery.proof-link"));
  await fetch(`${standins.url}/resend/emails`, { method: "DELETE" });
});

describe("who receives a proof of delivery", () => {
  it("a sales rep cannot send it to an address that is not the customer's: 403 with the reason, no mail, nothing audited", async () => {
    const o = await completedOrder();
    const res = await sendProof(o, "sales", { email: "stranger@example.net" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: "Only an admin can send the proof of delivery to an address that is not the customer's own (on the order or the customer record)" });
    expect(await caughtMail()).toEqual([]);
    expect(await proofSends(o.orderNumber)).toEqual([]);
    // Logistics (delivery:view-order too) and the driver get the same answer.
    expect((await sendProof(o, "logistics", { email: "stranger@example.net" })).status).toBe(403);
    expect((await sendProof(o, "driver", { email: "stranger@example.net" })).status).toBe(403);
  });

  it("goes to the order's e-mail by default, or to the customer record's when asked; a pending application is not a customer record", async () => {
    const o = await completedOrder();
    await db.insert(customerApplications).values([
      { companyName: o.customerName.toUpperCase(), email: "accounts@trust-record.example", status: "Approved" },
      { companyName: o.customerName, email: "someone@pending.example", status: "Pending" },
    ]);
    const byDefault = await sendProof(o, "sales");
    expect(byDefault.body).toMatchObject({ success: true, sentTo: `orders@trust${o.id}.example` });
    const record = await sendProof(o, "driver", { email: "Accounts@Trust-Record.example" });
    expect(record.body).toMatchObject({ success: true, sentTo: "accounts@trust-record.example" });
    const pending = await sendProof(o, "sales", { email: "someone@pending.example" });
    expect(pending.status).toBe(403);
    expect((await caughtMail()).map((m) => m.to).sort()).toEqual([["accounts@trust-record.example"], [`orders@trust${o.id}.example`]]);
  });

  it("an admin may type another address; an invalid one is 400 with the field", async () => {
    const o = await completedOrder();
    const typed = await sendProof(o, "admin", { email: "buyer@elsewhere.example" });
    expect(typed.body).toMatchObject({ success: true, sentTo: "buyer@elsewhere.example" });
    const bad = await sendProof(o, "admin", { email: "not an address" });
    expect(bad).toMatchObject({ status: 400, body: { error: "Invalid email address", fieldErrors: { email: ["Invalid email address"] } } });
  });

  it("each send is audited (who, to whom, when) and the mail names who sent it", async () => {
    const o = await completedOrder();
    clock = SEED_NOW.getTime() + 5 * MIN;
    expect((await sendProof(o, "sales")).status).toBe(200);
    const [audit] = await proofSends(o.orderNumber);
    expect(audit).toMatchObject({ actorEmail: "sales@goldengrain.test", actorName: "Sam Sales", at: new Date(clock).toISOString(), entityType: "order", changes: [{ field: "proofLinkSentTo", before: null, after: `orders@trust${o.id}.example` }] });
    const [mail] = await caughtMail();
    expect(mail.text).toContain("Sent by Sam Sales (sales@goldengrain.test)");
    expect(mail.html).toContain("Sent by Sam Sales (sales@goldengrain.test)");
    const [log] = await db.select().from(emailLog).where(and(eq(emailLog.relatedId, o.orderNumber), eq(emailLog.status, "sent")));
    expect(log!.sentBy).toBe("sales@goldengrain.test");
  });

  it("a send the mail service refuses is 502, leaves no audit entry and does not count", async () => {
    const o = await completedOrder();
    const broken = createTestContext(db, { env: { RESEND_BASE_URL: "http://127.0.0.1:9/resend" } });
    broken.app.now = () => new Date(clock);
    const failed = await sendProof(o, "sales", {}, broken);
    expect(failed.status).toBe(502);
    expect(await proofSends(o.orderNumber)).toEqual([]);
    for (let i = 0; i < PROOF_LINK_LIMITS.perOrder; i++) expect((await sendProof(o, "sales")).status).toBe(200);
  });
});

describe("how often a proof of delivery may be sent", () => {
  it(`at most ${PROOF_LINK_LIMITS.perOrder} per order an hour: then 429 with Retry-After until the oldest send leaves the hour`, async () => {
    const o = await completedOrder();
    for (const minutes of [0, 10, 20]) {
      clock = SEED_NOW.getTime() + minutes * MIN;
      expect((await sendProof(o, minutes === 10 ? "logistics" : "sales")).status).toBe(200);
    }
    clock = SEED_NOW.getTime() + 30 * MIN;
    const refused = await sendProof(o, "admin");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(30 * 60));
    expect(refused.body).toEqual({ success: false, error: "This order's proof of delivery was already e-mailed 3 times in the last hour. Try again in 30 minutes." });
    expect(await proofSends(o.orderNumber)).toHaveLength(3);
    expect(await caughtMail()).toHaveLength(3);

    clock = SEED_NOW.getTime() + 60 * MIN + 1000;
    expect((await sendProof(o, "sales")).status).toBe(200);
  });

  it(`at most ${PROOF_LINK_LIMITS.perUser} per sender an hour across orders`, async () => {
    const o = await completedOrder();
    const other = await completedOrder();
    const sales = { userId: null, email: "sales@goldengrain.test", name: "Sam Sales" };
    // Earlier sends of this hour, on other orders, oldest 50 minutes ago.
    for (let i = 0; i < PROOF_LINK_LIMITS.perUser - 1; i++) {
      await recordAudit(db, sales, new Date(clock - (50 - i) * MIN).toISOString(), { entityType: "order", entityId: `SO-OTHER-${i}`, action: "delivery.proof-link", changes: [] });
    }
    expect((await sendProof(o, "sales")).status).toBe(200);
    const refused = await sendProof(other, "sales");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(10 * 60));
    expect(refused.body.error).toBe("You have e-mailed 20 proofs of delivery in the last hour, the most allowed. Try again in 10 minutes.");
    // Another person is not held by the sales rep's count.
    expect((await sendProof(other, "logistics")).status).toBe(200);
  });

  it("ten sends at once on one order: three go out, seven are 429", async () => {
    const o = await completedOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sendProof(o, ["sales", "logistics", "admin"][i % 3]!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PROOF_LINK_LIMITS.perOrder);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - PROOF_LINK_LIMITS.perOrder);
    expect(await caughtMail()).toHaveLength(PROOF_LINK_LIMITS.perOrder);
    expect(await proofSends(o.orderNumber)).toHaveLength(PROOF_LINK_LIMITS.perOrder);
  });
});

describe("need-help outside the driver's scope", () => {
  it("answers 403 'Not authorized for this order' like every delivery call, and changes nothing; an absent order is 404", async () => {
    const [outside] = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(ne(orders.warehouseLocation, "NY-MAIN"), ne(orders.warehouseLocation, "NJ-WH")))
      .limit(1);
    const [before] = await db.select().from(orders).where(eq(orders.id, outside!.id));
    const alerts = (await db.select().from(notifications)).length;
    for (const ref of [String(outside!.id), outside!.orderNumber]) {
      const res = await call(needHelp, "POST", `/api/delivery/${ref}/need-help`, cookies.driver, { params: { orderId: ref }, json: {} });
      expect(res).toMatchObject({ status: 403, body: { success: false, error: "Not authorized for this order" } });
    }
    const missing = await call(needHelp, "POST", "/api/delivery/SO-NOPE/need-help", cookies.driver, { params: { orderId: "SO-NOPE" }, json: {} });
    expect(missing).toMatchObject({ status: 404, body: { success: false, error: "Order not found" } });
    expect((await db.select().from(notifications)).length).toBe(alerts);
    expect((await db.select().from(orders).where(eq(orders.id, outside!.id)))[0]).toEqual(before);
  });
});

describe("what the customer sees", () => {
  it("the proof page and the delivery order show the COD photo, never the driver's issue photo", async () => {
    const o = await driverOrder({ cod: true });
    expect((await call(cod, "POST", at(o, "cod-proof").path, cookies.driver, { params: at(o, "cod-proof").params, body: photo(PNG) })).status).toBe(200);
    expect((await call(issue, "POST", at(o, "issue-photo").path, cookies.driver, { params: at(o, "issue-photo").params, body: photo(PNG2, "Dog in the yard") })).status).toBe(200);
    const done = await call(complete, "POST", at(o, "complete").path, cookies.driver, { params: at(o, "complete").params, json: { signedByName: "Ann", deliveryDate: TODAY, codCollectedCents: 12_345 } });
    expect(done.status).toBe(200);

    const sent = await sendProof(o, "driver");
    expect(sent.status).toBe(200);
    const [mail] = await caughtMail();
    const token = /\/proof\/([0-9a-f.]+)/.exec(mail.text)![1]!;
    const page = (await proofPage.loader({ request: request(`/proof/${token}`), context: ctx, params: { token } } as never)) as Json;
    expect(page.proof.photos).toEqual([{ label: "COD photo", url: expect.stringContaining("/files/delivery-cod") }]);

    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    const pdf = await ctx.app.files.get(m!.deliveryOrderKey!);
    const text = execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: Buffer.from(await pdf!.arrayBuffer()) }).toString("utf8");
    expect(text).toContain("COD photo");
    expect(text).not.toContain("Issue photo");
  });
});

describe("no file without its row, no row without its file", () => {
  const r2 = () => ctx.app.files as MemoryR2;
  const objectsOf = (o: { id: number }, kind: string) => [...r2().objects.keys()].filter((k) => k.startsWith(`${kind}/`) && k.includes(`/${o.id}-`));
  const rowsOf = (o: { id: number }, kind: string) => db.select().from(storedFiles).where(and(eq(storedFiles.ownerId, String(o.id)), eq(storedFiles.kind, kind)));

  async function expectEveryRowHasItsObject(o: { id: number }) {
    for (const row of await db.select().from(storedFiles).where(eq(storedFiles.ownerId, String(o.id)))) expect(r2().objects.has(row.key), row.key).toBe(true);
  }

  it("a completion killed between storing the signature and the commit: no row, then one row per file after the retry, and the sweep removes what the kill left", async () => {
    const o = await driverOrder();
    const p = at(o, "complete");
    const json = { signedByName: "Cy", deliveryDate: TODAY, signatureDataUrl: SIGNATURE, completedAt: "2025-06-18T15:20:00.000Z" };
    const headers = { "Idempotency-Key": `kill-${o.id}` };
    const kill = vi.spyOn(db, "transaction").mockImplementation(async () => {
      throw new Error("server killed");
    });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const killed = await call(complete, "POST", p.path, cookies.driver, { params: p.params, json, headers });
    // A second try, re-signed on the phone under a new key, killed the same way.
    const resigned = await call(complete, "POST", p.path, cookies.driver, { params: p.params, json: { ...json, signatureDataUrl: `data:image/png;base64,${PNG2_B64}` }, headers: { "Idempotency-Key": `kill-again-${o.id}` } });
    quiet.mockRestore();
    kill.mockRestore();
    expect([killed.status, resigned.status]).toEqual([500, 500]);

    // The kills left objects, but no row claims a file the delivery never got.
    expect(await rowsOf(o, "delivery-signature")).toEqual([]);
    expect(await rowsOf(o, "delivery-order")).toEqual([]);
    const leftSignatures = objectsOf(o, "delivery-signature");
    expect(leftSignatures).toHaveLength(2);
    expect(objectsOf(o, "delivery-order").length).toBeGreaterThanOrEqual(1);

    clock += 2 * MIN;
    const retry = await call(complete, "POST", p.path, cookies.driver, { params: p.params, json, headers });
    expect(retry.status).toBe(200);
    const signatures = await rowsOf(o, "delivery-signature");
    const pdfs = await rowsOf(o, "delivery-order");
    expect(signatures).toHaveLength(1);
    expect(pdfs).toHaveLength(1);
    // The same signature bytes went to the same key: overwritten, not added.
    expect(leftSignatures).toContain(signatures[0]!.key);
    expect(objectsOf(o, "delivery-signature")).toHaveLength(2);
    const [m] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    expect(m).toMatchObject({ signatureKey: signatures[0]!.key, deliveryOrderKey: pdfs[0]!.key });
    await expectEveryRowHasItsObject(o);

    // Before the day's folder closes the sweep leaves it alone (a retry could still be writing there).
    await db.delete(settings).where(eq(settings.key, SWEPT_THROUGH_SETTING));
    const early = await runHousekeeping({ db, now: () => new Date("2025-06-19T00:20:00.000Z"), files: ctx.app.files });
    expect(objectsOf(o, "delivery-signature")).toHaveLength(2);
    expect(early.deliveryFiles?.orphansRemoved).toBe(0);
    // Past the grace, housekeeping removes what the kills left (no row names it) and nothing else.
    const sweepAt = new Date("2025-06-19T00:31:00.000Z");
    const result = await runHousekeeping({ db, now: () => sweepAt, files: ctx.app.files });
    expect(result.deliveryFiles?.orphansRemoved).toBeGreaterThanOrEqual(1);
    expect(objectsOf(o, "delivery-signature")).toEqual([signatures[0]!.key]);
    expect(objectsOf(o, "delivery-order")).toEqual([pdfs[0]!.key]);
    await expectEveryRowHasItsObject(o);
    // Every delivery object of the day has its row now.
    const dayObjects = [...r2().objects.keys()].filter((k) => /^delivery-[a-z]+\/2025\/06\/18\//.test(k));
    const named = await db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, dayObjects));
    expect(named.map((r) => r.key).sort()).toEqual(dayObjects.sort());
    // A day is swept once.
    expect((await runHousekeeping({ db, now: () => sweepAt, files: ctx.app.files })).deliveryFiles).toEqual({ daysSwept: 0, orphansRemoved: 0 });
  });

  it("a COD photo killed before its commit: no row; the retry with its key stores one row on the same object", async () => {
    const o = await driverOrder({ cod: true });
    const p = at(o, "cod-proof");
    const headers = { "Idempotency-Key": `cod-kill-${o.id}` };
    const kill = vi.spyOn(db, "transaction").mockImplementationOnce(async () => {
      throw new Error("server killed");
    });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const killed = await call(cod, "POST", p.path, cookies.driver, { params: p.params, body: photo(PNG), headers });
    quiet.mockRestore();
    kill.mockRestore();
    expect(killed.status).toBe(500);
    expect(await rowsOf(o, "delivery-cod")).toEqual([]);
    expect(objectsOf(o, "delivery-cod")).toHaveLength(1);

    const retry = await call(cod, "POST", p.path, cookies.driver, { params: p.params, body: photo(PNG), headers });
    expect(retry.status).toBe(200);
    const rows = await rowsOf(o, "delivery-cod");
    expect(rows.map((r) => r.key)).toEqual([retry.body.key]);
    expect(objectsOf(o, "delivery-cod")).toEqual([retry.body.key]);
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "delivery.cod-photo")))).toHaveLength(1);
  });

  it("the sweep leaves today's folder, a day still inside its grace, objects with rows and keys of another shape", async () => {
    const files = createTestContext(db).app.files as MemoryR2;
    const row = (key: string) => ({ key, ownerType: "delivery", ownerId: "1", kind: "delivery-cod", filename: "x.png", contentType: "image/png", size: 1, sha256: "0", createdAt: SEED_NOW.toISOString() });
    const keys = {
      closedOrphan: "delivery-cod/2025/06/16/1-aaaa.png",
      closedRecorded: "delivery-cod/2025/06/16/1-bbbb.png",
      graceOrphan: "delivery-issue/2025/06/17/1-cccc.png",
      todayOrphan: "delivery-order/2025/06/18/1-dddd.pdf",
      olderShape: "delivery-signature/2025/06/oldrandomkey.png",
      otherArea: "capture-signature/2025/06/16/1-eeee.png",
    };
    for (const key of Object.values(keys)) await files.put(key, PNG);
    await db.insert(storedFiles).values(row(keys.closedRecorded));
    await db.delete(settings).where(eq(settings.key, SWEPT_THROUGH_SETTING));
    // 00:10 UTC on the 18th: the 17th ended ten minutes ago, inside the 30-minute grace.
    const result = await sweepOrphanDeliveryFiles({ db, files, now: () => new Date("2025-06-18T00:10:00.000Z") });
    expect(result).toMatchObject({ orphansRemoved: 1 });
    expect([...files.objects.keys()].sort()).toEqual(Object.values(keys).filter((k) => k !== keys.closedOrphan).sort());
    const [marker] = await db.select().from(settings).where(eq(settings.key, SWEPT_THROUGH_SETTING));
    expect(marker!.value).toBe("2025-06-16");
  });
});

describe("the driver's Order Tracking search", () => {
  it.each(["admin", "logistics", "sales", "warehouse", "driver"])("offers %s exactly the search fields the list accepts from them", async (who) => {
    const data = (await orderTracking.loader({ request: request("/order-tracking", { cookie: cookies[who] }), context: ctx, params: {} } as never)) as Json;
    const offered: string[] = data.searchFields;
    expect(offered.length).toBeGreaterThan(5);
    for (const field of SEARCH_FIELDS) {
      const search = field === "orderDate" ? "2025-06-01" : "a";
      const res = await call(ordersApi, "GET", `/api/order-trackers?search=${search}&searchBy=${field}&limit=1`, cookies[who]);
      expect(res.status === 200, `${who} ${field}: ${res.status} ${JSON.stringify(res.body.error ?? "")}`).toBe(offered.includes(field));
    }
    if (who === "driver" || who === "warehouse") expect(offered).not.toContain("truckingCompany");
  });
});
