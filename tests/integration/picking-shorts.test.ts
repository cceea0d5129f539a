// Short picks with reasons (issue 13): the reasons list, verify checking a reason against the active ones
// (unknown → 400, nothing written), and what a short raises exactly once — the office follow-up
// (Stockout), the warehouse recount (Damaged), the sales rep's notice and the order's history entry —
// seen in the Task Center; the pick list PDF prints 'Short n — Reason'.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, inventoryItems, notifications, orderLines, orders, pickListLogs, pickShortReasons, pickShorts, users } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import { getStaffViewer } from "~/lib/session.server";
import * as verify from "~/routes/api.picklists.$orderNumber.verify";
import * as reasonsRoute from "~/routes/api.picklists.short-reasons";
import { listTasksFor } from "~/services/tasks.server";
import { orderHistory } from "~/services/order-history.server";
import { renderPickList } from "~/services/pick-list-documents.server";
import { getOrderForViewer } from "~/services/orders.server";
import { pdfText } from "./documents-fixtures";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

type Json = any;
type Line = typeof orderLines.$inferSelect;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

async function save(orderNumber: string, cookie: string, pickedItems: unknown[], key?: string) {
  const req = request(`/api/picklists/${orderNumber}/verify`, { method: "POST", cookie, json: { pickedItems }, headers: key ? { "idempotency-key": key } : {} });
  const res = (await settle(() => verify.action({ request: req, context: ctx, params: { orderNumber } } as never))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

async function reasonsAs(cookie: string) {
  const res = (await settle(() => reasonsRoute.loader({ request: request("/api/picklists/short-reasons", { cookie }), context: ctx, params: {} } as never))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

/** An order of a sales rep's at NY-MAIN with at least two lines of quantity ≥ 2, assigned to Wendy. */
async function pickOrder(offset: number): Promise<{ orderNumber: string; id: number; lines: Line[] }> {
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.warehouseLocation, "NY-MAIN"), sql`${orders.createdBy} LIKE 'Sam%'`, sql`(SELECT count(*) FROM order_lines l WHERE l.order_id = ${orders.id} AND l.quantity >= 2) >= 2`))
    .orderBy(asc(orders.id))
    .limit(1)
    .offset(offset);
  const order = rows[0];
  if (!order) throw new Error("no order");
  await assignOrder(db, order.id, ["Wendy Warehouse"]);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  return { ...order, lines: lines.filter((l) => l.quantity >= 2) };
}

const short = (l: Line, picked: number, reason?: string) => ({ lineItemId: l.lineItemId, sku: l.sku, status: "Issue", quantity: l.quantity, quantityPicked: picked, ...(reason ? { reason } : {}) });
const full = (l: Line) => ({ lineItemId: l.lineItemId, sku: l.sku, status: "Picked", quantity: l.quantity, quantityPicked: l.quantity });

async function noticesFor(orderNumber: string) {
  return db.select().from(notifications).where(eq(notifications.orderNumber, orderNumber)).orderBy(asc(notifications.id));
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  for (const [name, email] of [
    ["admin", "admin@goldengrain.test"],
    ["logistics", "logistics@goldengrain.test"],
    ["sales", "sales@goldengrain.test"],
    ["warehouse", "warehouse@goldengrain.test"],
    ["driver", "driver@goldengrain.test"],
  ]) cookies[name!] = await staffCookie(ctx.app, email!);
  cookies.passcode = await passcodeCookie(ctx.app, 1);
}, 60_000);

describe("GET /api/picklists/short-reasons", () => {
  it("lists the active reasons in order for pickers and passcode sessions", async () => {
    for (const who of ["warehouse", "passcode", "logistics"]) {
      const res = await reasonsAs(cookies[who]!);
      expect(res).toEqual({
        status: 200,
        body: {
          success: true,
          data: [
            { id: expect.any(Number), label: "Stockout", action: "follow_up" },
            { id: expect.any(Number), label: "Damaged", action: "recount" },
            { id: expect.any(Number), label: "Wrong bin", action: "none" },
            { id: expect.any(Number), label: "Other", action: "none" },
          ],
        },
      });
    }
  });

  it("refuses those who may not pick (a driver)", async () => {
    expect((await reasonsAs(cookies.driver!)).status).toBe(403);
  });

  it("leaves out a deactivated reason", async () => {
    await db.update(pickShortReasons).set({ active: false }).where(eq(pickShortReasons.label, "Other"));
    const res = await reasonsAs(cookies.warehouse!);
    expect(res.body.data.map((r: Json) => r.label)).toEqual(["Stockout", "Damaged", "Wrong bin"]);
    await db.update(pickShortReasons).set({ active: true }).where(eq(pickShortReasons.label, "Other"));
  });
});

describe("verify with reasons", () => {
  it("refuses an unknown reason with 400 and writes nothing", async () => {
    const o = await pickOrder(0);
    const before = [(await db.select().from(pickListLogs)).length, (await db.select().from(notifications)).length, (await db.select().from(pickShorts)).length];
    const res = await save(o.orderNumber, cookies.warehouse!, [short(o.lines[0]!, 0, "Ate it")]);
    expect(res).toEqual({ status: 400, body: { success: false, error: "Unknown short reason: Ate it" } });
    expect([(await db.select().from(pickListLogs)).length, (await db.select().from(notifications)).length, (await db.select().from(pickShorts)).length]).toEqual(before);
  });

  it("refuses a deactivated reason; a reason over 80 characters is a 400", async () => {
    const o = await pickOrder(0);
    await db.update(pickShortReasons).set({ active: false }).where(eq(pickShortReasons.label, "Wrong bin"));
    expect(await save(o.orderNumber, cookies.warehouse!, [short(o.lines[0]!, 0, "Wrong bin")])).toEqual({ status: 400, body: { success: false, error: "Unknown short reason: Wrong bin" } });
    await db.update(pickShortReasons).set({ active: true }).where(eq(pickShortReasons.label, "Wrong bin"));
    expect((await save(o.orderNumber, cookies.warehouse!, [short(o.lines[0]!, 0, "x".repeat(81))])).status).toBe(400);
  });

  it("accepts a short line without a reason (spec 002's payload): history and the rep's notice, no follow-up", async () => {
    const o = await pickOrder(3);
    const res = await save(o.orderNumber, cookies.warehouse!, [short(o.lines[0]!, 1)]);
    expect(res.status).toBe(200);
    const notes = await noticesFor(o.orderNumber);
    expect(notes.filter((n) => n.audienceGrant)).toEqual([]);
    expect(notes.map((n) => n.title)).toEqual([`Short pick on ${o.orderNumber}`]);
  });

  it("Stockout: one follow-up for the office and one notice to the sales rep, however often the save is sent", async () => {
    const o = await pickOrder(1);
    const line = o.lines[0]!;
    const items = [short(line, 1, "stockout"), full(o.lines[1]!)];
    for (const key of ["k-1", "k-1", "k-2", undefined]) expect((await save(o.orderNumber, cookies.warehouse!, items, key)).status).toBe(200);
    const notes = await noticesFor(o.orderNumber);
    const [sam] = await db.select().from(users).where(eq(users.email, "sales@goldengrain.test"));
    const missing = line.quantity - 1;
    expect(notes.map((n) => ({ userId: n.userId, audienceGrant: n.audienceGrant, title: n.title }))).toEqual([
      { userId: null, audienceGrant: "orders:update", title: `Follow up: ${o.orderNumber} short ${missing} × ${line.sku}` },
      { userId: sam!.id, audienceGrant: null, title: `Short pick on ${o.orderNumber}` },
    ]);
    expect(notes[0]!.message).toContain(`Stockout: ${missing} × ${line.sku} short on ${o.orderNumber}`);
    // The log keeps the reason's own label; the history has one readable entry.
    const [log] = await db.select().from(pickListLogs).where(eq(pickListLogs.orderId, o.id)).orderBy(sql`${pickListLogs.id} DESC`).limit(1);
    expect((log!.payload as Json).results[0]).toMatchObject({ lineItemId: line.lineItemId, reason: "Stockout" });
    const admin = (await getStaffViewer(request("/", { cookie: cookies.admin }), ctx.app))!;
    const history = await orderHistory(ctx.app, admin, o.orderNumber);
    const shorts = history.timeline.filter((e) => e.changes.some((c) => c.field === "pickShort"));
    expect(shorts.map((e) => e.changes)).toEqual([[{ field: "pickShort", before: null, after: `${missing} × ${line.sku} (Stockout)` }]]);

    // A different shortfall on the line is a new short.
    expect((await save(o.orderNumber, cookies.warehouse!, [short(line, 0, "Stockout")])).status).toBe(200);
    expect((await noticesFor(o.orderNumber)).length).toBe(4);
  });

  it("Stockout's follow-up is in the Task Center's alerts of the office (logistics, admin), not of the warehouse", async () => {
    const o = await pickOrder(2);
    expect((await save(o.orderNumber, cookies.warehouse!, [short(o.lines[0]!, 0, "Stockout")])).status).toBe(200);
    const title = `Follow up: ${o.orderNumber} short ${o.lines[0]!.quantity} × ${o.lines[0]!.sku}`;
    for (const who of ["logistics", "admin"]) {
      const viewer = (await getStaffViewer(request("/", { cookie: cookies[who] }), ctx.app))!;
      const data = await listTasksFor(ctx.app, viewer, { pageSize: 200 });
      expect(data.alerts.map((a) => a.title)).toContain(title);
    }
    const wendy = (await getStaffViewer(request("/", { cookie: cookies.warehouse }), ctx.app))!;
    expect((await listTasksFor(ctx.app, wendy, { pageSize: 200 })).alerts.map((a) => a.title)).not.toContain(title);
  });

  it("a passcode session's short raises the same, once", async () => {
    const o = await pickOrder(6);
    const line = o.lines[0]!;
    for (let i = 0; i < 2; i++) expect((await save(o.orderNumber, cookies.passcode!, [short(line, 0, "Stockout")])).status).toBe(200);
    const notes = await noticesFor(o.orderNumber);
    expect(notes.map((n) => n.audienceGrant ?? "rep")).toEqual(["orders:update", "rep"]);
    const [entry] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, o.orderNumber), eq(auditEvents.action, "pick.short")));
    expect(entry).toMatchObject({ actorId: null, actorEmail: expect.stringMatching(/^picklist\+/) });
  });

  it("Damaged: a recount for the floor managers and the order warehouse's employees, once", async () => {
    const o = await pickOrder(4);
    const line = o.lines[0]!;
    for (let i = 0; i < 2; i++) expect((await save(o.orderNumber, cookies.warehouse!, [short(line, 1, "Damaged")])).status).toBe(200);
    const notes = (await noticesFor(o.orderNumber)).filter((n) => n.title === `Recount ${line.sku}`);
    const [wendy] = await db.select().from(users).where(eq(users.email, "warehouse@goldengrain.test"));
    expect(notes.map((n) => [n.audienceGrant, n.userId])).toEqual([["help:receive", null], [null, wendy!.id]]);
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.warehouse }), ctx.app))!;
    expect((await listTasksFor(ctx.app, viewer, { pageSize: 200 })).alerts.map((a) => a.title)).toContain(`Recount ${line.sku}`);
    expect(await db.select().from(pickShorts).where(eq(pickShorts.orderId, o.id))).toHaveLength(1);
  });

  it("the pick list PDF prints the latest save's short lines as 'Short n — Reason'", async () => {
    const o = await pickOrder(5);
    const [a, b] = o.lines;
    expect((await save(o.orderNumber, cookies.warehouse!, [short(a!, 1, "Damaged"), short(b!, 0)])).status).toBe(200);
    const admin = (await getStaffViewer(request("/", { cookie: cookies.admin }), ctx.app))!;
    const order = await getOrderForViewer(ctx.app, admin, o.orderNumber);
    const text = pdfText(await renderPickList(ctx.app, order, "Test", SEED_NOW.toISOString()));
    expect(text).toContain(`Short ${a!.quantity - 1} \u2014 Damaged`);
    // Each line's bin prints beside its SKU, as on the picking screen.
    const [slot] = await db.select({ bin: inventoryItems.bin }).from(inventoryItems).where(eq(inventoryItems.sku, a!.sku));
    expect(slot?.bin).toMatch(/^[A-Z]-\d+-\d+$/);
    expect(text).toContain(slot!.bin!);
    expect(text).toMatch(new RegExp(`Short ${b!.quantity}\\s*\\n`));
    // A later save with the line in full prints it without a short.
    expect((await save(o.orderNumber, cookies.warehouse!, [full(a!), full(b!)])).status).toBe(200);
    expect(pdfText(await renderPickList(ctx.app, order, "Test", SEED_NOW.toISOString()))).not.toContain("Short ");
  });
});

describe("order-history and the audit", () => {
  it("records the short under the order with action pick.short", async () => {
    const rows = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "pick.short"), inArray(auditEvents.entityType, ["order"])));
    expect(rows.length).toBeGreaterThan(0);
  });
});
