// Generate WILL CALL (spec 001 §2, §4, §7): from a drawn signature or the order's capture signature (the capture
// screen sends only the name), the PDF 'WILL CALL - {orderNumber}' with today's date, and what is refused.
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, storedFiles } from "../../db/schema";
import { WillCallGeneratedAnswer, WillCallLatestAnswer } from "~/domain/documents/contract";
import type { Database } from "~/lib/db.server";
import * as capture from "~/routes/api.warehouse.$id.capture";
import * as willCall from "~/routes/api.order-trackers.$id.will-call";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, staffCookies } from "../support/context";
import { callForm, callJson, fetchSigned, file, PNG_BYTES, PNG_DATA_URL, pdfText } from "./documents-fixtures";

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;
let order: typeof orders.$inferSelect;
let other: typeof orders.$inferSelect;

const post = (o: { id: number }, who: string, json: unknown, headers?: Record<string, string>) =>
  callJson(ctx, willCall, "POST", `/api/order-trackers/${o.id}/will-call`, { id: String(o.id) }, cookies[who], json, headers);

async function fileCount() {
  const [f] = await db.select({ n: sql<number>`count(*)` }).from(storedFiles);
  return f!.n;
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
  const calls = (await db.select().from(orders).where(eq(orders.orderType, "Will Call")).orderBy(asc(orders.id))).filter(
    (o) => !o.warehouseAssignment.some((l) => /wendy|warehouse@/i.test(l)),
  );
  [order, other] = calls as [typeof order, typeof other];
  await assignOrder(db, order.id, ["Wendy Warehouse"]);
}, 60_000);

describe("Generate WILL CALL", () => {
  it("from the dialog: printed name and a drawn signature give 'WILL CALL - {orderNumber}' dated today", async () => {
    expect((await callJson(ctx, willCall, "GET", `/api/order-trackers/${order.id}/will-call`, { id: String(order.id) }, cookies.logistics)).body).toEqual({
      success: true,
      exists: false,
      presignedUrl: null,
      generatedAt: null,
    });
    const res = await post(order, "logistics", { signedByName: "Pat Pickup", signatureImageDataUrl: PNG_DATA_URL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    // The screens read these answers through their contracts: a renamed field fails here.
    WillCallGeneratedAnswer.parse(res.body);
    const pdf = await fetchSigned(ctx, res.body.presignedUrl);
    const text = pdfText(pdf.bytes);
    expect(text).toContain(`WILL CALL - ${order.orderNumber}`);
    expect(text).toContain("Pat Pickup");
    expect(text).toContain(order.customerName);
    expect(text).toContain("June 18, 2025"); // SEED_NOW in Eastern Time
    const latest = await callJson(ctx, willCall, "GET", `/api/order-trackers/${order.id}/will-call`, { id: String(order.id) }, cookies.logistics);
    expect(latest.body).toMatchObject({ exists: true, presignedUrl: expect.stringMatching(/will-call/) });
    expect(WillCallLatestAnswer.parse(latest.body).exists).toBe(true);
  });

  it("with only the name, after a capture: the capture's signature is used", async () => {
    const form = new FormData();
    form.set("signedByName", "Carla Capture");
    form.set("signature", file(PNG_BYTES, "signature.png", "image/png"));
    const saved = await callForm(ctx, capture, `/api/warehouse/${order.id}/capture`, { id: String(order.id) }, cookies.warehouse, form);
    expect(saved.status).toBe(201);
    const res = await post(order, "warehouse", { signedByName: "Carla Capture" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(pdfText((await fetchSigned(ctx, res.body.presignedUrl)).bytes)).toContain("Carla Capture");
    // Its key is accepted too; any other key is not.
    const withKey = await post(order, "warehouse", { signedByName: "Carla Capture", signatureS3Key: saved.body.data.signature.s3Key });
    expect(withKey.status).toBe(200);
  });

  const bad: [string, () => unknown, number, RegExp][] = [
    ["no name", () => ({ signedByName: " ", signatureImageDataUrl: PNG_DATA_URL }), 400, /Please enter the customer name\./],
    ["no signature and no capture", () => ({ signedByName: "X" }), 400, /Please capture a signature\./],
    ["a signature that is not a PNG data URL", () => ({ signedByName: "X", signatureImageDataUrl: "data:image/jpeg;base64,/9j/4AAQ" }), 400, /PNG/],
    ["a PNG data URL holding HTML", () => ({ signedByName: "X", signatureImageDataUrl: `data:image/png;base64,${btoa("<svg onload=alert(1)>")}` }), 400, /PNG/],
    ["another file's key", () => ({ signedByName: "X", signatureS3Key: "release-order/2025/06/abc.pdf" }), 400, /does not belong/],
  ];
  for (const [name, body, status, message] of bad) {
    it(`refuses ${name} (${status}) and stores nothing`, async () => {
      const before = await fileCount();
      const res = await post(other, "admin", body());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatch(message);
      expect(await fileCount()).toBe(before);
    });
  }

  it("a warehouse employee cannot generate one for an order not assigned to her (404); sales and drivers are refused", async () => {
    expect((await post(other, "warehouse", { signedByName: "X", signatureImageDataUrl: PNG_DATA_URL })).status).toBe(404);
    expect((await post(order, "sales", { signedByName: "X", signatureImageDataUrl: PNG_DATA_URL })).status).toBe(403);
    expect((await post(order, "driver", { signedByName: "X", signatureImageDataUrl: PNG_DATA_URL })).status).toBe(403);
  });

  it("a replay with one Idempotency-Key makes one document", async () => {
    const headers = { "Idempotency-Key": "will-call-1" };
    const first = await post(order, "admin", { signedByName: "Replay", signatureImageDataUrl: PNG_DATA_URL }, headers);
    const before = await fileCount();
    const again = await post(order, "admin", { signedByName: "Replay", signatureImageDataUrl: PNG_DATA_URL }, headers);
    expect(again.body.presignedUrl).toBe(first.body.presignedUrl);
    expect(await fileCount()).toBe(before);
  });
});
