// Return requests through the app's own doors against a seeded libSQL file: the spec's list (a bare list,
// totals in headers) with every search field, filter, sort and page; KPIs; request and item decisions under
// DESIGN §8's transitions; two reviewers on one item (409 with the current state); receiving with restock and
// the mismatch flag in the history; the admin's reasons; refusals that write nothing.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, returnItems, returnRequests } from "../../db/schema";
import * as listRoute from "~/routes/api.return-requests";
import * as kpisRoute from "~/routes/api.return-requests.kpis";
import * as detailRoute from "~/routes/api.return-requests.$id";
import * as statusRoute from "~/routes/api.return-requests.$id.status";
import * as itemStatusRoute from "~/routes/api.return-requests.$id.items.$index.status";
import * as imagesRoute from "~/routes/api.return-requests.$id.items.$index.images";
import * as receivingRoute from "~/routes/api.return-requests.$id.receiving";
import * as reasonsRoute from "~/routes/api.return-reasons";
import * as reasonRoute from "~/routes/api.return-reasons.$id";
import type { Database } from "~/lib/db.server";
import {
  ItemImagesAnswer,
  ReasonAnswer,
  ReasonsAnswer,
  ReceivingAnswer,
  ReturnDecisionAnswer,
  ReturnDetailAnswer,
  ReturnKpisAnswer,
  ReturnListAnswer,
  ReturnRequest,
} from "~/domain/returns/contract";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
}, 60_000);

const cookie = (name: string) => staffCookie(ctx.app, `${name}@goldengrain.test`);

async function call(handler: Handler, path: string, init: { who?: string; method?: string; json?: unknown; params?: Record<string, string> } = {}) {
  const req = request(path, { method: init.method ?? "GET", cookie: init.who ? await cookie(init.who) : undefined, json: init.json });
  return (await settle(() => handler({ request: req, context: ctx, params: init.params ?? {} }))) as Response;
}

const list = (query = "", who = "sales") => call(listRoute.loader, `/api/return-requests${query}`, { who });

async function requestWithStatus(status: string) {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.status, status)).limit(1);
  if (!row) throw new Error(`no ${status} request seeded`);
  return row;
}

const patchStatus = (id: number, json: unknown, who = "logistics") => call(statusRoute.action, `/api/return-requests/${id}/status`, { who, method: "PATCH", json, params: { id: String(id) } });
const patchItem = (id: number, index: number, json: unknown, who = "logistics") =>
  call(itemStatusRoute.action, `/api/return-requests/${id}/items/${index}/status`, { who, method: "PATCH", json, params: { id: String(id), index: String(index) } });
const receive = (id: number, json: unknown, who = "logistics") => call(receivingRoute.action, `/api/return-requests/${id}/receiving`, { who, method: "POST", json, params: { id: String(id) } });

async function auditCount() {
  return (await db.select({ id: auditEvents.id }).from(auditEvents)).length;
}

describe("GET /api/return-requests", () => {
  it("answers a bare list of requests with their items, newest first, totals in headers", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json[];
    expect(Array.isArray(body)).toBe(true);
    // The screen reads the list through its contract: a renamed field fails here first.
    expect(ReturnListAnswer.parse(body)).toHaveLength(body.length);
    expect(Number(res.headers.get("X-Total-Count"))).toBe(25);
    expect(body[0]).toMatchObject({ _id: expect.any(Number), returnID: expect.stringMatching(/^RET-/), status: expect.any(String), address: expect.any(Array), items: expect.any(Array) });
    expect(body[0].items[0]).toMatchObject({ sku: expect.any(String), count: expect.any(Number), status: { status: expect.any(String) } });
    const dates = body.map((r) => r.submittedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("searches each field case-insensitively as a substring; phone is a plain substring; submittedAt the same day", async () => {
    const all = (await (await list("?limit=500")).json()) as Json[];
    const sample = all[3];
    const check = async (searchBy: string, search: string, expected: (r: Json) => boolean) => {
      const got = (await (await list(`?searchBy=${searchBy}&search=${encodeURIComponent(search)}&limit=500`)).json()) as Json[];
      expect(got.map((r) => r._id).sort()).toEqual(all.filter(expected).map((r) => r._id).sort());
      expect(got.length).toBeGreaterThan(0);
    };
    const part = sample.companyName.slice(1, 5).toUpperCase();
    await check("companyName", part, (r) => r.companyName.toLowerCase().includes(part.toLowerCase()));
    await check("returnID", sample.returnID.slice(-3).toLowerCase(), (r) => r.returnID.toLowerCase().includes(sample.returnID.slice(-3).toLowerCase()));
    await check("email", sample.email.split("@")[1].toUpperCase(), (r) => r.email.toLowerCase().includes(sample.email.split("@")[1]));
    const digits = sample.phone.slice(-4);
    await check("phone", digits, (r) => r.phone.includes(digits));
    const day = sample.submittedAt.slice(0, 10);
    await check("submittedAt", day, (r) => r.submittedAt.slice(0, 10) === day);
    await check("status", "under", (r) => r.status === "under_review");
  });

  it("filters by status, sorts each column both ways and pages", async () => {
    const pending = (await (await list("?status=pending&limit=500")).json()) as Json[];
    expect(pending.length).toBe(9);
    expect(pending.every((r) => r.status === "pending")).toBe(true);
    const byCompany = (await (await list("?sort=companyName&dir=asc&limit=500")).json()) as Json[];
    const names = byCompany.map((r) => r.companyName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byItems = (await (await list("?sort=items&dir=desc&limit=500")).json()) as Json[];
    expect(byItems.map((r) => r.items.length)).toEqual([...byItems.map((r) => r.items.length)].sort((a, b) => b - a));
    const page2 = await list("?limit=10&page=2");
    expect(page2.headers.get("X-Page")).toBe("2");
    const firstTwenty = (await (await list("?limit=20")).json()) as Json[];
    expect(((await page2.json()) as Json[]).map((r) => r._id)).toEqual(firstTwenty.slice(10, 20).map((r) => r._id));
  });

  it("refuses unknown fields, statuses, bad dates and limits with the reason", async () => {
    for (const q of ["?searchBy=password&search=x", "?status=lost", "?searchBy=submittedAt&search=2025-02-30", "?limit=501", "?page=0x2", "?sort=secret"]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as Json).error).toMatch(/Invalid input/);
    }
  });

  it("the warehouse gets no return data", async () => {
    expect((await list("", "warehouse")).status).toBe(403);
  });
});

describe("KPIs and detail", () => {
  it("counts Requests Today, Pending, Under Review and Approved", async () => {
    const res = await call(kpisRoute.loader, "/api/return-requests/kpis", { who: "sales" });
    const data = ReturnKpisAnswer.parse(await res.json());
    expect(data).toMatchObject({ pending: 9, underReview: 6, approved: 6 });
    expect(data.requestsToday).toBeGreaterThanOrEqual(0);
  });

  it("the detail carries the history; item images are image records; a missing item is 404", async () => {
    const row = await requestWithStatus("pending");
    const res = await call(detailRoute.loader, `/api/return-requests/${row.id}`, { who: "sales", params: { id: String(row.id) } });
    expect(res.status).toBe(200);
    expect(ReturnDetailAnswer.parse(await res.json())).toMatchObject({ returnID: row.returnID, history: [], images: [] });
    const images = await call(imagesRoute.loader, "", { who: "sales", params: { id: String(row.id), index: "0" } });
    expect(ItemImagesAnswer.parse(await images.json())).toEqual([]);
    const missing = await call(imagesRoute.loader, "", { who: "sales", params: { id: String(row.id), index: "99" } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Json).error).toBe("Item 99 not found on this request");
  });
});

describe("request decisions (DESIGN §8)", () => {
  it("pending cannot jump to approved: 409 with the current request, nothing written", async () => {
    const row = await requestWithStatus("pending");
    const before = await auditCount();
    const res = await patchStatus(row.id, { status: "approved", remarks: "" });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Json;
    expect(body.error).toMatch(/under review/);
    expect(ReturnRequest.parse(body.data)).toMatchObject({ _id: row.id, status: "pending" });
    expect(await auditCount()).toBe(before);
  });

  it("pending → under_review → approved, each answering the updated request and recorded with who", async () => {
    const row = await requestWithStatus("pending");
    const review = await patchStatus(row.id, { status: "under_review", remarks: "Checking photos" });
    expect(review.status).toBe(200);
    expect(ReturnDecisionAnswer.parse(await review.json())).toMatchObject({ _id: row.id, status: "under_review", remarks: "Checking photos", version: row.version + 1 });
    const approved = await patchStatus(row.id, { status: "approved", remarks: "Credit issued" });
    expect(await approved.json()).toMatchObject({ status: "approved" });
    const history = await db.select().from(auditEvents).where(eq(auditEvents.entityId, row.returnID));
    expect(history.map((h) => [h.action, h.actorEmail])).toEqual([
      ["status", "logistics@goldengrain.test"],
      ["status", "logistics@goldengrain.test"],
    ]);
  });

  it("only an admin reopens a decided request", async () => {
    const row = await requestWithStatus("declined");
    expect((await patchStatus(row.id, { status: "under_review", remarks: "" })).status).toBe(409);
    const reopened = await patchStatus(row.id, { status: "under_review", remarks: "Customer sent new photos" }, "admin");
    expect(reopened.status).toBe(200);
    expect(((await reopened.json()) as Json).status).toBe("under_review");
  });

  it("unknown statuses, a stale version and a sales rep are refused without a write", async () => {
    const row = await requestWithStatus("pending");
    const before = await auditCount();
    const unknown = await patchStatus(row.id, { status: "lost", remarks: "" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).error).toMatch(/status must be one of/);
    const stale = await patchStatus(row.id, { status: "under_review", remarks: "", version: row.version + 5 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as Json).data.version).toBe(row.version);
    expect((await patchStatus(row.id, { status: "under_review", remarks: "" }, "sales")).status).toBe(403);
    expect((await patchStatus(row.id, { status: "under_review", remarks: "" }, "driver")).status).toBe(403);
    expect(await auditCount()).toBe(before);
    const [after] = await db.select().from(returnRequests).where(eq(returnRequests.id, row.id));
    expect(after!.status).toBe("pending");
  });
});

describe("item decisions", () => {
  it("decides one item with remarks and a decision date and answers the updated request", async () => {
    const row = await requestWithStatus("under_review");
    const res = await patchItem(row.id, 0, { status: "approved", decisionDate: "2025-06-18T12:00:00.000Z", remarks: "Restock" });
    expect(res.status).toBe(200);
    const body = ReturnDecisionAnswer.parse(await res.json());
    expect(body.items[0]).toMatchObject({ status: { status: "approved", decisionDate: "2025-06-18T12:00:00.000Z", remarks: "Restock" } });
  });

  it("two reviewers deciding the same item: one wins, the other gets 409 with the current state", async () => {
    const row = await requestWithStatus("under_review");
    const [item] = await db.select().from(returnItems).where(eq(returnItems.returnId, row.id)).limit(1);
    const [a, b] = await Promise.all([
      patchItem(row.id, item!.position, { status: "approved", remarks: "A", version: item!.version }, "logistics"),
      patchItem(row.id, item!.position, { status: "declined", remarks: "B", version: item!.version }, "admin"),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = (a.status === 409 ? await a.json() : await b.json()) as Json;
    const winner = (a.status === 200 ? await a.json() : await b.json()) as Json;
    expect(loser.error).toMatch(/Someone else changed this request first/);
    expect(loser.data.items[item!.position].status).toEqual(winner.items[item!.position].status);
  });

  it("a missing item index is 404, a bad index 404, an unknown item status 400; a decided request's items are frozen", async () => {
    const row = await requestWithStatus("under_review");
    expect((await patchItem(row.id, 42, { status: "approved", remarks: "" })).status).toBe(404);
    expect((await patchItem(row.id, "x" as never, { status: "approved", remarks: "" })).status).toBe(404);
    expect((await patchItem(row.id, 0, { status: "maybe", remarks: "" })).status).toBe(400);
    const decided = await requestWithStatus("approved");
    const frozen = await patchItem(decided.id, 0, { status: "declined", remarks: "" });
    expect(frozen.status).toBe(409);
    expect(((await frozen.json()) as Json).error).toMatch(/reopen it/);
  });
});

describe("receiving", () => {
  it("records received and damaged per item, restocks only the sellable rest, flags a mismatch, with who and when", async () => {
    const row = await requestWithStatus("approved");
    const items = await db.select().from(returnItems).where(eq(returnItems.returnId, row.id));
    const first = items[0]!;
    const res = await receive(row.id, { items: [{ index: first.position, received: first.count + 1, damaged: 1 }], notes: "One extra bag", version: row.version });
    expect(res.status).toBe(200);
    const data = ReceivingAnswer.parse(await res.json());
    expect(data.needsReview).toBe(true);
    expect(data.items[0]).toMatchObject({ receivedQty: first.count + 1, damagedQty: 1, restockQty: first.count, receivedBy: "Leo Logistics" });
    const detail = (await (await call(detailRoute.loader, "", { who: "logistics", params: { id: String(row.id) } })).json()) as Json;
    const entry = detail.data.history.at(-1);
    expect(entry).toMatchObject({ action: "received", actor: "Leo Logistics", at: SEED_NOW.toISOString() });
    expect(entry.changes[0].after).toMatchObject({ received: first.count + 1, damaged: 1, restock: first.count, mismatch: true });
  });

  it("shows every field of every request and item exactly as stored: the list, the detail and a write's answer agree", async () => {
    // The view is built by SQLite (json_object); this oracle builds it from drizzle's decoded rows instead.
    const row = await requestWithStatus("approved");
    await db.update(returnRequests).set({ productImages: ["front.jpg", "label \"2\".png"], defectImages: ["torn.jpg"] }).where(eq(returnRequests.id, row.id));
    await db.update(returnItems).set({ uploadedImages: ["bag.jpg"], comments: "Line 1\nLine 2 – ünïcode" }).where(eq(returnItems.returnId, row.id));
    const flagged = await db.select().from(returnRequests).where(eq(returnRequests.needsReview, true));
    expect(flagged.length).toBeGreaterThan(0);
    const requests = await db.select().from(returnRequests);
    const items = await db.select().from(returnItems);
    const expected = (r: typeof returnRequests.$inferSelect) => ({
      _id: r.id,
      returnID: r.returnID,
      companyName: r.companyName,
      orderNum: r.orderNum,
      status: r.status,
      email: r.email,
      phone: r.phone,
      location: r.location,
      submittedAt: r.submittedAt,
      remarks: r.remarks,
      address: r.address,
      productImages: r.productImages,
      defectImages: r.defectImages,
      items: items
        .filter((i) => i.returnId === r.id)
        .sort((a, b) => a.position - b.position)
        .map((i) => ({
          _id: i.id,
          index: i.position,
          sku: i.sku,
          description: i.description,
          count: i.count,
          reason: i.reason,
          customReason: i.customReason,
          comments: i.comments,
          uploadedImages: i.uploadedImages,
          status: { status: i.status, decisionDate: i.decisionDate, remarks: i.remarks },
          receivedQty: i.receivedQty,
          damagedQty: i.damagedQty,
          restockQty: i.restockQty,
          receivedAt: i.receivedAt,
          receivedBy: i.receivedBy,
          version: i.version,
        })),
      itemCount: r.itemCount,
      needsReview: r.needsReview,
      receivedAt: r.receivedAt,
      source: r.source,
      updatedAt: r.updatedAt,
      version: r.version,
    });
    const listed = (await (await list("?limit=500")).json()) as Json[];
    expect(listed).toHaveLength(requests.length);
    const byId = new Map(requests.map((r) => [r.id, r]));
    for (const got of listed) expect(got).toStrictEqual(expected(byId.get(got._id)!));
    expect(listed.some((r) => r.needsReview === true) && listed.some((r) => r.needsReview === false)).toBe(true);
    expect(listed.some((r) => r.items.some((i: Json) => i.receivedQty !== null)) && listed.some((r) => r.items.some((i: Json) => i.receivedQty === null))).toBe(true);
    const detail = (await (await call(detailRoute.loader, "", { who: "logistics", params: { id: String(row.id) } })).json()) as Json;
    const { history: _history, images: _images, ...request } = detail.data;
    expect(request).toStrictEqual(expected(byId.get(row.id)!));
  });

  it("refuses damaged over received, a missing item, a declined request and a sales rep, writing nothing", async () => {
    const row = await requestWithStatus("under_review");
    const before = await auditCount();
    const over = await receive(row.id, { items: [{ index: 0, received: 1, damaged: 2 }] });
    expect(over.status).toBe(400);
    expect(((await over.json()) as Json).error).toMatch(/damaged \(2\) cannot be more than received \(1\)/);
    expect((await receive(row.id, { items: [{ index: 77, received: 1, damaged: 0 }] })).status).toBe(400);
    expect((await receive(row.id, { items: [{ index: 0, received: -1, damaged: 0 }] })).status).toBe(400);
    expect((await receive(row.id, { items: [{ index: 0, received: 1, damaged: 0 }] }, "sales")).status).toBe(403);
    const declined = (await db.select().from(returnRequests).where(eq(returnRequests.status, "declined")))[1]!;
    expect((await receive(declined.id, { items: [{ index: 0, received: 1, damaged: 0 }] })).status).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});

describe("return reasons", () => {
  it("everyone with Return Forms reads them; only an admin adds, renames or hides one", async () => {
    const res = await call(reasonsRoute.loader, "/api/return-reasons", { who: "sales" });
    const labels = ReasonsAnswer.parse(await res.json()).map((r) => r.label);
    expect(labels).toContain("Damaged packaging");
    expect(labels).not.toContain("Other");
    expect((await call(reasonsRoute.action, "/api/return-reasons", { who: "logistics", method: "POST", json: { label: "Pest damage" } })).status).toBe(403);
    const created = await call(reasonsRoute.action, "/api/return-reasons", { who: "admin", method: "POST", json: { label: "Pest damage" } });
    expect(created.status).toBe(201);
    const reason = ReasonAnswer.parse(await created.json());
    expect((await call(reasonsRoute.action, "/api/return-reasons", { who: "admin", method: "POST", json: { label: "pest DAMAGE" } })).status).toBe(409);
    expect((await call(reasonsRoute.action, "/api/return-reasons", { who: "admin", method: "POST", json: { label: "Other" } })).status).toBe(400);
    const hidden = await call(reasonRoute.action, "", { who: "admin", method: "PATCH", json: { active: false, version: reason.version }, params: { id: String(reason.id) } });
    expect(ReasonAnswer.parse(await hidden.json()).active).toBe(false);
    const after = ((await (await call(reasonsRoute.loader, "/api/return-reasons", { who: "sales" })).json()) as Json).data.map((r: Json) => r.label);
    expect(after).not.toContain("Pest damage");
    const stale = await call(reasonRoute.action, "", { who: "admin", method: "PATCH", json: { active: true, version: reason.version }, params: { id: String(reason.id) } });
    expect(stale.status).toBe(409);
  });
});
