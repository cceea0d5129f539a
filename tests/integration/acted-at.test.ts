// Times are when it happened (issue 23, decision 040): a queued floor write's X-Acted-At is honoured and bounded
// (future → receipt, before the order → its creation, completion never before the driver left, malformed → 400
// with nothing written), stored in audit_events.acted_at beside the receipt time, and the order history is
// ordered by it; an offline replay tells the true order; a delivery step or a pick completion for an order the
// office cancelled meanwhile is a 409 in plain words with one notice for logistics, however often it is retried.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deliveryMeta, notifications, orders, pickListLogs, pickListStatus, storedFiles } from "../../db/schema";
import { ACTED_AT_PROBLEM } from "~/domain/acted-at";
import { CompletionAnswer, OutForDeliveryAnswer } from "~/domain/delivery/contract";
import { OrderHistoryAnswer } from "~/domain/orders/contract";
import { CompleteAnswer } from "~/domain/picking/contract";
import type { Database } from "~/lib/db.server";
import * as complete from "~/routes/api.delivery.$orderId.complete";
import * as out from "~/routes/api.delivery.$orderId.out-for-delivery";
import * as history from "~/routes/api.order-trackers.$id.history";
import * as pickComplete from "~/routes/api.picklists.$orderNumber.complete";
import { CONFLICT_AUDIENCE_GRANT } from "~/services/floor-conflicts.server";
import { createTestContext, request, settle, staffCookie } from "../support/context";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createOrder, readOrder } from "../support/factories";

type Json = any;
type Mod = { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };

// SEED_NOW is 2025-06-18T15:30Z; the day's events below are all on 2025-06-18 (UTC and Eastern).
const TODAY = "2025-06-18";
const CREATED = "2025-06-18T09:00:00.000Z";
const T = (hhmm: string) => `${TODAY}T${hhmm}:00.000Z`;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let driver: string;
let admin: string;

/** The server's clock for the next request (the receipt time). */
function receiveAt(iso: string) {
  ctx.app.now = () => new Date(iso);
}

async function call(mod: Mod, path: string, params: Record<string, string>, cookie: string, opts: { method?: "GET" | "POST"; json?: unknown; actedAt?: string; key?: string } = {}) {
  const method = opts.method ?? "POST";
  const headers: Record<string, string> = {};
  if (opts.actedAt !== undefined) headers["X-Acted-At"] = opts.actedAt;
  if (opts.key) headers["Idempotency-Key"] = opts.key;
  const req = request(path, { method, cookie, headers, ...(method === "POST" ? { json: opts.json ?? {} } : {}) });
  const res = (await settle(() => mod[method === "GET" ? "loader" : "action"]!({ request: req, context: ctx, params }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

/** A fresh order a driver may deliver (NY-MAIN, NY/NJ Delivery), created at 09:00 that day. */
function deliveryOrder(fields: Parameters<typeof createOrder>[1] = {}) {
  return createOrder(db, { orderType: "NY/NJ Delivery", warehouseLocation: "NY-MAIN", orderStatus: "Picked", createdAt: CREATED, ...fields }, [{}]);
}

const outFor = (o: { id: number }, cookie: string, opts: { actedAt?: string; key?: string } = {}) =>
  call(out, `/api/delivery/${o.id}/out-for-delivery`, { orderId: String(o.id) }, cookie, opts);
const completeFor = (o: { id: number }, cookie: string, opts: { actedAt?: string; key?: string; json?: unknown } = {}) =>
  call(complete, `/api/delivery/${o.id}/complete`, { orderId: String(o.id) }, cookie, { json: { signedByName: "Ann Receiver", deliveryDate: TODAY }, ...opts });

async function auditOf(orderNumber: string) {
  return db.select().from(auditEvents).where(and(eq(auditEvents.entityType, "order"), eq(auditEvents.entityId, orderNumber))).orderBy(auditEvents.id);
}

async function historyOf(orderNumber: string) {
  const res = await call(history, `/api/order-trackers/${orderNumber}/history`, { id: orderNumber }, admin, { method: "GET" });
  expect(res.status).toBe(200);
  return OrderHistoryAnswer.parse(res.body);
}

/** The office cancels the order at `at` (its status and the history entry Order Tracking's save writes). */
async function officeCancels(o: { id: number; orderNumber: string; orderStatus: string }, at: string) {
  await db.update(orders).set({ orderStatus: "Cancelled", updatedAt: at }).where(eq(orders.id, o.id));
  await db.insert(auditEvents).values({ at, actorEmail: "logistics@goldengrain.test", actorName: "Logistics", entityType: "order", entityId: o.orderNumber, action: "update", changes: [{ field: "orderStatus", before: o.orderStatus, after: "Cancelled" }] });
}

async function noticesFor(orderId: number) {
  return db.select().from(notifications).where(and(eq(notifications.orderId, orderId), eq(notifications.audienceGrant, CONFLICT_AUDIENCE_GRANT), eq(notifications.title, "Offline work refused: order cancelled")));
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  [driver, admin] = await Promise.all(["driver", "admin"].map((n) => staffCookie(ctx.app, `${n}@goldengrain.test`)));
}, 60_000);

afterAll(() => {
  ctx.app.now = () => new Date(SEED_NOW);
});

describe("an offline replay keeps the true order and times", () => {
  it("out for delivery acted 10:00 and completion acted 10:20, both received 12:00", async () => {
    const o = await deliveryOrder();
    receiveAt(T("12:00"));
    const left = await outFor(o, driver, { actedAt: "2025-06-18T10:00:00Z", key: "replay-out" });
    expect(left.status).toBe(200);
    expect(OutForDeliveryAnswer.parse(left.body)).toEqual({ orderStatus: "Out for Delivery", outForDeliveryAt: T("10:00") });

    const done = await completeFor(o, driver, { actedAt: "2025-06-18T10:20:00Z", key: "replay-complete" });
    expect(done.status).toBe(200);
    expect(CompletionAnswer.parse(done.body)).toMatchObject({ completedAt: T("10:20") });

    const [meta] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    // 10:00–10:20 UTC is 6:00–6:20 AM Eastern (daylight time).
    expect(meta).toMatchObject({ outForDeliveryAt: T("10:00"), deliveryCompletedAt: T("10:20"), deliveryWindow: "6:00 AM – 6:20 AM ET" });
    expect((await readOrder(db, o.id)).deliveryCompletedAt).toBe(T("10:20"));

    // The audit keeps both times: received at 12:00, acted at 10:00 and 10:20.
    const events = await auditOf(o.orderNumber);
    expect(events.map((e) => [e.action, e.at, e.actedAt])).toEqual([
      ["delivery.out-for-delivery", T("12:00"), T("10:00")],
      ["delivery.complete", T("12:00"), T("10:20")],
    ]);

    // Newest first by when it happened, each saying when it was received.
    const { timeline } = await historyOf(o.orderNumber);
    expect(timeline.map((e) => [e.actedAt, e.at])).toEqual([
      [T("10:20"), T("12:00")],
      [T("10:00"), T("12:00")],
    ]);
  });

  it("orders the history by the acted time even when the later act arrived first", async () => {
    const o = await deliveryOrder();
    receiveAt(T("11:00"));
    expect((await outFor(o, driver, { actedAt: T("10:30") })).status).toBe(200);
    // An office change received at 10:45 (no header: its receipt time) sits between the two.
    await db.insert(auditEvents).values({ at: T("10:45"), actorEmail: "logistics@goldengrain.test", actorName: "Logistics", entityType: "order", entityId: o.orderNumber, action: "update", changes: [{ field: "notes", before: "", after: "Gate code 1234" }] });
    receiveAt(T("11:30"));
    expect((await completeFor(o, driver, { actedAt: T("10:50") })).status).toBe(200);
    const { timeline } = await historyOf(o.orderNumber);
    expect(timeline.map((e) => e.actedAt ?? e.at)).toEqual([T("10:50"), T("10:45"), T("10:30")]);
    expect(timeline[1]!.actedAt).toBeUndefined();
  });
});

describe("the header is bounded", () => {
  it("a phone clock ahead never writes the future: the receipt time", async () => {
    const o = await deliveryOrder();
    receiveAt(T("12:00"));
    const left = await outFor(o, driver, { actedAt: "2025-06-18T14:00:00Z" });
    expect(left.body.data.outForDeliveryAt).toBe(T("12:00"));
    const [event] = await auditOf(o.orderNumber);
    // Equal to the receipt: nothing extra is stored.
    expect(event).toMatchObject({ at: T("12:00"), actedAt: null });
  });

  it("before the order existed: its creation; completion never before the driver left", async () => {
    const o = await deliveryOrder();
    receiveAt(T("12:00"));
    const left = await outFor(o, driver, { actedAt: "2025-06-17T22:00:00Z" });
    expect(left.body.data.outForDeliveryAt).toBe(CREATED);

    const o2 = await deliveryOrder();
    expect((await outFor(o2, driver, { actedAt: T("11:00") })).status).toBe(200);
    const done = await completeFor(o2, driver, { actedAt: T("10:00") });
    expect(done.body.completedAt).toBe(T("11:00"));
    // The body's completedAt (older phones) is bounded the same way.
    const o3 = await deliveryOrder();
    expect((await outFor(o3, driver, { actedAt: T("11:00") })).status).toBe(200);
    const bodyTime = await completeFor(o3, driver, { json: { signedByName: "Ann", deliveryDate: TODAY, completedAt: "2025-06-18T10:30:00Z" } });
    expect(bodyTime.body.completedAt).toBe(T("11:00"));
  });

  it("a malformed header is a 400 in plain words and nothing is written", async () => {
    const o = await deliveryOrder();
    receiveAt(T("12:00"));
    for (const actedAt of ["yesterday", "2025-06-18", "2025-06-18T10:00:00", "2025-02-30T10:00:00Z"]) {
      const left = await outFor(o, driver, { actedAt });
      expect(left, actedAt).toMatchObject({ status: 400, body: { success: false, error: ACTED_AT_PROBLEM } });
      const done = await completeFor(o, driver, { actedAt });
      expect(done.status, actedAt).toBe(400);
    }
    expect(await auditOf(o.orderNumber)).toEqual([]);
    const [meta] = await db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, o.id));
    expect(meta).toBeUndefined();
    expect((await readOrder(db, o.id)).orderStatus).toBe("Picked");
  });

  it("a read ignores the header", async () => {
    const o = await deliveryOrder();
    const res = await call(history, `/api/order-trackers/${o.orderNumber}/history`, { id: o.orderNumber }, admin, { method: "GET", actedAt: "not a time" });
    expect(res.status).toBe(200);
  });
});

describe("a cancelled-meanwhile conflict reaches the office", () => {
  it("a completion acted before the office cancelled: 409 in plain words, nothing written, one notice however often retried", async () => {
    const o = await deliveryOrder();
    receiveAt(T("14:10"));
    expect((await outFor(o, driver, { actedAt: T("14:00") })).status).toBe(200);
    // The office cancels at 2:30 PM Eastern (18:30 UTC) while the driver is offline.
    await officeCancels({ ...o, orderStatus: "Out for Delivery" }, T("18:30"));
    receiveAt(T("20:00"));
    const before = await auditOf(o.orderNumber);
    const refused = await completeFor(o, driver, { actedAt: T("18:20"), key: "cancelled-complete" });
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, error: `The office cancelled ${o.orderNumber} at 2:30 PM, after you went offline. Nothing was recorded; call the office.` },
    });
    const again = await completeFor(o, driver, { actedAt: T("18:20"), key: "cancelled-complete" });
    expect(again.status).toBe(409);

    // Nothing recorded: no completion, no new history, no delivery order file.
    expect(await auditOf(o.orderNumber)).toEqual(before);
    expect((await readOrder(db, o.id)).deliveryCompletedAt).toBeNull();
    const files = await db.select().from(storedFiles).where(eq(storedFiles.ownerId, String(o.id)));
    expect(files.filter((f) => f.kind !== "cod-photo")).toEqual([]);

    // One notice for logistics naming the driver, the order, the act and when it arrived.
    const notices = await noticesFor(o.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(o.orderNumber);
    expect(notices[0]!.message).toMatch(/tried to complete the delivery/);
    expect(notices[0]!.message).toContain("2025-06-18 2:20 PM ET");
    expect(notices[0]!.message).toContain("sent at 2025-06-18 4:00 PM ET");
    expect(notices[0]!.message).toContain("cancelled it at 2025-06-18 2:30 PM ET");
    expect(notices[0]!.createdBy).toBe("driver@goldengrain.test");
  });

  it("out for delivery after a cancellation: 409, and a retry without a key is still one notice per act", async () => {
    const o = await deliveryOrder();
    await officeCancels(o, T("13:00"));
    receiveAt(T("15:00"));
    const first = await outFor(o, driver, { actedAt: T("14:00") });
    expect(first).toMatchObject({ status: 409, body: { error: `The office cancelled ${o.orderNumber} at 9:00 AM. Nothing was recorded; call the office.` } });
    expect((await outFor(o, driver, { actedAt: T("14:00") })).status).toBe(409);
    expect(await noticesFor(o.id)).toHaveLength(1);
    expect((await readOrder(db, o.id)).orderStatus).toBe("Cancelled");
  });

  it("a pick list completed offline for an order cancelled meanwhile: 409, no completion, one notice", async () => {
    const o = await createOrder(db, { orderStatus: "Picking", createdAt: CREATED }, [{}]);
    await officeCancels(o, T("18:30"));
    receiveAt(T("20:00"));
    const path = `/api/picklists/${o.orderNumber}/complete`;
    const send = () => call(pickComplete, path, { orderNumber: o.orderNumber }, admin, { actedAt: T("18:00"), key: "cancelled-pick" });
    const refused = await send();
    expect(refused).toMatchObject({ status: 409, body: { error: `The office cancelled ${o.orderNumber} at 2:30 PM, after you went offline. Nothing was recorded; call the office.` } });
    expect((await send()).status).toBe(409);
    expect(await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, o.id))).toEqual([]);
    expect(await db.select().from(pickListLogs).where(eq(pickListLogs.orderId, o.id))).toEqual([]);
    const notices = await noticesFor(o.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/tried to complete the pick list/);
  });

  it("a pick list completed offline keeps the picker's time in its status, log and history", async () => {
    const o = await createOrder(db, { orderStatus: "Picking", createdAt: CREATED }, [{}]);
    receiveAt(T("16:00"));
    const res = await call(pickComplete, `/api/picklists/${o.orderNumber}/complete`, { orderNumber: o.orderNumber }, admin, { actedAt: T("13:15"), key: "pick-offline" });
    expect(res.status).toBe(200);
    CompleteAnswer.parse(res.body);
    const [status] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, o.id));
    expect(status!.completedAt).toBe(T("13:15"));
    const [log] = await db.select().from(pickListLogs).where(eq(pickListLogs.orderId, o.id));
    expect(log!.at).toBe(T("13:15"));
    const [event] = await auditOf(o.orderNumber);
    expect(event).toMatchObject({ at: T("16:00"), actedAt: T("13:15") });
  });
});
