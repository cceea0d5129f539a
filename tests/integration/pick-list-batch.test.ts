// Batch print as one document (issue 24): POST /api/order-trackers/pick-lists merges the selected orders' pick lists
// into one PDF, generating the ones missing; it refuses a batch naming an order the viewer cannot print, caps the
// count, and keeps to the picklists:print grant.
import { execFileSync } from "node:child_process";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, pickListStatus } from "../../db/schema";
import { PickListBatchAnswer } from "~/domain/documents/contract";
import { BATCH_PRINT_MAX, BATCH_PRINT_MESSAGES } from "~/domain/documents/batch-print";
import type { Database } from "~/lib/db.server";
import * as batch from "~/routes/api.order-trackers.pick-lists";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let logistics: string;
let driver: string;
let warehouse: string;

async function post(cookie: string, json: unknown) {
  const req = request("/api/order-trackers/pick-lists", { method: "POST", cookie, json });
  const res = (await settle(() => batch.action({ request: req, context: ctx, params: {} } as never))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

async function fileText(presignedUrl: string): Promise<{ text: string; pages: number }> {
  const key = decodeURIComponent(new URL(presignedUrl, "http://x").pathname.replace(/^\/files\//, ""));
  const object = await ctx.app.files.get(key);
  const bytes = Buffer.from(await object!.arrayBuffer());
  const text = execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
  return { text, pages: text.split("\f").filter((p) => p.trim()).length };
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  [logistics, driver, warehouse] = await Promise.all(["logistics", "driver", "warehouse"].map((n) => staffCookie(ctx.app, `${n}@goldengrain.test`)));
}, 60_000);

describe("batch print", () => {
  it("merges the selected pick lists into one PDF, in the order asked, generating the missing ones", async () => {
    const picked = await db.select().from(orders).orderBy(asc(orders.id)).limit(3);
    const numbers = picked.map((o) => o.orderNumber).reverse();
    const res = await post(logistics, { orderNumbers: numbers, userName: "Lena Logistics" });
    expect(res.status).toBe(200);
    const answer = PickListBatchAnswer.parse(res.body);
    expect(answer.orderNumbers).toEqual(numbers);
    const { text, pages } = await fileText(answer.presignedUrl);
    expect(pages).toBe(answer.pages);
    const positions = numbers.map((n) => text.indexOf(n));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Each order now has its release order, as printing it alone would leave it.
    for (const o of picked) {
      const [row] = await db.select().from(pickListStatus).where(eq(pickListStatus.orderId, o.id));
      expect(row?.hasReleaseOrder).toBe(true);
    }
  });

  it("refuses the whole batch, naming the order, when one cannot be printed (nothing silently left out)", async () => {
    const [first] = await db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const res = await post(logistics, { orderNumbers: [first!.orderNumber, "SO-NOPE-1"] });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(BATCH_PRINT_MESSAGES.notFound("SO-NOPE-1"));
  });

  it("caps the count with a plain 400, and needs at least one order", async () => {
    const many = Array.from({ length: BATCH_PRINT_MAX + 1 }, (_, i) => `SO-${i}`);
    const tooMany = await post(logistics, { orderNumbers: many });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(BATCH_PRINT_MESSAGES.tooMany);
    const none = await post(logistics, { orderNumbers: [] });
    expect(none.status).toBe(400);
  });

  it("is refused to viewers without picklists:print, in the spec's words", async () => {
    const [first] = await db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    for (const cookie of [driver, warehouse]) {
      const res = await post(cookie, { orderNumbers: [first!.orderNumber] });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("You do not have permission to print pick lists.");
    }
  });
});
