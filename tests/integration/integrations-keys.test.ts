// Integration keys through the real routes against a database file (issue 21, decision 030): an admin creates,
// scopes, rotates and revokes them (each audited, the secret shown once and kept only as a hash); the
// integration routes take a bearer key and nothing else, answer 401 for a wrong, rotated-away or revoked key
// and 403 outside its scope, record its last use (at most once a minute), and a refusal writes nothing.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, integrationKeys, locations, orders } from "../../db/schema";
import { SEEDED_INTEGRATION_KEY } from "../../db/seed";
import { sha256Hex } from "~/lib/crypto.server";
import { IntegrationKey, IntegrationKeyAnswer, IntegrationKeysAnswer, IssuedKeyAnswer, type IssuedKey } from "~/domain/integrations/contract";
import type { Database } from "~/lib/db.server";
import * as keysRoute from "~/routes/api.integrations.keys";
import * as keyRoute from "~/routes/api.integrations.keys.$id";
import * as rotateRoute from "~/routes/api.integrations.keys.$id.rotate";
import * as revokeRoute from "~/routes/api.integrations.keys.$id.revoke";
import * as locationsRoute from "~/routes/api.integrations.locations";
import * as ordersRoute from "~/routes/api.integrations.orders";
import * as stockRoute from "~/routes/api.integrations.stock";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookie } from "../support/context";

type Json = Record<string, unknown> & { success: boolean; error?: string; data?: unknown };
type Handler = (args: ActionFunctionArgs) => Promise<Response>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let admin: string;

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  admin = await staffCookie(ctx.app, "admin@goldengrain.test");
}, 60_000);

async function call(handler: Handler, path: string, init: Parameters<typeof request>[1] & { key?: string; params?: Record<string, string>; at?: Date } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("authorization", `Bearer ${init.key}`);
  const context = init.at ? { ...ctx, app: { ...ctx.app, now: () => new Date(init.at!) } } : ctx;
  const res = await handler({ request: request(path, { ...init, headers }), context, params: init.params ?? {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

const adminCall = (handler: Handler, path: string, init: Parameters<typeof call>[2] = {}) => call(handler, path, { cookie: admin, ...init });

async function createKey(body: Record<string, unknown>): Promise<IssuedKey> {
  const res = await adminCall(keysRoute.action, "/api/integrations/keys", { method: "POST", json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return IssuedKeyAnswer.parse(res.body);
}

const newLocation = (id: string) => ({ locations: [{ sourceId: id, name: `Warehouse ${id}` }] });
const sendLocations = (key: string, body: unknown, at?: Date) => call(locationsRoute.action, "/api/integrations/locations", { method: "POST", key, json: body, at });

async function dataVersion(): Promise<number> {
  // Any commit by any connection moves the file's change counter; reading it through the app's client is enough here.
  const [row] = await db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM audit_events) + (SELECT count(*) FROM locations) + (SELECT count(*) FROM orders) + (SELECT coalesce(sum(version), 0) FROM integration_keys) AS n`);
  return Number(row!.n);
}

describe("an admin manages keys", () => {
  it("creates a key whose secret is answered once and stored only as a hash", async () => {
    const issued = await createKey({ label: "ERP", sourceSystem: "erp", kinds: ["locations", "orders"], locations: [] });
    expect(issued.secret).toMatch(/^gg_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(issued.secret.startsWith(`gg_live_${issued.key.publicId}_`)).toBe(true);
    expect(issued.key.maskedKey).toBe(`gg_live_${issued.key.publicId}_…${issued.secret.slice(-4)}`);
    expect(issued.key).toMatchObject({ kinds: ["orders", "locations"], locations: [], status: "active", lastUsedAt: null });

    const [row] = await db.select().from(integrationKeys).where(eq(integrationKeys.id, issued.key.id));
    const secretPart = issued.secret.slice(`gg_live_${issued.key.publicId}_`.length);
    expect(row!.secretHash).toBe(await sha256Hex(secretPart));
    expect(JSON.stringify(row)).not.toContain(secretPart);

    const list = await adminCall(keysRoute.loader, "/api/integrations/keys");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secretPart);
    expect(IntegrationKeysAnswer.parse(list.body).map((k) => k.publicId)).toContain(issued.key.publicId);

    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityType, "integration-key"), eq(auditEvents.entityId, issued.key.publicId)));
    expect(audit).toMatchObject({ action: "create", actorEmail: "admin@goldengrain.test" });
    expect(JSON.stringify(audit)).not.toContain(secretPart);
  });

  it("refuses a bad form with the reason and writes nothing", async () => {
    const before = await dataVersion();
    for (const [body, reason] of [
      [{ label: "", kinds: ["orders"] }, "Label is required"],
      [{ label: "X", kinds: [] }, "Choose at least one kind of data"],
      [{ label: "X", kinds: ["orders"], locations: ["MOON-BASE"] }, "Unknown location: MOON-BASE"],
      [{ label: "X", kinds: ["orders"], secret: "mine" }, "Unrecognized key"],
    ] as const) {
      const res = await adminCall(keysRoute.action, "/api/integrations/keys", { method: "POST", json: body });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(reason);
    }
    expect(await dataVersion()).toBe(before);
  });

  it("is the admin's only: another role gets 403 on every key call", async () => {
    const logistics = await staffCookie(ctx.app, "logistics@goldengrain.test");
    for (const [handler, path, method, params] of [
      [keysRoute.loader, "/api/integrations/keys", "GET", {}],
      [keysRoute.action, "/api/integrations/keys", "POST", {}],
      [keyRoute.action, "/api/integrations/keys/1", "PATCH", { id: "1" }],
      [rotateRoute.action, "/api/integrations/keys/1/rotate", "POST", { id: "1" }],
      [revokeRoute.action, "/api/integrations/keys/1/revoke", "POST", { id: "1" }],
    ] as const) {
      const res = await call(handler, path, { method, cookie: logistics, params, ...(method === "GET" ? {} : { json: {} }) });
      expect(res.status, path).toBe(403);
    }
  });

  it("scopes a key by kind and warehouse, and a stale edit is a 409", async () => {
    const issued = await createKey({ label: "Stock feed", kinds: ["stock"], locations: ["NY-MAIN"] });
    const stockOnly = await call(ordersRoute.action, "/api/integrations/orders", { method: "POST", key: issued.secret, json: { orders: [] } });
    expect(stockOnly.status).toBe(403);
    expect(stockOnly.body.error).toBe("This integration key may not send orders");

    const edited = await adminCall(keyRoute.action, `/api/integrations/keys/${issued.key.id}`, {
      method: "PATCH",
      params: { id: String(issued.key.id) },
      json: { kinds: ["stock", "locations"], locations: ["NY-MAIN", "NJ-WH"], version: issued.key.version },
    });
    expect(edited.status).toBe(200);
    expect(IntegrationKeyAnswer.parse(edited.body)).toMatchObject({ kinds: ["stock", "locations"], locations: ["NY-MAIN", "NJ-WH"], version: issued.key.version + 1 });
    const stale = await adminCall(keyRoute.action, `/api/integrations/keys/${issued.key.id}`, { method: "PATCH", params: { id: String(issued.key.id) }, json: { label: "Old", version: issued.key.version } });
    expect(stale.status).toBe(409);
    expect(IntegrationKey.parse(stale.body.data)).toMatchObject({ kinds: ["stock", "locations"] });

    // In scope now: the locations it names land, another warehouse is refused for that record only.
    const res = await sendLocations(issued.secret, { locations: [{ sourceId: "NJ-WH", name: "NJ Warehouse" }, { sourceId: "FL-DIST", name: "Florida" }] });
    expect(res.status).toBe(200);
    expect((res.body.data as { results: unknown[] }).results).toEqual([
      { index: 0, sourceId: "NJ-WH", outcome: "unchanged" },
      { index: 1, sourceId: "FL-DIST", outcome: "refused", reason: "This key may not write to warehouse FL-DIST (it may write to NY-MAIN, NJ-WH)" },
    ]);
    const [fl] = await db.select().from(locations).where(eq(locations.id, "FL-DIST"));
    expect(fl!.name).toBe("FL Distribution");

    const audits = await db.select({ action: auditEvents.action }).from(auditEvents).where(and(eq(auditEvents.entityType, "integration-key"), eq(auditEvents.entityId, issued.key.publicId)));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("rotates: the new secret works, the old one stops at once", async () => {
    const issued = await createKey({ label: "Rotating", kinds: ["locations"] });
    expect((await sendLocations(issued.secret, newLocation("ROT-1"))).status).toBe(200);
    const rotated = await adminCall(rotateRoute.action, `/api/integrations/keys/${issued.key.id}/rotate`, { method: "POST", params: { id: String(issued.key.id) }, json: {} });
    expect(rotated.status).toBe(200);
    const next = IssuedKeyAnswer.parse(rotated.body);
    expect(next.secret).not.toBe(issued.secret);
    expect(next.key.publicId).toBe(issued.key.publicId);
    expect(next.key.maskedKey).toBe(`gg_live_${issued.key.publicId}_…${next.secret.slice(-4)}`);

    const old = await sendLocations(issued.secret, newLocation("ROT-2"));
    expect(old.status).toBe(401);
    expect(old.body.error).toBe("Invalid integration key");
    expect((await sendLocations(next.secret, newLocation("ROT-2"))).status).toBe(200);
    const [rot2] = await db.select().from(locations).where(eq(locations.id, "ROT-2"));
    expect(rot2).toBeDefined();

    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, issued.key.publicId), eq(auditEvents.action, "rotate")));
    expect(audit!.changes).toEqual([{ field: "secret", before: `…${issued.secret.slice(-4)}`, after: `…${next.secret.slice(-4)}` }]);
  });

  it("revokes: the key answers 401 for good, stays listed, and cannot be rotated or edited back to life", async () => {
    const issued = await createKey({ label: "Leaving", kinds: ["locations"] });
    const revoked = await adminCall(revokeRoute.action, `/api/integrations/keys/${issued.key.id}/revoke`, { method: "POST", params: { id: String(issued.key.id) } });
    expect(revoked.status).toBe(200);
    expect(IntegrationKeyAnswer.parse(revoked.body)).toMatchObject({ status: "revoked", revokedBy: "admin@goldengrain.test" });

    const refused = await sendLocations(issued.secret, newLocation("REV-1"));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("This integration key has been revoked");
    expect(await db.select().from(locations).where(eq(locations.id, "REV-1"))).toEqual([]);

    const params = { id: String(issued.key.id) };
    expect((await adminCall(rotateRoute.action, `/api/integrations/keys/${issued.key.id}/rotate`, { method: "POST", params, json: {} })).status).toBe(409);
    expect((await adminCall(keyRoute.action, `/api/integrations/keys/${issued.key.id}`, { method: "PATCH", params, json: { kinds: ["orders"] } })).status).toBe(409);
    const again = await adminCall(revokeRoute.action, `/api/integrations/keys/${issued.key.id}/revoke`, { method: "POST", params });
    expect(again.status).toBe(200);
    const list = IntegrationKeysAnswer.parse((await adminCall(keysRoute.loader, "/api/integrations/keys")).body);
    expect(list.find((k) => k.id === issued.key.id)?.status).toBe("revoked");
    const revokes = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, issued.key.publicId), eq(auditEvents.action, "revoke")));
    expect(revokes).toHaveLength(1);
  });
});

describe("the integration routes take a bearer key and nothing else", () => {
  it("401 for no key, a session cookie, a malformed, unknown or wrong key; nothing written", async () => {
    const before = await dataVersion();
    const publicId = SEEDED_INTEGRATION_KEY.split("_")[2]!;
    for (const [init, error] of [
      [{}, "Send the integration key as 'Authorization: Bearer <key>'"],
      [{ cookie: admin }, "Send the integration key as 'Authorization: Bearer <key>'"],
      // A page of another site posting with the visitor's cookies: no bearer, so the same 401.
      [{ cookie: admin, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }, "Send the integration key as 'Authorization: Bearer <key>'"],
      [{ key: "not-a-key" }, "Invalid integration key"],
      [{ key: `gg_live_zzzzzzzzzzzz_${"A".repeat(43)}` }, "Invalid integration key"],
      [{ key: `gg_live_${publicId}_${"A".repeat(43)}` }, "Invalid integration key"],
      [{ headers: { authorization: `Basic ${SEEDED_INTEGRATION_KEY}` } }, "Send the integration key as 'Authorization: Bearer <key>'"],
    ] as const) {
      const res = await call(locationsRoute.action, "/api/integrations/locations?key=" + SEEDED_INTEGRATION_KEY, { method: "POST", json: newLocation("NOPE-1"), ...init });
      expect(res.status, JSON.stringify(init)).toBe(401);
      expect(res.body).toEqual({ success: false, error });
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="integrations"');
    }
    expect(await dataVersion()).toBe(before);
  });

  it("the seeded key works for every kind, POST only", async () => {
    const res = await sendLocations(SEEDED_INTEGRATION_KEY, { locations: [] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { results: [], counts: { created: 0, updated: 0, unchanged: 0, refused: 0 } } });
    const get = await call(ordersRoute.loader, "/api/integrations/orders", { key: SEEDED_INTEGRATION_KEY });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("records the key's last use after an accepted batch, at most once a minute, and not on a refused call", async () => {
    const issued = await createKey({ label: "Usage", kinds: ["locations"] });
    const lastUsed = async () => (await db.select({ at: integrationKeys.lastUsedAt }).from(integrationKeys).where(eq(integrationKeys.id, issued.key.id)))[0]!.at;
    const t0 = new Date(SEED_NOW.getTime() + 3_600_000);
    const bad = await call(locationsRoute.action, "/api/integrations/locations", { method: "POST", key: issued.secret, body: "{}", headers: { "content-type": "text/plain" }, at: t0 });
    expect(bad.status).toBe(415);
    expect(await lastUsed()).toBeNull();
    await sendLocations(issued.secret, newLocation("USE-1"), t0);
    expect(await lastUsed()).toBe(t0.toISOString());
    await sendLocations(issued.secret, newLocation("USE-1"), new Date(t0.getTime() + 30_000));
    expect(await lastUsed()).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + 61_000);
    await sendLocations(issued.secret, newLocation("USE-1"), later);
    expect(await lastUsed()).toBe(later.toISOString());
    const list = IntegrationKeysAnswer.parse((await adminCall(keysRoute.loader, "/api/integrations/keys")).body);
    expect(list.find((k) => k.id === issued.key.id)?.lastUsedAt).toBe(later.toISOString());
  });

  it("a warehouse-scoped key writes orders of its warehouses only", async () => {
    const issued = await createKey({ label: "NY orders", kinds: ["orders"], locations: ["NY-MAIN"] });
    const line = [{ sourceId: "L1", sku: "JAS-25", quantity: 2 }];
    const base = { orderDate: "2025-06-18", customerName: "Scope Test", orderType: "Freight", paymentStatus: "Paid", lines: line };
    const res = await call(ordersRoute.action, "/api/integrations/orders", {
      method: "POST",
      key: issued.secret,
      json: { orders: [{ ...base, sourceId: "S-1", orderNumber: "SCOPE-1", warehouseLocation: "NY-MAIN" }, { ...base, sourceId: "S-2", orderNumber: "SCOPE-2", warehouseLocation: "NJ-WH" }] },
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { results: unknown[] }).results).toEqual([
      { index: 0, sourceId: "S-1", outcome: "created" },
      { index: 1, sourceId: "S-2", outcome: "refused", reason: "This key may not write to warehouse NJ-WH (it may write to NY-MAIN)" },
    ]);
    const made = await db.select({ n: orders.orderNumber }).from(orders).where(sql`${orders.orderNumber} LIKE 'SCOPE-%'`).orderBy(desc(orders.orderNumber));
    expect(made.map((o) => o.n)).toEqual(["SCOPE-1"]);
  });

  it("stock for a warehouse outside the key's scope is refused per record", async () => {
    const issued = await createKey({ label: "NJ stock", kinds: ["stock"], locations: ["NJ-WH"] });
    const res = await call(stockRoute.action, "/api/integrations/stock", {
      method: "POST",
      key: issued.secret,
      json: { stock: [{ sku: "JAS-25", locationId: "NJ-WH", quantityOnHand: 7 }, { sku: "JAS-25", locationId: "NY-MAIN", quantityOnHand: 9 }] },
    });
    expect((res.body.data as { counts: unknown }).counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 1 });
  });
});
