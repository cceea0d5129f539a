// Regression tests for the smaller server findings of issue 20 ('Trust, second pass'), each through the real route
// against a seeded libSQL file (docs/decisions/028-trust-second-pass.md). The sweep of every write route (grant
// before body, 415 for a wrong content type) is tests/integration/write-routes-sweep.test.ts.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notifications, orders, returnReasons, users } from "../../db/schema";
import * as releaseOrder from "~/routes/api.order-trackers.$id.release-order";
import * as releaseOrderEmail from "~/routes/api.order-trackers.$id.release-order.email";
import * as emailEnable from "~/routes/api.order-trackers.$id.release-order.email-enable";
import * as cacheFlush from "~/routes/api.admin.rbac.cache.flush";
import * as roleUpsert from "~/routes/api.admin.rbac.role.warehouse-employee.upsert";
import * as reasons from "~/routes/api.return-reasons";
import * as needHelp from "~/routes/api.delivery.$orderId.need-help";
import { PRINT_DENIED } from "~/services/pick-list-documents.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";

type Handler = (args: unknown) => Promise<unknown>;
type Mod = { loader: Handler; action: Handler };
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
}, 60_000);

async function call(mod: Mod, path: string, init: Parameters<typeof request>[1] & { params?: Record<string, string> } = {}) {
  const method = (init.method ?? "GET").toUpperCase();
  const handler = method === "GET" || method === "HEAD" ? mod.loader : mod.action;
  const res = (await settle(() => handler({ request: request(path, init), context: ctx, params: init.params ?? {} }))) as Response;
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const auditCount = async () => Number((await ctx.app.db.select({ n: sql<number>`count(*)` }).from(auditEvents))[0]!.n);

describe("release-order routes keep the true reason of a refusal", () => {
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  it("a cross-site POST is refused as cross-site, not as 'no permission to print'", async () => {
    for (const [mod, path] of [
      [releaseOrder, "/api/order-trackers/1/release-order"],
      [releaseOrderEmail, "/api/order-trackers/1/release-order/email"],
    ] as const) {
      for (const who of ["sales", "warehouse"]) {
        const res = await call(mod as Mod, path, { method: "POST", cookie: cookies[who], headers: crossSite, json: {}, params: { id: "1" } });
        expect(res, `${who} ${path}`).toEqual({ status: 403, body: { success: false, error: "Cross-site request refused" } });
      }
    }
  });

  it("the policy's refusal still reads in the spec's words", async () => {
    const res = await call(releaseOrder as Mod, "/api/order-trackers/1/release-order", { method: "POST", cookie: cookies.warehouse, json: {}, params: { id: "1" } });
    expect(res).toEqual({ status: 403, body: { success: false, error: PRINT_DENIED } });
  });
});

describe("write routes that take no body refuse another content type before acting", () => {
  for (const [name, mod, path, who] of [
    ["rbac cache flush", cacheFlush, "/api/admin/rbac/cache/flush", "admin"],
    ["warehouse-employee role upsert", roleUpsert, "/api/admin/rbac/role/warehouse-employee/upsert", "admin"],
    ["release-order email-enable", emailEnable, "/api/order-trackers/1/release-order/email-enable", "logistics"],
  ] as const) {
    it(`${name}: text/plain is 415 and records nothing; an empty body or JSON still works`, async () => {
      const before = await auditCount();
      const refused = await call(mod as Mod, path, { method: "POST", cookie: cookies[who], headers: { "content-type": "text/plain" }, body: "flush=1", params: { id: "1" } });
      expect(refused.status).toBe(415);
      expect(await auditCount()).toBe(before);
      expect((await call(mod as Mod, path, { method: "POST", cookie: cookies[who], params: { id: "1" } })).status).toBe(200);
      expect((await call(mod as Mod, path, { method: "POST", cookie: cookies[who], json: {}, params: { id: "1" } })).status).toBe(200);
    });
  }
});

describe("Need Help demands its content type", () => {
  it("a driver's text/plain post about an order of hers is 415 and raises no alert; JSON still does", async () => {
    const [driver] = await ctx.app.db.select().from(users).where(eq(users.email, "driver@goldengrain.test"));
    const all = await ctx.app.db.select().from(orders);
    // The driver's orders (spec 001 §6): her order types (or the delivery types), at her locations.
    const typeOk = (t: string) => (driver!.orderTypes.length ? driver!.orderTypes.includes(t) : /delivery$/i.test(t));
    const order = all.find((o) => typeOk(o.orderType) && (!driver!.locationIds.length || driver!.locationIds.includes(o.warehouseLocation)))!;
    const alerts = async () => (await ctx.app.db.select().from(notifications)).length;
    const before = await alerts();
    const path = `/api/delivery/${order.id}/need-help`;
    const refused = await call(needHelp as Mod, path, { method: "POST", cookie: cookies.driver, headers: { "content-type": "text/plain" }, body: '{"note":"help"}', params: { orderId: String(order.id) } });
    expect(refused.status).toBe(415);
    expect(await alerts()).toBe(before);
    const ok = await call(needHelp as Mod, path, { method: "POST", cookie: cookies.driver, json: { note: "help" }, params: { orderId: String(order.id) } });
    expect(ok.status).toBe(200);
    expect(await alerts()).toBe(before + 1);
  });
});

describe("POST /api/return-reasons is the admin's before anything else", () => {
  it("a sales rep or a logistics manager gets 403 whatever the body, and nothing is added", async () => {
    const count = async () => (await ctx.app.db.select().from(returnReasons)).length;
    const before = await count();
    for (const who of ["sales", "logistics"]) {
      for (const init of [{ json: {} }, { json: { label: "" } }, { json: { label: "Wrong colour" } }, { headers: { "content-type": "text/plain" }, body: "x" }]) {
        const res = await call(reasons as Mod, "/api/return-reasons", { method: "POST", cookie: cookies[who], ...init });
        expect(res, `${who} ${JSON.stringify(init)}`).toEqual({ status: 403, body: { success: false, error: "Only an admin may change the return reasons." } });
      }
    }
    expect(await count()).toBe(before);
    // The admin still gets the validation message for a bad body, and adds a good one.
    expect((await call(reasons as Mod, "/api/return-reasons", { method: "POST", cookie: cookies.admin, json: {} })).status).toBe(400);
    const added = await call(reasons as Mod, "/api/return-reasons", { method: "POST", cookie: cookies.admin, json: { label: "Wrong colour" } });
    expect(added.status).toBe(201);
    expect(await ctx.app.db.select().from(returnReasons).where(eq(returnReasons.label, "Wrong colour"))).toHaveLength(1);
  });
});
