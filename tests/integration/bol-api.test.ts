// Bills of lading (spec 001 §3, §5, §7): loading needs bol:view, creating bol:create; the fields, the
// packages-or-net-weight rule, the PDF (read as text) and a replayed save.
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bols, orders, storedFiles } from "../../db/schema";
import { BolAnswer, BolSavedAnswer } from "~/domain/documents/contract";
import type { Database } from "~/lib/db.server";
import * as bol from "~/routes/api.order-trackers.$id.bol";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, staffCookies } from "../support/context";
import { callJson, fetchSigned, pdfText } from "./documents-fixtures";

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;
let freight: typeof orders.$inferSelect;

const FORM = {
  totalPackages: "12",
  totalPallets: 3,
  netWeightLbs: "2400",
  grossWeightLbs: "2550",
  comments: "Handle with care",
  instructions: "Call before delivery",
  placeOfDischarge: "Hicksville, NY",
  placeOfDelivery: "Queens, NY",
  chargeType: "Collect",
  freightCarrier: "Estes",
};

const get = (id: string, who: string) => callJson(ctx, bol, "GET", `/api/order-trackers/${id}/bol`, { id }, cookies[who]);
const post = (id: string, who: string, json: unknown, headers?: Record<string, string>) => callJson(ctx, bol, "POST", `/api/order-trackers/${id}/bol`, { id }, cookies[who], json, headers);

async function counts() {
  const [f] = await db.select({ n: sql<number>`count(*)` }).from(storedFiles);
  const [b] = await db.select({ n: sql<number>`count(*)` }).from(bols);
  const [a] = await db.select({ n: sql<number>`count(*)` }).from(auditEvents);
  return { files: f!.n, bols: b!.n, audit: a!.n };
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
  [freight] = await db.select().from(orders).where(eq(orders.orderType, "Freight")).orderBy(asc(orders.id)).limit(1);
  if (!freight) throw new Error("the seed must have a Freight order");
}, 60_000);

describe("the BOL", () => {
  it("an order without one answers exists:false", async () => {
    const none = await get(String(freight.id), "sales");
    expect(none).toMatchObject({ status: 200, body: { success: true, exists: false, data: null, presignedUrl: null } });
    // The screen reads it through the contract: a renamed field fails here, not on the dock.
    BolAnswer.parse(none.body);
  });

  it("a logistics manager creates it: fields stored, a 5-minute link to a PDF that prints them", async () => {
    const res = await post(freight.orderNumber, "logistics", FORM);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    BolSavedAnswer.parse(res.body);
    expect(res.body.data).toMatchObject({ totalPackages: 12, totalPallets: 3, netWeightLbs: 2400, grossWeightLbs: 2550, chargeType: "Collect", placeOfDelivery: "Queens, NY" });
    const url = new URL(res.body.presignedUrl);
    expect(Number(url.searchParams.get("exp")) - SEED_NOW.getTime() / 1000).toBe(300);
    const pdf = await fetchSigned(ctx, res.body.presignedUrl);
    expect(pdf.type).toBe("application/pdf");
    const text = pdfText(pdf.bytes);
    expect(text).toContain(`BILL OF LADING - ${freight.orderNumber}`);
    for (const s of ["Hicksville, NY", "Queens, NY", "Collect", "Estes", "2,400 lbs", "2,550 lbs", "Handle with care", "Call before delivery", freight.customerName]) expect(text).toContain(s);
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, freight.orderNumber), eq(auditEvents.action, "bol.create")));
    expect(audit?.actorEmail).toBe("logistics@goldengrain.test");
  });

  it("sales reps load it (bol:view) but may not create one (bol:create)", async () => {
    const loaded = await get(String(freight.id), "sales");
    expect(loaded.body).toMatchObject({ exists: true, data: { netWeightLbs: 2400 } });
    expect(BolAnswer.parse(loaded.body).data).toMatchObject({ netWeightLbs: 2400, version: 1 });
    expect(loaded.body.presignedUrl).toMatch(/\/files\/bol%2F/);
    const before = await counts();
    const refused = await post(String(freight.id), "sales", FORM);
    expect(refused.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("saving again updates the fields and makes a new PDF", async () => {
    const res = await post(String(freight.id), "admin", { ...FORM, netWeightLbs: "", totalPackages: "20", chargeType: "Prepaid" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalPackages: 20, netWeightLbs: null, chargeType: "Prepaid", version: 2 });
    expect(pdfText((await fetchSigned(ctx, res.body.presignedUrl)).bytes)).toContain("Prepaid");
    const [row] = await db.select().from(bols).where(eq(bols.orderId, freight.id));
    expect(row).toMatchObject({ totalPackages: 20, netWeightLbs: null, version: 2 });
  });

  it("a replay with one Idempotency-Key writes once", async () => {
    const headers = { "Idempotency-Key": "bol-retry-1" };
    const first = await post(String(freight.id), "logistics", { ...FORM, comments: "retry" }, headers);
    const after = await counts();
    const again = await post(String(freight.id), "logistics", { ...FORM, comments: "retry" }, headers);
    expect(again.body.presignedUrl).toBe(first.body.presignedUrl);
    expect(await counts()).toEqual(after);
  });

  const bad: [string, unknown, RegExp][] = [
    ["neither packages nor net weight", { ...FORM, totalPackages: "", netWeightLbs: "" }, /Enter total packages or net weight/],
    ["a negative weight", { ...FORM, netWeightLbs: "-5" }, /whole number/],
    ["a fractional count", { ...FORM, totalPackages: "1.5" }, /whole number/],
    ["a hex count", { ...FORM, totalPackages: "0x10" }, /whole number/],
    ["an unknown charge type", { ...FORM, chargeType: "Free" }, /Collect or Prepaid/],
    ["an unknown field", { ...FORM, fileKey: "bol/other.pdf" }, /Invalid input/],
  ];
  for (const [name, body, message] of bad) {
    it(`refuses ${name} with 400 and writes nothing`, async () => {
      const before = await counts();
      const res = await post(String(freight.id), "admin", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("warehouse employees and drivers are refused at the door", async () => {
    expect((await get(String(freight.id), "warehouse")).status).toBe(403);
    expect((await post(String(freight.id), "driver", FORM)).status).toBe(403);
  });

  it("an unknown order is 404", async () => {
    expect((await get("999999", "admin")).status).toBe(404);
    expect((await post("SO-NOPE", "admin", FORM)).status).toBe(404);
  });
});
