// Picking through /api/picklists: logs, verify (checked against the order's lines, nothing written on a
// bad payload, idempotent), complete (order → Picked with its audit event, idempotent), the passcode's
// warehouse limit, and the inventory summary.
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, idempotencyKeys, inventoryItems, orderLines, orders, pickListLogs, pickListStatus } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import * as logs from "~/routes/api.picklists.$orderNumber.logs";
import * as verify from "~/routes/api.picklists.$orderNumber.verify";
import * as complete from "~/routes/api.picklists.$orderNumber.complete";
import * as inventory from "~/routes/api.inventory-summary.by-order-number.$orderNumber";
import { latestPickVerified } from "~/services/pick-list.server";
import * as login from "~/routes/api.picklist.passcode.login";
import { CompleteAnswer, InventorySummary, PasscodeLoginAnswer, PickLogsAnswer, VerifyAnswer } from "~/domain/picking/contract";
import { DOCUMENTED_PASSCODE } from "../../db/seed";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

type Json = any;
type Order = typeof orders.$inferSelect;
type Line = typeof orderLines.$inferSelect;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let warehouse: string;
let driver: string;

/** The seed's small company has few open orders per warehouse; tests pick by position and set a status when it matters. */
async function orderWhere(location: string, statuses: string[] | null, offset = 0): Promise<{ order: Order; lines: Line[] }> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.warehouseLocation, location), statuses ? inArray(orders.orderStatus, statuses) : undefined))
    .orderBy(asc(orders.id))
    .limit(1)
    .offset(offset);
  if (!order) throw new Error(`no ${statuses} order at ${location}`);
  // The warehouse employee picks only orders assigned to her (spec 001 §6): these tests pick as her.
  await assignOrder(db, order.id, ["Wendy Warehouse"]);
  order.warehouseAssignment = ["Wendy Warehouse"];
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  return { order, lines };
}

async function run(mod: { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> }, ref: string, cookie: string, opts: { json?: unknown; key?: string; body?: string } = {}) {
  // The read calls answer GET; verify and complete take POST (every module exports both, the other is a 405).
  const kind = mod === logs || mod === inventory ? "loader" : "action";
  const headers: Record<string, string> = opts.key ? { "idempotency-key": opts.key } : {};
  const req =
    opts.body !== undefined
      ? request(`/api/picklists/${ref}/x`, { method: "POST", cookie, headers: { ...headers, "content-type": "application/json" }, body: opts.body })
      : request(`/api/picklists/${ref}/x`, { method: kind === "action" ? "POST" : "GET", cookie, headers, ...(kind === "action" ? { json: opts.json ?? {} } : {}) });
  const res = (await settle(() => mod[kind]!({ request: req, context: ctx, params: { orderNumber: ref } }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

async function counts(orderId: number) {
  const [l, k] = await Promise.all([
    db.select().from(pickListLogs).where(eq(pickListLogs.orderId, orderId)),
    db.select().from(idempotencyKeys),
  ]);
  return { logs: l.length, keys: k.length };
}

function item(line: Line, picked: number, status = "Picked") {
  return { lineItemId: line.lineItemId, sku: line.sku, name: line.description, status, quantity: line.quantity, quantityPicked: picked, note: "" };
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  warehouse = await staffCookie(ctx.app, "warehouse@goldengrain.test");
  driver = await staffCookie(ctx.app, "driver@goldengrain.test");
}, 60_000);

describe("verify", () => {
  it("writes one pick-verified log and answers the summary; logs list it newest first", async () => {
    const { order, lines } = await orderWhere("NY-MAIN", null);
    const items = lines.map((l, i) => (i === 0 && l.quantity > 1 ? item(l, l.quantity - 1, "Issue") : item(l, l.quantity)));
    const res = await run(verify, order.orderNumber, warehouse, { json: { pickedItems: items } });
    const issues = items.filter((i) => i.status === "Issue").length;
    expect(res).toEqual({ status: 200, body: { success: true, summary: { pickedCount: lines.length - issues, issues, total: lines.length } } });
    // The screen reads the save through its contract: a renamed field fails here, not on a picker's phone.
    expect(VerifyAnswer.parse(res.body).summary).toEqual(res.body.summary);

    const listed = await run(logs, order.orderNumber, warehouse);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(PickLogsAnswer.parse(listed.body)[0]!.payload!.results![0]).toMatchObject({ lineItemId: lines[0]!.lineItemId, picked: items[0]!.quantityPicked, expected: lines[0]!.quantity });
    expect(listed.body.data[0]).toMatchObject({ type: "pick-verified", at: SEED_NOW.toISOString(), actor: "Wendy Warehouse" });
    expect(listed.body.data[0].payload.results[0]).toEqual({
      lineItemId: lines[0]!.lineItemId, sku: lines[0]!.sku, key: lines[0]!.lineItemId,
      picked: items[0]!.quantityPicked, quantityPicked: items[0]!.quantityPicked, expected: lines[0]!.quantity,
      status: items[0]!.status, note: "",
    });
    expect((await latestPickVerified(ctx.app, order.orderNumber))?.payload.summary.total).toBe(lines.length);
  });

  it.each([
    ["an unknown lineItemId", (l: Line) => [{ ...item(l, 1), lineItemId: "LI-nope" }], /Unknown line item: LI-nope/],
    ["a negative quantity", (l: Line) => [item(l, -1)], /must not be negative/],
    ["a non-numeric quantity", (l: Line) => [{ ...item(l, 1), quantityPicked: "lots" }], /must be a number/],
    ["more than ordered", (l: Line) => [item(l, l.quantity + 1)], /exceeds the ordered quantity/],
    ["an unknown status", (l: Line) => [{ ...item(l, 1), status: "Done" }], /status/],
  ])("refuses %s with 400 and writes nothing", async (_name, items, message) => {
    const { order, lines } = await orderWhere("NY-MAIN", null, 1);
    const before = await counts(order.id);
    const res = await run(verify, order.orderNumber, warehouse, { json: { pickedItems: items(lines[0]!) }, key: `bad-${_name.replace(/\W+/g, "-")}` });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(message);
    expect(await counts(order.id)).toEqual(before);
  });

  it("answers 400 to malformed JSON and a missing pickedItems", async () => {
    const { order } = await orderWhere("NY-MAIN", null, 1);
    expect((await run(verify, order.orderNumber, warehouse, { body: "{oops" })).status).toBe(400);
    expect((await run(verify, order.orderNumber, warehouse, { json: {} })).status).toBe(400);
  });

  it("a retry with the same Idempotency-Key returns the first answer and writes once", async () => {
    const { order, lines } = await orderWhere("NY-MAIN", null, 2);
    const body = { pickedItems: [item(lines[0]!, lines[0]!.quantity)], actor: "Wendy", note: "dock 3" };
    const first = await run(verify, order.orderNumber, warehouse, { json: body, key: "verify-retry-1" });
    const second = await run(verify, order.orderNumber, warehouse, { json: body, key: "verify-retry-1" });
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    const rows = await db.select().from(pickListLogs).where(eq(pickListLogs.orderId, order.id));
    expect(rows).toHaveLength(1);
    // The body's `actor` is accepted (spec 002) and ignored: the log names the signed-in identity.
    expect(rows[0]).toMatchObject({ actor: "Wendy Warehouse", payload: expect.objectContaining({ note: "dock 3" }) });
    await run(verify, order.orderNumber, warehouse, { json: body, key: "verify-retry-2" });
    expect(await db.select().from(pickListLogs).where(eq(pickListLogs.orderId, order.id))).toHaveLength(2);
  });
});

describe("complete", () => {
  it("sets completedAt/By, moves 'Picking' to 'Picked' with an audit event, and is idempotent with a key", async () => {
    const { order: picked } = await orderWhere("NY-MAIN", null, 10);
    await db.update(orders).set({ orderStatus: "Picking" }).where(eq(orders.id, picked.id));
    const order = { ...picked, orderStatus: "Picking" };
    const first = await run(complete, order.orderNumber, warehouse, { key: "complete-1" });
    const retry = await run(complete, order.orderNumber, warehouse, { key: "complete-1" });
    expect(first).toEqual({ status: 200, body: { success: true } });
    expect(CompleteAnswer.parse(first.body)).toEqual({ success: true });
    expect(retry).toEqual(first);

    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ orderStatus: "Picked", version: order.version + 1 });
    const [status] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id));
    expect(status).toMatchObject({ completedAt: SEED_NOW.toISOString(), completedBy: "Wendy Warehouse" });
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, order.orderNumber), eq(auditEvents.at, SEED_NOW.toISOString())));
    expect(audit.map((a) => a.changes)).toEqual([[{ field: "orderStatus", before: "Picking", after: "Picked" }]]);
    const completed = await db.select().from(pickListLogs).where(and(eq(pickListLogs.orderId, order.id), eq(pickListLogs.type, "pick-completed")));
    expect(completed).toHaveLength(1);
  });

  it("accepts the numeric order id and keeps a later status", async () => {
    const { order } = await orderWhere("NJ-WH", ["Delivered", "1. Delivered/Released"]);
    const res = await run(complete, String(order.id), warehouse);
    expect(res.body).toEqual({ success: true });
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.orderStatus).toBe(order.orderStatus);
  });
});

describe("access", () => {
  it("a driver (no picklists:pick) is refused", async () => {
    const { order } = await orderWhere("NY-MAIN", null, 1);
    expect((await run(logs, order.orderNumber, driver)).status).toBe(403);
    expect((await run(verify, order.orderNumber, driver, { json: { pickedItems: [] } })).status).toBe(403);
  });

  it("a NY-MAIN passcode works on NY-MAIN orders and is told off for other warehouses, writing nothing", async () => {
    const ny = await passcodeCookie(ctx.app, 1); // RICE-2468: NY-MAIN only
    const { order: mine, lines } = await orderWhere("NY-MAIN", null, 3);
    const ok = await run(verify, mine.orderNumber, ny, { json: { pickedItems: [item(lines[0]!, 0, "Pending")] } });
    expect(ok.status).toBe(200);

    const { order: other, lines: otherLines } = await orderWhere("NJ-WH", null);
    const before = await counts(other.id);
    for (const res of [
      await run(logs, other.orderNumber, ny),
      await run(verify, other.orderNumber, ny, { json: { pickedItems: [item(otherLines[0]!, 0)] } }),
      await run(complete, other.orderNumber, ny),
      await run(inventory, other.orderNumber, ny),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: "Passcode not authorized for warehouse NJ-WH" });
    }
    expect(await counts(other.id)).toEqual(before);

    const all = await passcodeCookie(ctx.app, 2); // PICK-1357: every warehouse
    expect((await run(logs, other.orderNumber, all)).status).toBe(200);
  });
});

describe("inventory summary", () => {
  it("maps product ids to on-hand, and SKUs and line ids to product ids", async () => {
    const { order, lines } = await orderWhere("NY-MAIN", null);
    const res = await run(inventory, order.orderNumber, warehouse);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const read = InventorySummary.parse(res.body);
    const stock = await db.select().from(inventoryItems).where(inArray(inventoryItems.sku, lines.map((l) => l.sku)));
    for (const line of lines) {
      const inv = stock.find((s) => s.sku === line.sku)!;
      expect(res.body.skuMap[line.sku]).toBe(inv.productId);
      expect(res.body.lineMap[line.lineItemId]).toBe(inv.productId);
      expect(res.body.data[inv.productId]).toEqual({ quantityOnHand: inv.quantityOnHand });
      expect(read.data?.[inv.productId]).toEqual({ quantityOnHand: inv.quantityOnHand });
      expect(read.lineMap?.[line.lineItemId]).toBe(inv.productId);
    }
  });
});

describe("passcode login", () => {
  it("answers the session's expiry and warehouses as the gate's contract reads them", async () => {
    const req = request("/api/picklist/passcode/login", { method: "POST", json: { code: DOCUMENTED_PASSCODE } });
    const res = (await settle(() => login.action({ request: req, context: ctx, params: {} } as never))) as Response;
    expect(res.status).toBe(200);
    const data = PasscodeLoginAnswer.parse(await res.json());
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(SEED_NOW.getTime());
    expect(Array.isArray(data.allowedLocations)).toBe(true);
  });
});
