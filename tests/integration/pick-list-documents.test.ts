// The release order (pick list PDF): generate, reuse, force, exists/status, the print permission, and the
// email to the warehouse's routing through the real Resend client into the local catcher.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, orderLines, orders, pickListStatus } from "../../db/schema";
import { PickListStatusAnswer, PickListEmailAnswer, PickListEmailEnableAnswer, PickListLinkAnswer } from "~/domain/documents/contract";
import type { Database } from "~/lib/db.server";
import * as releaseOrder from "~/routes/api.order-trackers.$id.release-order";
import * as exists from "~/routes/api.order-trackers.$id.release-order.exists";
import * as status from "~/routes/api.order-trackers.$id.release-order.status";
import * as email from "~/routes/api.order-trackers.$id.release-order.email";
import * as emailEnable from "~/routes/api.order-trackers.$id.release-order.email-enable";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;
let logistics: string;
let driver: string;
let sales: string;
let admin: string;

async function orderAt(location: string) {
  const [o] = await db.select().from(orders).where(eq(orders.warehouseLocation, location)).orderBy(asc(orders.id)).limit(1);
  return o!;
}

function pdfText(bytes: Uint8Array): string {
  return execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes) }).toString("utf8");
}

async function storedPdf(orderId: number): Promise<Uint8Array> {
  const [row] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, orderId));
  const object = await ctx.app.files.get(row!.fileKey!);
  return new Uint8Array(await object!.arrayBuffer());
}

async function call(mod: { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> }, kind: "loader" | "action", id: string, cookie: string, opts: { query?: string; json?: unknown; path?: string } = {}) {
  const path = `/api/order-trackers/${id}/release-order${opts.path ?? ""}${opts.query ?? ""}`;
  const req = request(path, { method: kind === "loader" ? "GET" : "POST", cookie, ...(kind === "action" ? { json: opts.json ?? {} } : {}) });
  const res = (await settle(() => mod[kind]!({ request: req, context: ctx, params: { id } }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "release-order-standins-")) });
  ctx = createTestContext(db, { now: SEED_NOW, env: { RESEND_BASE_URL: `${standins.url}/resend`, MAIL_CATCHER_URL: `${standins.url}/resend` } });
  [logistics, driver, sales, admin] = await Promise.all(
    ["logistics", "driver", "sales", "admin"].map((n) => staffCookie(ctx.app, `${n}@goldengrain.test`)),
  );
}, 60_000);

afterAll(async () => {
  await standins?.close();
});

beforeEach(async () => {
  await fetch(`${standins.url}/resend/emails`, { method: "DELETE" });
});

describe("generating the pick list", () => {
  it("POST generates the PDF, stores it, and answers a 5-minute presignedUrl", async () => {
    const order = await orderAt("NY-MAIN");
    const res = await call(releaseOrder, "action", order.orderNumber, logistics, { json: { userName: "Lena Logistics", userFirstName: "Lena", userEmail: "logistics@goldengrain.test" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, generated: true });
    // The screens (order detail, batch print, the check screen) read it through the contract.
    const url = new URL(PickListLinkAnswer.parse(res.body).presignedUrl);
    expect(url.pathname).toMatch(/^\/files\/release-order/);
    expect(Number(url.searchParams.get("exp")) - SEED_NOW.getTime() / 1000).toBe(300);

    const [row] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id));
    expect(row).toMatchObject({ hasReleaseOrder: true, generatedAt: SEED_NOW.toISOString(), generatedBy: expect.stringMatching(/\S/) });

    const text = pdfText(await storedPdf(order.id));
    expect(text).toContain("RELEASE ORDER / PICK LIST");
    expect(text).toContain(order.orderNumber);
    expect(text).toContain(order.customerName);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) expect(text).toContain(line.sku);
    expect(text).toContain(`Total lines: ${lines.length}`);
    expect(text).toContain(`Total units: ${lines.reduce((s, l) => s + l.quantity, 0)}`);
    expect(text).toMatch(/Page 1 of \d/);

    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, order.orderNumber), like(auditEvents.action, "release-order%")));
    expect(audit.map((a) => a.action)).toEqual(["release-order.generate"]);
  });

  it("GET only reads (404 before the first POST, 400 with ?force=true); POST generates and regenerates", async () => {
    const order = await orderAt("NJ-WH");
    const none = await call(releaseOrder, "loader", String(order.id), sales);
    expect(none.status).toBe(404);
    expect((await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id))).length).toBe(0);
    const first = await call(releaseOrder, "action", String(order.id), sales, { json: {} });
    expect(first.body).toMatchObject({ success: true, generated: true });
    const [before] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id));

    const again = await call(releaseOrder, "loader", String(order.id), sales);
    expect(again.body).toMatchObject({ success: true, generated: false });
    expect(PickListLinkAnswer.parse(again.body).generated).toBe(false);
    const [same] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id));
    expect(same!.fileKey).toBe(before!.fileKey);

    const auditsBefore = (await db.select().from(auditEvents)).length;
    const getForced = await call(releaseOrder, "loader", String(order.id), sales, { query: "?force=true" });
    expect(getForced.status).toBe(400);
    expect((await db.select().from(auditEvents)).length).toBe(auditsBefore);
    const forced = await call(releaseOrder, "action", String(order.id), sales, { query: "?force=true", json: {} });
    expect(forced.body).toMatchObject({ success: true, generated: true });
    const [after] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order.id));
    expect(after!.fileKey).not.toBe(before!.fileKey);

    const viaBody = await call(releaseOrder, "action", order.orderNumber, sales, { json: { force: true } });
    expect(viaBody.body.generated).toBe(true);
  });

  it("exists and status report the state before and after", async () => {
    const order = await orderAt("FL-DIST");
    expect((await call(exists, "loader", String(order.id), sales, { path: "/exists" })).body).toEqual({ success: true, exists: false, hasReleaseOrder: false });
    expect((await call(status, "loader", String(order.id), sales, { path: "/status" })).body).toMatchObject({
      success: true, hasReleaseOrder: false, generatedAt: null, emailedAt: null, emailEnabled: true,
    });
    await call(releaseOrder, "action", order.orderNumber, logistics);
    expect((await call(exists, "loader", order.orderNumber, sales, { path: "/exists" })).body).toEqual({ success: true, exists: true, hasReleaseOrder: true });
    const after = (await call(status, "loader", order.orderNumber, sales, { path: "/status" })).body;
    expect(after).toMatchObject({ success: true, hasReleaseOrder: true, generatedAt: SEED_NOW.toISOString(), emailEnabled: true });
    expect(PickListStatusAnswer.parse(after)).toMatchObject({ hasReleaseOrder: true, completedAt: null });
  });

  it("answers 404 for an order that does not exist", async () => {
    const res = await call(releaseOrder, "action", "SO-999999", logistics);
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it("refuses a driver with the spec's message, on GET, POST and email, and writes nothing", async () => {
    const order = await orderAt("NY-MAIN");
    const before = await db.select().from(pickListStatus);
    for (const [mod, kind, path] of [[releaseOrder, "loader", ""], [releaseOrder, "action", ""], [email, "action", "/email"]] as const) {
      const res = await call(mod, kind, order.orderNumber, driver, { path });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: "You do not have permission to print pick lists." });
    }
    expect(await db.select().from(pickListStatus)).toEqual(before);
  });
});

describe("emailing the pick list", () => {
  it("sends to the NY-MAIN routing with its cc and the default cc, the PDF attached, then disables email", async () => {
    const [order] = await db.select().from(orders).where(eq(orders.warehouseLocation, "NY-MAIN")).orderBy(asc(orders.id)).limit(1).offset(3);
    const res = await call(email, "action", order!.orderNumber, logistics, { path: "/email" });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: "Release Order emailed successfully." } });
    PickListEmailAnswer.parse(res.body);

    const inbox = (await (await fetch(`${standins.url}/resend/emails`)).json()) as Json;
    expect(inbox.data).toHaveLength(1);
    const mail = inbox.data[0];
    expect(mail.to).toEqual(["warehouse-ny@goldengrain.test"]);
    expect(mail.cc).toEqual(["logistics@goldengrain.test", "ops-archive@goldengrain.test"]);
    expect(mail.subject).toBe(`Release Order ${order!.orderNumber} — ${order!.customerName}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `release-order-${order!.orderNumber}.pdf`, contentType: "application/pdf" });
    const full = (await (await fetch(`${standins.url}/resend/emails/${mail.id}`)).json()) as Json;
    expect(pdfText(Buffer.from(full.attachments[0].content, "base64"))).toContain(order!.orderNumber);

    const state = await call(status, "loader", order!.orderNumber, logistics, { path: "/status" });
    expect(state.body).toMatchObject({ hasReleaseOrder: true, emailedAt: SEED_NOW.toISOString(), emailEnabled: false });
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, order!.orderNumber), like(auditEvents.action, "release-order%")));
    expect(audit.map((a) => a.action).sort()).toEqual(["release-order.email", "release-order.generate"]);

    const second = await call(email, "action", order!.orderNumber, logistics, { path: "/email" });
    expect(second).toMatchObject({ status: 409, body: { success: false, error: "Release Order already emailed" } });
    expect(((await (await fetch(`${standins.url}/resend/emails`)).json()) as Json).data).toHaveLength(1);

    // Re-enabling is for admins and logistics managers only.
    const bySales = await call(emailEnable, "action", order!.orderNumber, sales, { path: "/email-enable" });
    expect(bySales.status).toBe(403);
    const byLogistics = await call(emailEnable, "action", order!.orderNumber, logistics, { path: "/email-enable" });
    expect(byLogistics).toMatchObject({ status: 200, body: { success: true, emailEnabled: true } });
    PickListEmailEnableAnswer.parse(byLogistics.body);
    const third = await call(email, "action", order!.orderNumber, admin, { path: "/email" });
    expect(third.status).toBe(200);
    expect(((await (await fetch(`${standins.url}/resend/emails`)).json()) as Json).data).toHaveLength(2);
  });

  it("answers 400 'no email recipients' for FL-DIST (routing without To) and sends nothing", async () => {
    const [order] = await db.select().from(orders).where(eq(orders.warehouseLocation, "FL-DIST")).orderBy(asc(orders.id)).limit(1).offset(2);
    const res = await call(email, "action", order!.orderNumber, logistics, { path: "/email" });
    expect(res).toEqual({ status: 400, body: { success: false, error: "no email recipients" } });
    expect(((await (await fetch(`${standins.url}/resend/emails`)).json()) as Json).data).toHaveLength(0);
    expect(await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, order!.id))).toEqual([]);
  });
});
