// Order Tracking edits: derived status, version check (409), audit trail and history, the 400 cases that
// change nothing, and the scope (404) for update and history.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isPaymentIssue } from "~/domain/orders/status";
import { auditEvents, orders } from "../../db/schema";
import { action as updateAction } from "~/routes/api.order-trackers.$id";
import { loader as historyLoader } from "~/routes/api.order-trackers.$id.history";
import { OrderHistoryAnswer, OrderRowSchema, OrderUpdateAnswer } from "~/domain/orders/contract";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";

type Ctx = ReturnType<typeof createTestContext>;
type Order = typeof orders.$inferSelect;
let ctx: Ctx;
let all: Order[];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const db = await createSeededTestDatabase({ orders: 400 });
  ctx = createTestContext(db, { now: SEED_NOW });
  all = await db.select().from(orders).orderBy(asc(orders.id));
  Object.assign(cookies, await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]));
}, 60_000);

async function put(who: string, id: number | string, json: unknown) {
  const res = (await settle(() =>
    updateAction({ request: request(`/api/order-trackers/${id}`, { method: "PUT", cookie: cookies[who], json }), context: ctx, params: { id: String(id) } }),
  )) as Response;
  return { status: res.status, body: (await res.json()) as any };
}

async function history(who: string, orderNumber: string) {
  const res = (await settle(() =>
    historyLoader({ request: request(`/api/order-trackers/${orderNumber}/history`, { cookie: cookies[who] }), context: ctx, params: { id: orderNumber } }),
  )) as Response;
  return { status: res.status, body: (await res.json()) as any };
}

async function fresh(id: number) {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function auditCount(orderNumber: string) {
  return (await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, orderNumber))).length;
}

const open = () => all.find((o) => ["Pending Assignment", "Picking"].includes(o.orderStatus) && o.orderType.endsWith("Delivery"))!;

describe("update", () => {
  it("saves, derives the status, bumps the version and writes the audit event shown in history", async () => {
    const o = await fresh(open().id);
    const before = await auditCount(o.orderNumber);
    const { status, body } = await put("logistics", o.id, {
      paymentStatus: "Paid: Zelle",
      orderType: o.orderType,
      truckingCompany: "Estes",
      warehouseAssignment: ["Kevin Chen"],
      notes: "Load on the left dock",
      orderStatus: "Delivered",
      version: o.version,
    });
    expect(status).toBe(200);
    // The stepper reads the saved row through its contract; every field the server sends is in it.
    expect(OrderUpdateAnswer.parse(body)).toEqual(body.data);
    expect(body.data).toMatchObject({
      orderStatus: "Picking",
      truckingCompany: "Estes",
      warehouseAssignment: ["Kevin Chen"],
      trackingPaymentStatus: "Paid: Zelle",
      paymentStatus: "Paid: Zelle",
      notes: "Load on the left dock",
      version: o.version + 1,
      lastUpdatedAt: SEED_NOW.toISOString(),
    });
    const after = await fresh(o.id);
    expect(after).toMatchObject({ orderStatus: "Picking", paymentStatus: "Paid: Zelle", version: o.version + 1 });
    expect(await auditCount(o.orderNumber)).toBe(before + 1);

    const h = await history("logistics", o.orderNumber);
    expect(h.status).toBe(200);
    expect(OrderHistoryAnswer.parse(h.body).timeline).toEqual(h.body.data.timeline);
    const latest = h.body.data.timeline[0];
    expect(latest.actor).toBe("Leo Logistics");
    const fields = Object.fromEntries(latest.changes.map((c: any) => [c.field, c]));
    expect(fields.paymentStatus).toMatchObject({ before: o.paymentStatus, after: "Paid: Zelle" });
    expect(fields.warehouseAssignment.after).toEqual(["Kevin Chen"]);
    if (o.orderStatus !== "Picking") expect(fields.orderStatus).toMatchObject({ before: o.orderStatus, after: "Picking" });
    const times = h.body.data.timeline.map((e: any) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("a pending payment derives 'Pending Payment'", async () => {
    const candidates = all.filter((x) => ["Picking", "Picked", "Pending Assignment"].includes(x.orderStatus) && !isPaymentIssue(x.paymentStatus));
    const o = await fresh(candidates[3]!.id);
    const { body } = await put("admin", o.id, { paymentStatus: "Cash On Delivery", orderType: o.orderType, truckingCompany: "RIST", warehouseAssignment: ["ALL"], notes: "", version: o.version });
    expect(body.data.orderStatus).toBe("Pending Payment");
  });

  it("a note saved on a Picked order keeps it Picked (status never slides back on an unrelated edit)", async () => {
    const o = await fresh(all.find((x) => x.orderStatus === "Picked" && x.warehouseAssignment.length > 0 && x.truckingCompany)!.id);
    const { status, body } = await put("admin", o.id, {
      paymentStatus: o.paymentStatus,
      orderType: o.orderType,
      truckingCompany: o.truckingCompany,
      warehouseAssignment: o.warehouseAssignment,
      notes: "Call before arriving",
      version: o.version,
    });
    expect(status).toBe(200);
    expect(body.data.orderStatus).toBe("Picked");
    expect((await fresh(o.id)).orderStatus).toBe("Picked");
  });

  it("a stale version gets 409 with the current row and writes nothing (two editors)", async () => {
    const o = await fresh(open().id);
    const body = { paymentStatus: "Net 30", orderType: o.orderType, truckingCompany: "EDL", warehouseAssignment: ["Wendy Warehouse"], notes: "first", version: o.version };
    const first = await put("admin", o.id, body);
    expect(first.status).toBe(200);
    const auditsBefore = await auditCount(o.orderNumber);
    const second = await put("logistics", o.id, { ...body, notes: "second", truckingCompany: "RIST" });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, error: "This order was changed by someone else. The latest values have been loaded." });
    expect(second.body.data).toMatchObject({ notes: "first", version: o.version + 1, truckingCompany: "EDL" });
    // The 409's current row is what the stepper restarts from (read with the row contract).
    expect(OrderRowSchema.parse(second.body.data)).toEqual(second.body.data);
    expect(await fresh(o.id)).toMatchObject({ notes: "first", truckingCompany: "EDL" });
    expect(await auditCount(o.orderNumber)).toBe(auditsBefore);
  });

  it("a sales rep keeps the stored trucking; sending the same value or none is fine", async () => {
    const o = await fresh(all.filter((x) => x.truckingCompany)[5]!.id);
    const same = await put("sales", o.id, { paymentStatus: "Paid", orderType: o.orderType, truckingCompany: o.truckingCompany, warehouseAssignment: ["Wendy Warehouse"], notes: "x", version: o.version });
    expect(same.status).toBe(200);
    expect(same.body.data.truckingCompany).toBe(o.truckingCompany);
    const absent = await put("sales", o.id, { paymentStatus: "Paid", orderType: o.orderType, warehouseAssignment: ["Wendy Warehouse"], notes: "y", version: o.version + 1 });
    expect(absent.status).toBe(200);
    expect(absent.body.data.truckingCompany).toBe(o.truckingCompany);
  });

  it("a sales rep's update that carries another trucking company is applied without it (spec 001 §5: stripped)", async () => {
    const o = await fresh(all.filter((x) => x.truckingCompany === "Estes" && x.orderStatus !== "Picking")[1]!.id);
    const audits = await auditCount(o.orderNumber);
    const { status, body } = await put("sales", o.id, { paymentStatus: "Net 30", orderType: o.orderType, truckingCompany: "RIST", warehouseAssignment: ["Kevin Chen"], notes: "stripped", version: o.version });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ truckingCompany: "Estes", paymentStatus: "Net 30", warehouseAssignment: ["Kevin Chen"], notes: "stripped" });
    expect(await fresh(o.id)).toMatchObject({ truckingCompany: "Estes", paymentStatus: "Net 30", warehouseAssignment: ["Kevin Chen"], version: o.version + 1 });
    const events = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, o.orderNumber)).orderBy(asc(auditEvents.id));
    expect(events).toHaveLength(audits + 1);
    const event = events.at(-1);
    expect(event!.changes.map((c) => c.field)).not.toContain("truckingCompany");
    expect(event!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(["paymentStatus", "warehouseAssignment"]));
  });
});

describe("bad input is 400 and changes nothing", () => {
  const target = () => all.find((o) => o.truckingCompany === "Estes" && o.orderStatus !== "Picking")!;
  it.each([
    ["unknown payment status", "admin", { paymentStatus: "Bitcoin" }, /Unknown payment status/],
    ["payment N/A", "admin", { paymentStatus: "N/A" }, /^Payment must be set$/],
    ["payment empty", "admin", { paymentStatus: "" }, /^Payment must be set$/],
    ["empty assignment", "admin", { warehouseAssignment: [] }, /warehouse assignment/],
    ["unknown order type", "admin", { orderType: "Teleport" }, /Order type/],
    ["blank trucking from logistics", "logistics", { truckingCompany: "n/a" }, /Trucking company is required/],
    ["empty body", "admin", null, /./],
  ])("%s", async (_name, who, patch, message) => {
    const o = await fresh(target().id);
    const audits = await auditCount(o.orderNumber);
    const body = patch === null ? {} : { paymentStatus: "Paid", orderType: o.orderType, truckingCompany: o.truckingCompany, warehouseAssignment: ["Kevin Chen"], notes: "changed", version: o.version, ...patch };
    const { status, body: res } = await put(who, o.id, body);
    expect(status).toBe(400);
    expect(res.success).toBe(false);
    expect(res.error).toMatch(message);
    expect(await fresh(o.id)).toEqual(o);
    expect(await auditCount(o.orderNumber)).toBe(audits);
  });
});

describe("scope", () => {
  it("a warehouse employee or driver cannot update (403)", async () => {
    const o = all[0]!;
    expect((await put("warehouse", o.id, {})).status).toBe(403);
    expect((await put("driver", o.id, {})).status).toBe(403);
  });
  it("history of an order outside the viewer's scope is 404", async () => {
    const freight = all.find((o) => o.orderType === "Freight")!;
    expect((await history("driver", freight.orderNumber)).status, "driver").toBe(404);
    const now = await ctx.app.db.select().from(orders).orderBy(asc(orders.id));
    const notMine = now.find((o) => !o.warehouseAssignment.some((l) => /wendy|warehouse@/i.test(l)))!;
    expect((await history("warehouse", notMine.orderNumber)).status, `warehouse ${JSON.stringify(notMine.warehouseAssignment)}`).toBe(404);
    expect((await history("admin", "SO-999999")).status).toBe(404);
  });
  it("a warehouse employee's history hides payment and trucking changes", async () => {
    const mine = all.find((o) => o.warehouseAssignment.includes("Wendy Warehouse"))!;
    const { status, body } = await history("warehouse", mine.orderNumber);
    expect(status).toBe(200);
    for (const e of body.data.timeline) for (const c of e.changes) expect(["paymentStatus", "truckingCompany"]).not.toContain(c.field);
  });
  it("update of an unknown order is 404", async () => {
    const { status } = await put("admin", 999999, { paymentStatus: "Paid", orderType: "Freight", truckingCompany: "Estes", warehouseAssignment: ["ALL"], notes: "" });
    expect(status).toBe(404);
  });
});
