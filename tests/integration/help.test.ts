// Drivers' help requests (spec 000 'Need Help', spec 001 need-help): the routes' guards, validation, the
// 'Help requested' alert managers see, and the stored photo.
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notifications, orders, storedFiles } from "../../db/schema";
import { HelpAnswer } from "~/domain/delivery/contract";
import { getStaffViewer } from "~/lib/session.server";
import { action as needHelp } from "~/routes/api.delivery.$orderId.need-help";
import { action as issuePhoto } from "~/routes/api.delivery.unknown.issue-photo";
import { listTasksFor } from "~/services/tasks.server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

let ctx: ReturnType<typeof createTestContext>;
let driver: string;
let warehouse: string;
let logistics: string;

beforeAll(async () => {
  ctx = createTestContext(await createSeededTestDatabase());
  driver = await staffCookie(ctx.app, "driver@goldengrain.test");
  warehouse = await staffCookie(ctx.app, "warehouse@goldengrain.test");
  logistics = await staffCookie(ctx.app, "logistics@goldengrain.test");
}, 60_000);

beforeEach(async () => {
  await ctx.app.db.delete(notifications);
});

function helpForm(fields: { note?: string; image?: Blob }) {
  const form = new FormData();
  if (fields.image) form.append("image", fields.image, "photo.png");
  if (fields.note !== undefined) form.append("note", fields.note);
  return form;
}

function postPhoto(cookie: string | undefined, body: BodyInit, headers?: HeadersInit) {
  return settle(() =>
    issuePhoto({ request: request("/api/delivery/unknown/issue-photo", { method: "POST", cookie, body, headers }), context: ctx, params: {} }),
  ) as Promise<Response>;
}

function postNeedHelp(cookie: string | undefined, orderId: string, json: unknown = {}) {
  return settle(() =>
    needHelp({ request: request(`/api/delivery/${orderId}/need-help`, { method: "POST", cookie, json }), context: ctx, params: { orderId } }),
  ) as Promise<Response>;
}

/** The seeded driver delivers 'NY/NJ Delivery' and 'VA Delivery' orders from NY-MAIN and NJ-WH (their Order Tracking scope). */
async function driverOrder(scope: "inside" | "outside" | "other type") {
  const where =
    scope === "inside"
      ? and(eq(orders.warehouseLocation, "NY-MAIN"), eq(orders.orderType, "NY/NJ Delivery"))
      : scope === "other type"
        ? and(eq(orders.warehouseLocation, "NY-MAIN"), eq(orders.orderType, "Will Call"))
        : and(ne(orders.warehouseLocation, "NY-MAIN"), ne(orders.warehouseLocation, "NJ-WH"));
  const [row] = await ctx.app.db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(where).limit(1);
  if (!row) throw new Error(`no seeded order ${scope} the driver's warehouses`);
  return row;
}

describe("POST /api/delivery/unknown/issue-photo", () => {
  it("answers 401 without a session cookie", async () => {
    const res = await issuePhoto({ request: request("/api/delivery/unknown/issue-photo", { method: "POST", body: helpForm({}) }), context: ctx, params: {} });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: "Not signed in" });
  });

  it("answers 403 for a warehouse employee", async () => {
    const res = await postPhoto(warehouse, helpForm({ note: "hi" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("records a 'Help requested' alert for managers, with the driver's name and note", async () => {
    const res = await postPhoto(driver, helpForm({ note: "Gate is locked" }));
    expect(res.status).toBe(200);
    expect(HelpAnswer.parse(await res.json())).toEqual({ success: true });
    const [row] = await ctx.app.db.select().from(notifications);
    expect(row).toMatchObject({
      audienceGrant: "help:receive",
      title: "Help requested",
      message: "Dan Driver needs help. Note: Gate is locked",
      priority: "high",
      orderNumber: null,
      attachmentKey: null,
      createdBy: "driver@goldengrain.test",
    });

    // Managers see it in their Alerts tab; the driver's own list does not.
    const manager = await getStaffViewer(request("/", { cookie: logistics }), ctx.app);
    const alerts = (await listTasksFor(ctx.app, manager!)).alerts;
    expect(alerts.map((a) => a.title)).toEqual(["Help requested"]);
  });

  it("accepts neither note nor photo", async () => {
    const res = await postPhoto(driver, helpForm({}));
    expect(res.status).toBe(200);
    const [row] = await ctx.app.db.select().from(notifications);
    expect(row?.message).toBe("Dan Driver needs help.");
  });

  it("stores the photo through the file store and links it to the alert", async () => {
    const res = await postPhoto(driver, helpForm({ image: new Blob([PNG], { type: "image/png" }), note: "" }));
    expect(res.status).toBe(200);
    const [row] = await ctx.app.db.select().from(notifications);
    expect(row?.attachmentKey).toMatch(/^help-photo\//);
    const [file] = await ctx.app.db.select().from(storedFiles).where(eq(storedFiles.key, row!.attachmentKey!));
    expect(file).toMatchObject({ ownerType: "help-request", ownerId: "unknown", contentType: "image/png", createdBy: "driver@goldengrain.test" });

    const manager = await getStaffViewer(request("/", { cookie: logistics }), ctx.app);
    const [alert] = (await listTasksFor(ctx.app, manager!)).alerts;
    expect(alert?.attachmentUrl).toContain("/files/");
  });

  it.each<[string, () => [BodyInit, HeadersInit?], number]>([
    ["a note over 2000 characters", () => [helpForm({ note: "x".repeat(2001) })], 400],
    ["an image that is not an image", () => [helpForm({ image: new Blob(["just text, not a picture"], { type: "image/png" }) })], 415],
    ["a JSON body", () => [JSON.stringify({ note: "x" }), { "content-type": "application/json" }], 415],
  ])("refuses %s without writing anything", async (_label, make, status) => {
    const [body, headers] = make();
    const res = await postPhoto(driver, body, headers);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false });
    expect(await ctx.app.db.select().from(notifications)).toHaveLength(0);
  });
});

describe("POST /api/delivery/{orderId}/need-help", () => {
  it("answers 401 without a session, 403 for a warehouse employee", async () => {
    expect((await postNeedHelp(undefined, "1")).status).toBe(401);
    expect((await postNeedHelp(warehouse, "1")).status).toBe(403);
  });

  it("records the alert for the order (empty JSON body)", async () => {
    const order = await driverOrder("inside");
    const res = await postNeedHelp(driver, String(order.id));
    expect(res.status).toBe(200);
    expect(HelpAnswer.parse(await res.json())).toEqual({ success: true });
    const [row] = await ctx.app.db.select().from(notifications);
    expect(row).toMatchObject({ title: "Help requested", orderId: order.id, orderNumber: order.orderNumber, audienceGrant: "help:receive" });
    expect(row?.message).toBe(`Dan Driver needs help with order ${order.orderNumber}.`);
  });

  it("finds the order by its number too, and takes an optional note", async () => {
    const order = await driverOrder("inside");
    const res = await postNeedHelp(driver, order.orderNumber, { note: "Forklift broken" });
    expect(res.status).toBe(200);
    const [row] = await ctx.app.db.select().from(notifications);
    expect(row?.message).toBe(`Dan Driver needs help with order ${order.orderNumber}. Note: Forklift broken`);
  });

  it("answers 404 for an order that does not exist, 403 for one outside the driver's warehouses or order types (spec 001 §6)", async () => {
    const missing = await postNeedHelp(driver, "99999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: "Order not found" });
    const outside = await driverOrder("outside");
    const refused = await postNeedHelp(driver, String(outside.id));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: "Not authorized for this order" });
    const otherType = await driverOrder("other type");
    expect((await postNeedHelp(driver, otherType.orderNumber)).status).toBe(403);
    expect(await ctx.app.db.select().from(notifications)).toHaveLength(0);
  });

  it("answers 400 for a note that is not text", async () => {
    const order = await driverOrder("inside");
    expect((await postNeedHelp(driver, String(order.id), { note: 5 })).status).toBe(400);
  });
});

describe("an ask sent again (the outbox's retry after a lost answer)", () => {
  function needHelpKeyed(orderId: string, key: string, json: unknown = { note: "Gate locked" }) {
    return settle(() =>
      needHelp({ request: request(`/api/delivery/${orderId}/need-help`, { method: "POST", cookie: driver, json, headers: { "Idempotency-Key": key } }), context: ctx, params: { orderId } }),
    ) as Promise<Response>;
  }
  const helpAlerts = () => ctx.app.db.select().from(notifications).where(eq(notifications.title, "Help requested"));

  it("raises one alert per Idempotency-Key, answers the retry as the first, and a new key is a new ask", async () => {
    const order = await driverOrder("inside");
    const first = await needHelpKeyed(String(order.id), "help-key-1");
    expect(first.status).toBe(200);
    const again = await needHelpKeyed(String(order.id), "help-key-1");
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(HelpAnswer.parse(await again.json())).toEqual({ success: true });
    expect(await helpAlerts()).toHaveLength(1);
    expect((await needHelpKeyed(String(order.id), "help-key-2")).status).toBe(200);
    expect(await helpAlerts()).toHaveLength(2);
  });

  it("the same key with another ask is refused (422) and raises nothing", async () => {
    const order = await driverOrder("inside");
    expect((await needHelpKeyed(String(order.id), "help-key-3")).status).toBe(200);
    const reused = await needHelpKeyed(String(order.id), "help-key-3", { note: "Something else" });
    expect(reused.status).toBe(422);
    expect(await helpAlerts()).toHaveLength(1);
  });

  it("the ask without an order (a photo form) is once per key too", async () => {
    const send = () => postPhoto(driver, helpForm({ note: "Flat tyre", image: new Blob([PNG], { type: "image/png" }) }), { "Idempotency-Key": "help-key-4" });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(await helpAlerts()).toHaveLength(1);
  });
});
