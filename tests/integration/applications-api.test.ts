// Customer applications through the app's own doors, against a seeded libSQL file and the QuickBooks
// stand-in: the list (under `data`) with search, the Completed-as-Pending rule, filter, sort and page; KPIs;
// documents checked by their bytes; the admin's edit and decision (approval creates the QuickBooks customer
// and stores its id; while QuickBooks cannot, the approval stands and the customer is owed, created on connect
// or an admin's visit, exactly once); /submit-feedback; a sales rep refused every admin call without a write.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, customerApplications, notifications } from "../../db/schema";
import * as listRoute from "~/routes/api.applications";
import * as kpisRoute from "~/routes/api.applications.kpis";
import * as appRoute from "~/routes/api.applications.$id";
import * as decisionRoute from "~/routes/api.applications.$id.decision";
import * as filesRoute from "~/routes/api.applications.$id.files";
import * as feedbackRoute from "~/routes/submit-feedback";
import * as qbCallbackRoute from "~/routes/api.qb.oauth.callback";
import * as qbStartRoute from "~/routes/api.qb.oauth.start";
import * as qbCustomersRoute from "~/routes/api.qb.customers";
import { loader as applicationsPageLoader } from "~/routes/_app.customer-applications/route";
import { Application, ApplicationEditAnswer, ApplicationKpisAnswer, ApplicationListAnswer, DecisionAnswer, FeedbackAnswer, FilesAnswer, FilesUploadAnswer } from "~/domain/applications/contract";
import { createOwedCustomers, OWED_CUSTOMER_CREATED_TITLE, OWED_CUSTOMER_TITLE } from "~/services/applications.server";
import type { Database } from "~/lib/db.server";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let standins: RunningStandins;
let ctx: ReturnType<typeof createTestContext>;
let ctxEnv: Record<string, string>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

beforeAll(async () => {
  db = await createSeededTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "applications-api-")) });
  ctxEnv = { QBO_API_BASE_URL: `${standins.url}/qbo`, QBO_AUTHORIZATION_URL: `${standins.url}/qbo/connect`, QBO_TOKEN_URL: `${standins.url}/qbo/oauth2/token`, QBO_TIMEOUT_MS: "2000" };
  ctx = createTestContext(db, { now: SEED_NOW, env: ctxEnv });
}, 60_000);

afterAll(async () => {
  await standins?.close();
});

const cookie = (name: string) => staffCookie(ctx.app, `${name}@goldengrain.test`);

async function call(handler: Handler, path: string, init: { who?: string; method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; params?: Record<string, string> } = {}) {
  const req = request(path, { method: init.method ?? "GET", cookie: init.who ? await cookie(init.who) : undefined, json: init.json, body: init.body, headers: init.headers });
  return (await settle(() => handler({ request: req, context: ctx, params: init.params ?? {} }))) as Response;
}

const list = (query = "", who = "sales") => call(listRoute.loader, `/api/applications${query}`, { who });
const decide = (id: number, json: unknown, who = "admin") => call(decisionRoute.action, "", { who, method: "PATCH", json, params: { id: String(id) } });
const edit = (id: number, json: unknown, who = "admin") => call(appRoute.action, "", { who, method: "PATCH", json, params: { id: String(id) } });

async function pending() {
  const rows = await db.select().from(customerApplications).where(eq(customerApplications.status, "Pending"));
  return rows;
}

async function connectQuickBooks() {
  const admin = await cookie("admin");
  const started = (await settle(() => qbStartRoute.loader({ request: request("/api/qb/oauth/start", { cookie: admin }), context: ctx, params: {} } as never))) as Response;
  const consent = new URL(started.headers.get("location")!);
  const form = new URLSearchParams(consent.searchParams);
  form.set("decision", "authorize");
  const back = await fetch(`${standins.url}/qbo/connect`, { method: "POST", body: form, redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  await settle(() => qbCallbackRoute.loader({ request: request(`${callback.pathname}${callback.search}`, { cookie: admin }), context: ctx, params: {} } as never));
}

async function qboCustomerNamed(name: string): Promise<Json[]> {
  const res = await call(qbCustomersRoute.loader, `/api/qb/customers?name=${encodeURIComponent(name)}&limit=50`, { who: "admin" });
  return ((await res.json()) as Json).data;
}

describe("GET /api/applications", () => {
  it("answers {success, data, pagination}, by decision date descending by default", async () => {
    const res = await list("?limit=500");
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ success: true, pagination: { page: 1, total: 20 } });
    // The screen reads the list through its contract: a renamed field fails here first.
    expect(ApplicationListAnswer.parse(body).data).toHaveLength(20);
    const decided = body.data.filter((a: Json) => a.decisionDate).map((a: Json) => a.decisionDate);
    expect(decided).toEqual([...decided].sort().reverse());
    expect(body.data[0]).toMatchObject({ _id: expect.any(Number), companyName: expect.any(String), addresses: expect.any(Array), status: expect.any(String) });
  });

  it("shows every field of every application exactly as stored, in the list and the detail", async () => {
    // The view is built by SQLite (json_object); this oracle builds it from drizzle's decoded rows instead.
    const rows = await db.select().from(customerApplications);
    const withNulls = rows.find((a) => a.decisionDate === null)!;
    await db.update(customerApplications).set({ remarks: "Line 1\nLine \"2\" – ünïcode", companyID: null }).where(eq(customerApplications.id, withNulls.id));
    const expected = (a: typeof customerApplications.$inferSelect) => ({
      _id: a.id,
      companyID: a.companyID,
      companyName: a.companyName,
      email: a.email,
      phoneNumber: a.phoneNumber,
      ownerName: a.ownerName,
      ownerNumber: a.ownerNumber,
      status: a.status,
      remarks: a.remarks,
      decisionDate: a.decisionDate,
      addresses: a.addresses,
      reference: a.reference,
      source: a.source,
      createdAt: a.createdAt,
      version: a.version,
      quickbooksPending: a.qboPendingSince ? { since: a.qboPendingSince, reason: a.qboPendingReason } : null,
    });
    const stored = new Map((await db.select().from(customerApplications)).map((a) => [a.id, a]));
    const listed = ((await (await list("?limit=500")).json()) as Json).data as Json[];
    expect(listed).toHaveLength(stored.size);
    for (const got of listed) expect(got).toStrictEqual(expected(stored.get(got._id)!));
    const detail = (await (await call(appRoute.loader, "", { who: "sales", params: { id: String(withNulls.id) } })).json()) as Json;
    expect(detail.data).toMatchObject(expected(stored.get(withNulls.id)!));
  });

  it("status is matched as displayed: Completed is Pending, in the search and the filter", async () => {
    const all = ((await (await list("?limit=500")).json()) as Json).data as Json[];
    const shownPending = all.filter((a) => a.status === "Pending" || a.status === "Completed").length;
    const filtered = ((await (await list("?status=pending&limit=500")).json()) as Json).data as Json[];
    expect(filtered.length).toBe(shownPending);
    expect(filtered.some((a) => a.status === "Completed")).toBe(true);
    const searched = ((await (await list("?searchBy=status&search=PEND&limit=500")).json()) as Json).data as Json[];
    expect(searched.length).toBe(shownPending);
  });

  it("city, state and postal code match the first address; decisionDate the same day", async () => {
    const all = ((await (await list("?limit=500")).json()) as Json).data as Json[];
    const city = all[0].addresses[0].city.slice(0, 4).toLowerCase();
    const byCity = ((await (await list(`?searchBy=city&search=${city}&limit=500`)).json()) as Json).data as Json[];
    expect(byCity.map((a) => a._id).sort()).toEqual(all.filter((a) => a.addresses[0]?.city.toLowerCase().includes(city)).map((a) => a._id).sort());
    const withDate = all.find((a) => a.decisionDate)!;
    const day = withDate.decisionDate.slice(0, 10);
    const byDay = ((await (await list(`?searchBy=decisionDate&search=${day}&limit=500`)).json()) as Json).data as Json[];
    expect(byDay.length).toBeGreaterThan(0);
    expect(byDay.every((a) => a.decisionDate.slice(0, 10) === day)).toBe(true);
    expect((await list("?searchBy=decisionDate&search=yesterday")).status).toBe(400);
  });

  it("sorts Location by street then city, and pages", async () => {
    const rows = ((await (await list("?sort=location&dir=asc&limit=500")).json()) as Json).data as Json[];
    const keys = rows.map((a) => `${a.addresses[0]?.street ?? ""}`.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    const page = (await (await list("?limit=7&page=2")).json()) as Json;
    expect(page.data).toHaveLength(7);
    expect(page.pagination).toMatchObject({ page: 2, limit: 7, total: 20 });
  });

  it("KPIs count Pending with Completed", async () => {
    const data = ApplicationKpisAnswer.parse(await (await call(kpisRoute.loader, "/api/applications/kpis", { who: "logistics" })).json());
    expect(data.applications).toBe(20);
    expect(data.pending + data.approved + data.declined).toBe(20);
  });

  it("drivers and the warehouse get nothing", async () => {
    expect((await list("", "driver")).status).toBe(403);
    expect((await list("", "warehouse")).status).toBe(403);
  });
});

describe("documents", () => {
  it("uploads images sent as repeated 'files' parts and lists them as links; a non-image is 415 and nothing is stored", async () => {
    const [app] = await pending();
    const form = new FormData();
    form.append("files", new File([PNG], "licence.png", { type: "image/png" }));
    form.append("files", new File([PNG], "storefront.png", { type: "image/png" }));
    const res = await call(filesRoute.action, "", { who: "sales", method: "POST", body: form, params: { id: String(app!.id) } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    FilesUploadAnswer.parse(body);
    expect(body.files.map((f: Json) => f.name)).toEqual(["licence.png", "storefront.png"]);
    expect(body.files[0].presignedUrl).toMatch(/\/files\/.+sig=/);

    const bad = new FormData();
    bad.append("files", new File([PNG], "ok.png", { type: "image/png" }));
    bad.append("files", new File([new TextEncoder().encode("<script>alert(1)</script>")], "evil.png", { type: "image/png" }));
    const refused = await call(filesRoute.action, "", { who: "sales", method: "POST", body: bad, params: { id: String(app!.id) } });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as Json).error).toMatch(/evil\.png is not an accepted type/);
    const listed = (await (await call(filesRoute.loader, "", { who: "sales", params: { id: String(app!.id) } })).json()) as Json;
    expect(FilesAnswer.parse(listed)).toHaveLength(2);
  });
});

describe("edit and decision (admins only)", () => {
  it("a sales rep and a logistics manager are refused edit and decision; nothing written", async () => {
    const [app] = await pending();
    for (const who of ["sales", "logistics"]) {
      expect((await decide(app!.id, { status: "Approved" }, who)).status).toBe(403);
      expect((await edit(app!.id, { companyName: "X", status: "Approved" }, who)).status).toBe(403);
    }
    const [after] = await db.select().from(customerApplications).where(eq(customerApplications.id, app!.id));
    expect(after).toMatchObject({ status: "Pending", companyName: app!.companyName, version: app!.version });
  });

  it("approval while QuickBooks is not connected is recorded; the customer is owed, visibly, with the reason", async () => {
    const [app] = await pending();
    const res = await decide(app!.id, { status: "Approved", decisionDate: SEED_NOW.toISOString(), version: app!.version });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(DecisionAnswer.parse(body).companyID).toBeNull();
    expect(body).toMatchObject({ success: true, companyID: null, data: { status: "Approved", companyID: null, quickbooksPending: { since: SEED_NOW.toISOString(), reason: expect.stringMatching(/QuickBooks is not connected/) } } });
    const [after] = await db.select().from(customerApplications).where(eq(customerApplications.id, app!.id));
    expect(after).toMatchObject({ status: "Approved", companyID: null, qboPendingSince: SEED_NOW.toISOString(), version: app!.version + 1 });
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, String(app!.id)));
    expect(events.map((e) => e.action).filter((a) => a !== "documents")).toEqual(["decision", "quickbooks-customer-pending"]);
    // The admins' note in the Task Center, and the pending state in the list and the detail.
    const notes = await db.select().from(notifications).where(eq(notifications.title, OWED_CUSTOMER_TITLE));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ audienceGrant: "applications:decide", message: expect.stringContaining(app!.companyName) });
    const detail = (await (await call(appRoute.loader, "", { who: "admin", params: { id: String(app!.id) } })).json()) as Json;
    expect(detail.data.quickbooksPending).toMatchObject({ reason: expect.stringMatching(/not connected/) });
    // Nothing to try while QuickBooks is not connected.
    expect(await createOwedCustomers(ctx.app, { userId: null, email: "admin@goldengrain.test", name: "Ada" })).toMatchObject({ created: 0, owed: 1, skipped: "quickbooks-not-connected" });
  });

  it("connecting QuickBooks creates the owed customer once, records the approval's feedback and tells the admins", async () => {
    const [owed] = await db.select().from(customerApplications).where(eq(customerApplications.status, "Approved")).then((rows) => rows.filter((r) => r.qboPendingSince));
    await connectQuickBooks();
    const [after] = await db.select().from(customerApplications).where(eq(customerApplications.id, owed!.id));
    expect(after).toMatchObject({ status: "Approved", companyID: expect.stringMatching(/^\d+$/), qboPendingSince: null, qboPendingReason: null });
    expect((await qboCustomerNamed(owed!.companyName)).filter((c) => c.displayName === owed!.companyName)).toHaveLength(1);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, String(owed!.id)));
    expect(events.map((e) => e.action).filter((a) => a !== "documents")).toEqual(["decision", "quickbooks-customer-pending", "quickbooks-customer-created", "feedback"]);
    expect(await db.select().from(notifications).where(eq(notifications.title, OWED_CUSTOMER_CREATED_TITLE))).toHaveLength(1);
    // A second run finds nothing owed and creates nothing.
    expect(await createOwedCustomers(ctx.app, { userId: null, email: "admin@goldengrain.test", name: "Ada" })).toEqual({ created: 0, failed: 0, owed: 0 });
  });

  it("approval creates the customer in QuickBooks and stores its id as companyID; feedback is recorded", async () => {
    const [app] = await pending();
    const res = await decide(app!.id, { status: "Approved", decisionDate: SEED_NOW.toISOString(), version: app!.version });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    DecisionAnswer.parse(body);
    expect(body).toMatchObject({ success: true, companyID: expect.stringMatching(/^\d+$/), data: { status: "Approved", decisionDate: SEED_NOW.toISOString(), quickbooksPending: null } });
    const found = await qboCustomerNamed(app!.companyName);
    expect(found.map((c) => c.id)).toContain(body.companyID);
    expect(found.find((c) => c.id === body.companyID)).toMatchObject({ displayName: app!.companyName, primaryEmail: app!.email });

    const fb = await call(feedbackRoute.loader, `/submit-feedback?companyID=${body.companyID}&feedback=positive`, { who: "admin" });
    expect(fb.status).toBe(200);
    expect(FeedbackAnswer.parse(await fb.json())).toEqual({ applicationId: app!.id, feedback: "positive" });
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, String(app!.id)));
    expect(events.map((e) => e.action).filter((a) => a !== "documents")).toEqual(["quickbooks-customer-created", "decision", "feedback"]);
    // A second decision is refused: the application is no longer pending.
    expect((await decide(app!.id, { status: "Declined" })).status).toBe(409);
  });

  it("a QuickBooks fault does not hold the approval; the admin's next visit creates exactly one customer", async () => {
    const [app] = await pending();
    await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify({ status: 500, count: 2, match: "/customer" }) });
    const approved = await decide(app!.id, { status: "Approved" });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Json).data.quickbooksPending.reason).toMatch(/QuickBooks is not available right now \(500\)/);
    // The next attempt meets the second fault: it stays owed, with the answer, and waits out its back-off.
    const run = await createOwedCustomers(ctx.app, { userId: null, email: "admin@goldengrain.test", name: "Ada" });
    expect(run).toMatchObject({ created: 0, failed: 1 });
    expect(await createOwedCustomers(ctx.app, { userId: null, email: "admin@goldengrain.test", name: "Ada" })).toMatchObject({ created: 0, failed: 0 });
    await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify({ clear: true }) });
    // After the back-off, an admin opens Customer Applications: the customer is created after the answer.
    const later = createTestContext(db, { now: new Date(SEED_NOW.getTime() + 3 * 60_000), env: ctxEnv });
    const background: Promise<unknown>[] = [];
    later.app.waitUntil = (p) => void background.push(p);
    await applicationsPageLoader({ request: request("/customer-applications", { cookie: await cookie("admin") }), context: later, params: {} } as never);
    expect(background).toHaveLength(1);
    expect(await background[0]).toMatchObject({ created: 1 });
    const [after] = await db.select().from(customerApplications).where(eq(customerApplications.id, app!.id));
    expect(after).toMatchObject({ companyID: expect.stringMatching(/^\d+$/), qboPendingSince: null });
    expect((await qboCustomerNamed(app!.companyName)).filter((c) => c.displayName === app!.companyName)).toHaveLength(1);
    // A sales rep's visit creates nothing (deciding is the admin's).
    const salesVisit: Promise<unknown>[] = [];
    later.app.waitUntil = (p) => void salesVisit.push(p);
    await applicationsPageLoader({ request: request("/customer-applications", { cookie: await cookie("sales") }), context: later, params: {} } as never);
    expect(salesVisit).toHaveLength(0);
  });

  it("two runs at once create an owed customer once (the attempt's lease)", async () => {
    const [app] = await pending();
    await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify({ status: 503, count: 1, match: "/customer" }) });
    expect((await decide(app!.id, { status: "Approved" })).status).toBe(200);
    const later = createTestContext(db, { now: new Date(SEED_NOW.getTime() + 10 * 60_000), env: ctxEnv });
    const actor = { userId: null, email: "admin@goldengrain.test", name: "Ada" };
    const runs = await Promise.all([createOwedCustomers(later.app, actor), createOwedCustomers(later.app, actor), createOwedCustomers(later.app, actor)]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(1);
    // The others never asked QuickBooks (without the lease they would have, and met its duplicate-name refusal).
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    expect((await qboCustomerNamed(app!.companyName)).filter((c) => c.displayName === app!.companyName)).toHaveLength(1);
  });

  it("an edit away from Approved withdraws an owed customer: it is never created", async () => {
    const [app] = await pending();
    await fetch(`${standins.url}/qbo/test/faults`, { method: "POST", body: JSON.stringify({ status: 503, count: 1, match: "/customer" }) });
    expect((await decide(app!.id, { status: "Approved" })).status).toBe(200);
    const [row] = await db.select().from(customerApplications).where(eq(customerApplications.id, app!.id));
    expect(row!.qboPendingSince).not.toBeNull();
    const res = await edit(app!.id, { companyName: row!.companyName, email: row!.email, phoneNumber: row!.phoneNumber, ownerName: row!.ownerName, ownerNumber: row!.ownerNumber, status: "Declined", remarks: "Changed our mind", decisionDate: "", addresses: row!.addresses, version: row!.version });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).data.quickbooksPending).toBeNull();
    const later = createTestContext(db, { now: new Date(SEED_NOW.getTime() + 20 * 60_000), env: ctxEnv });
    expect(await createOwedCustomers(later.app, { userId: null, email: "admin@goldengrain.test", name: "Ada" })).toMatchObject({ created: 0, owed: 0 });
    expect((await qboCustomerNamed(row!.companyName)).filter((c) => c.displayName === row!.companyName)).toHaveLength(0);
  });

  it("decline needs no QuickBooks; edit sets any status and every field, version-checked", async () => {
    const [app] = await pending();
    const declined = await decide(app!.id, { status: "Declined", decisionDate: SEED_NOW.toISOString() });
    expect(((await declined.json()) as Json).data.status).toBe("Declined");
    const [row] = await db.select().from(customerApplications).where(eq(customerApplications.id, app!.id));
    const res = await edit(app!.id, {
      companyName: "Renamed Bistro",
      email: "owner@renamed.example",
      phoneNumber: "(212) 555-0100",
      ownerName: "Ana Owner",
      ownerNumber: "",
      status: "Pending",
      remarks: "Reopened after a call",
      decisionDate: "",
      addresses: [{ street: "1 Main St", city: "Newark", state: "NJ", postalCode: "07102" }],
      version: row!.version,
    });
    expect(res.status).toBe(200);
    expect(ApplicationEditAnswer.parse(await res.json())).toMatchObject({ companyName: "Renamed Bistro", status: "Pending", decisionDate: null, addresses: [{ city: "Newark" }] });
    const stale = await edit(app!.id, { companyName: "Again", status: "Pending", version: row!.version });
    expect(stale.status).toBe(409);
    // The 409 carries the application as it is now, in the shape the screen shows.
    expect(Application.parse(((await stale.json()) as Json).data).companyName).toBe("Renamed Bistro");
    const bad = await edit(app!.id, { companyName: "X", status: "Maybe" });
    expect(bad.status).toBe(400);
  });

  it("/submit-feedback refuses a cross-site fetch, a bad value, an unknown company and a sales rep", async () => {
    expect((await call(feedbackRoute.loader, "/submit-feedback?companyID=1&feedback=positive", { who: "admin", headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await call(feedbackRoute.loader, "/submit-feedback?companyID=1&feedback=great", { who: "admin" })).status).toBe(400);
    expect((await call(feedbackRoute.loader, "/submit-feedback?companyID=nope&feedback=positive", { who: "admin" })).status).toBe(404);
    expect((await call(feedbackRoute.loader, "/submit-feedback?companyID=1&feedback=positive", { who: "sales" })).status).toBe(403);
  });
});
