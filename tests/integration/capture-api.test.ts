// Warehouse capture (spec 001 §2–§5, §7, §8): the assigned employee saves it once (409 after), adds
// attachments, reads it back with the pick list state; bad files, a bad signature, an order not hers, a
// replayed save: each refused or absorbed with nothing half-written.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders, storedFiles, warehouseCaptures } from "../../db/schema";
import { CaptureAnswer, CaptureAttachmentsAnswer, CaptureSavedAnswer } from "~/domain/documents/contract";
import type { Database } from "~/lib/db.server";
import * as capture from "~/routes/api.warehouse.$id.capture";
import * as attachments from "~/routes/api.warehouse.$id.capture.attachments";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createOrder } from "../support/factories";
import { createTestContext, staffCookies } from "../support/context";
import { callForm, callJson, concat, fetchSigned, file, JPEG_BYTES, PDF_BYTES, PNG_BYTES, PNG_DATA_URL } from "./documents-fixtures";

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;
let mine: typeof orders.$inferSelect;
let notMine: typeof orders.$inferSelect;

async function counts() {
  const [files] = await db.select({ n: sql<number>`count(*)` }).from(storedFiles);
  const [caps] = await db.select({ n: sql<number>`count(*)` }).from(warehouseCaptures);
  return { files: files!.n, captures: caps!.n, objects: (await ctx.app.files.list()).objects.length };
}

function captureForm(opts: { name?: string | null; signature?: File | string | null; attachments?: File[] } = {}) {
  const form = new FormData();
  if (opts.name !== null) form.set("signedByName", opts.name ?? "Carlos Customer");
  if (opts.signature !== null) form.set("signature", opts.signature ?? file(PNG_BYTES, "signature.png", "image/png"));
  for (const a of opts.attachments ?? []) form.append("attachments", a);
  return form;
}

const post = (o: { id: number }, who: string, form: FormData, headers?: Record<string, string>) =>
  callForm(ctx, capture, `/api/warehouse/${o.id}/capture`, { id: String(o.id) }, cookies[who], form, headers);
const get = (o: { id: number }, who: string) => callJson(ctx, capture, "GET", `/api/warehouse/${o.id}/capture`, { id: String(o.id) }, cookies[who]);
const more = (o: { id: number }, who: string, files: File[], headers?: Record<string, string>) => {
  const form = new FormData();
  for (const f of files) form.append("attachments", f);
  return callForm(ctx, attachments, `/api/warehouse/${o.id}/capture/attachments`, { id: String(o.id) }, cookies[who], form, headers);
};

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
  // The orders under test are made here, not read from the seed by position: hers, and one of another picker's.
  mine = await createOrder(db, { warehouseAssignment: ["Wendy Warehouse"] });
  notMine = await createOrder(db, { warehouseAssignment: ["Priya Patel"] });
}, 60_000);

describe("saving a capture", () => {
  it("a warehouse employee captures an order assigned to her: name, PNG signature, an image and a PDF", async () => {
    const empty = await get(mine, "warehouse");
    expect(empty).toMatchObject({ status: 200, body: { success: true, exists: false, data: null } });
    // The screens read these answers through their contracts: a renamed field fails here.
    CaptureAnswer.parse(empty.body);

    const res = await post(mine, "warehouse", captureForm({ attachments: [file(JPEG_BYTES, "pallet.jpg", "image/jpeg"), file(PDF_BYTES, "receipt.pdf", "application/pdf")] }));
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    CaptureSavedAnswer.parse(res.body);
    expect(res.body.data).toMatchObject({ signedByName: "Carlos Customer", savedAt: SEED_NOW.toISOString(), pickListCompleted: false });
    expect(res.body.data.attachments.map((a: { filename: string; contentType: string }) => [a.filename, a.contentType])).toEqual([
      ["pallet.jpg", "image/jpeg"],
      ["receipt.pdf", "application/pdf"],
    ]);

    const back = await get(mine, "warehouse");
    expect(back.body.exists).toBe(true);
    expect(CaptureAnswer.parse(back.body).data?.attachments).toHaveLength(2);
    expect(back.body.data.capturedBy).toMatch(/wendy|warehouse/i);
    expect(back.body.data.signature.s3Key).toMatch(/^capture-signature\/.*\.png$/);
    const signature = await fetchSigned(ctx, back.body.data.signature.url);
    expect(signature.status).toBe(200);
    expect(signature.type).toBe("image/png");
    expect(signature.bytes).toEqual(PNG_BYTES);

    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, mine.orderNumber), eq(auditEvents.action, "warehouse-capture.save")));
    expect(audit?.actorEmail).toBe("warehouse@goldengrain.test");
  });

  it("a second save is 409 'Capture already exists' and stores nothing", async () => {
    const before = await counts();
    const res = await post(mine, "warehouse", captureForm({ name: "Someone Else", attachments: [file(JPEG_BYTES, "x.jpg")] }));
    expect(res).toMatchObject({ status: 409, body: { success: false, error: "Capture already exists" } });
    expect(await counts()).toEqual(before);
  });

  it("an order not assigned to her is 404 'Order not found', to read or to write", async () => {
    const before = await counts();
    expect((await post(notMine, "warehouse", captureForm())).status).toBe(404);
    expect((await get(notMine, "warehouse")).status).toBe(404);
    expect((await more(notMine, "warehouse", [file(JPEG_BYTES, "a.jpg")])).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("office staff may read a capture but not save one; a driver may do neither", async () => {
    expect((await get(mine, "logistics")).body.exists).toBe(true);
    expect((await get(mine, "sales")).body.exists).toBe(true);
    expect((await post(notMine, "logistics", captureForm())).status).toBe(403);
    expect((await post(notMine, "driver", captureForm())).status).toBe(403);
  });

  it("a retry with the same Idempotency-Key answers the first save once", async () => {
    const order = notMine;
    const headers = { "Idempotency-Key": "capture-retry-1" };
    const first = await post(order, "admin", captureForm({ attachments: [file(JPEG_BYTES, "a.jpg")] }), headers);
    expect(first.status).toBe(201);
    const after = await counts();
    for (let i = 0; i < 2; i++) {
      const again = await post(order, "admin", captureForm({ attachments: [file(JPEG_BYTES, "a.jpg")] }), headers);
      expect(again.status).toBe(201);
      expect(again.body.data.signature.s3Key).toBe(first.body.data.signature.s3Key);
    }
    expect(await counts()).toEqual(after);
    // The same key with another body is the client's bug.
    const other = await post(order, "admin", captureForm({ name: "Other Name" }), headers);
    expect(other.status).toBe(422);
  });
});

describe("bad input is refused with nothing written", () => {
  let order: typeof orders.$inferSelect;
  beforeAll(async () => {
    order = await createOrder(db, { warehouseAssignment: ["Wendy Warehouse"] });
  });

  const cases: [string, () => FormData, number, RegExp][] = [
    ["no customer name", () => captureForm({ name: "  " }), 400, /^Enter the customer name\.$/],
    ["no signature", () => captureForm({ signature: null }), 400, /^Please capture a signature\.$/],
    ["a signature that is a JPEG", () => captureForm({ signature: file(JPEG_BYTES, "sig.png", "image/png") }), 400, /PNG/],
    ["a signature data URL that is not PNG", () => captureForm({ signature: "data:image/svg+xml;base64,PHN2Zz4=" }), 400, /PNG/],
    ["a signature data URL whose bytes are not PNG", () => captureForm({ signature: `data:image/png;base64,${btoa("<html>")}` }), 400, /PNG/],
    ["an HTML file named .jpg", () => captureForm({ attachments: [file(new TextEncoder().encode("<html><script>alert(1)</script>"), "a.jpg", "image/jpeg")] }), 415, /Unsupported file type/],
    ["a JPEG carrying a script (polyglot)", () => captureForm({ attachments: [file(concat(JPEG_BYTES, "<script>alert(1)</script>"), "poly.jpg")] }), 415, /HTML or script/],
    ["a PNG with a ZIP appended", () => captureForm({ attachments: [file(concat(PNG_BYTES, "PK\x03\x04rest", "PK\x05\x06", new Uint8Array(18)), "zip.png")] }), 415, /archive/],
    ["a PDF with JavaScript", () => captureForm({ attachments: [file(concat("%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n"), "js.pdf")] }), 415, /scripts/],
    ["an empty file", () => captureForm({ attachments: [file(new Uint8Array(0), "empty.jpg")] }), 400, /empty/],
    ["an attachment over 10 MB", () => captureForm({ attachments: [file(concat(JPEG_BYTES, new Uint8Array(10 * 1024 * 1024)), "big.jpg")] }), 413, /too large/],
    ["eleven attachments", () => captureForm({ attachments: Array.from({ length: 11 }, (_, i) => file(JPEG_BYTES, `p${i}.jpg`)) }), 400, /At most 10/],
    ["a text field as attachment", () => { const f = captureForm(); f.append("attachments", "not a file"); return f; }, 400, /must be files/],
  ];
  for (const [name, form, status, message] of cases) {
    it(`${name}: ${status}`, async () => {
      const before = await counts();
      const res = await post(order, "warehouse", form());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("one good and one bad attachment: the good one is not kept either", async () => {
    const before = await counts();
    const res = await post(order, "warehouse", captureForm({ attachments: [file(JPEG_BYTES, "good.jpg"), file(concat(PNG_BYTES, "<iframe src=x>"), "bad.png")] }));
    expect(res.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("a signature data URL as a text field is accepted (API clients)", async () => {
    const res = await post(order, "warehouse", captureForm({ signature: PNG_DATA_URL }));
    expect(res.status).toBe(201);
  });
});

describe("adding attachments", () => {
  it("adds several to a saved capture and answers the count; they show in the viewer", async () => {
    const res = await more(mine, "warehouse", [file(JPEG_BYTES, "more-1.jpg"), file(PDF_BYTES, "more.pdf")]);
    expect(res).toMatchObject({ status: 200, body: { success: true, count: 2 } });
    expect(CaptureAttachmentsAnswer.parse(res.body).count).toBe(2);
    const back = await get(mine, "warehouse");
    expect(back.body.data.attachments.map((a: { filename: string }) => a.filename)).toEqual(["pallet.jpg", "receipt.pdf", "more-1.jpg", "more.pdf"]);
  });

  it("refuses bad files and an order with no capture, writing nothing", async () => {
    const fresh = await createOrder(db, { warehouseAssignment: ["Wendy Warehouse"] });
    const before = await counts();
    expect((await more(fresh!, "warehouse", [file(JPEG_BYTES, "a.jpg")])).status).toBe(409);
    expect((await more(mine, "warehouse", [])).status).toBe(400);
    expect((await more(mine, "warehouse", [file(new TextEncoder().encode("GIF89a<script>x</script>"), "a.gif")])).status).toBe(415);
    expect((await more(mine, "logistics", [file(JPEG_BYTES, "a.jpg")])).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("a replayed upload with one Idempotency-Key adds the files once", async () => {
    const headers = { "Idempotency-Key": "more-photos-1" };
    const first = await more(mine, "warehouse", [file(JPEG_BYTES, "retry.jpg")], headers);
    const after = await counts();
    const again = await more(mine, "warehouse", [file(JPEG_BYTES, "retry.jpg")], headers);
    expect(again.body.count).toBe(first.body.count);
    expect(await counts()).toEqual(after);
  });
});
