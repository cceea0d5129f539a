// An attacker's review of the doors added on day one (issues 20 and 21), through the real routes against a
// database file. The key races and the room of a case-twin failed on the code before decision 035's fixes; the
// scoped key's reach over another warehouse's orders was sound and is held here as the attack it resists.
import { eq } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, locations, orders, passcodes, users } from "../../db/schema";
import { SEEDED_INTEGRATION_KEY } from "../../db/seed";
import { verifyRoomToken } from "../../party/token";
import type { Database } from "~/lib/db.server";
import * as locationsRoute from "~/routes/api.integrations.locations";
import * as ordersRoute from "~/routes/api.integrations.orders";
import { loader as roomLoader } from "~/routes/api.picklists.$orderNumber.room";
import { createIntegrationKey, revokeIntegrationKey, rotateIntegrationKey, updateIntegrationKey } from "~/services/integrations-keys.server";
import type { Actor } from "~/lib/writes.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle } from "../support/context";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let admin: Actor;

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  const [row] = await db.select().from(users).where(eq(users.email, "admin@goldengrain.test"));
  admin = { userId: row!.id, email: row!.email, name: row!.name };
}, 60_000);

describe("an integration key changed while its batch is on its way", () => {
  /**
   * Starts a batch whose body arrives only when `release` is called: the route has checked the key by the time
   * it asks for the body (`bodyAsked`), as with a slow upload or a batch queued behind another.
   */
  function slowBatch(handler: Handler, kind: string, key: string, body: unknown) {
    let asked!: () => void;
    const bodyAsked = new Promise<void>((resolve) => (asked = resolve));
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => void (push = controller),
      pull: () => asked(),
    });
    const req = new Request(`http://127.0.0.1/api/integrations/${kind}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const answer = handler({ request: req, context: ctx, params: {} });
    return {
      bodyAsked,
      answer,
      release() {
        push.enqueue(new TextEncoder().encode(JSON.stringify(body)));
        push.close();
      },
    };
  }

  async function locationKey(locs: string[] = []) {
    const issued = await createIntegrationKey(ctx.app, admin, { label: "Race test", sourceSystem: "race", kinds: ["locations"], locations: locs });
    return { id: issued.key.id, secret: issued.secret };
  }

  async function locationExists(id: string) {
    return (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id))).length === 1;
  }

  it("revoked after the bearer check: 401, and not one record lands", async () => {
    const key = await locationKey();
    const batch = slowBatch(locationsRoute.action, "locations", key.secret, { locations: [{ sourceId: "RACE-REVOKED", name: "Race revoked" }] });
    await batch.bodyAsked;
    await revokeIntegrationKey(ctx.app, admin, key.id);
    batch.release();
    const res = await batch.answer;
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "This integration key has been revoked" });
    expect(await locationExists("RACE-REVOKED")).toBe(false);
    // Nor an audit event claiming the key wrote a batch after its revocation.
    const batches = await db.select().from(auditEvents).where(eq(auditEvents.entityType, "integration-batch"));
    expect(batches.some((e) => JSON.stringify(e.changes).includes("RACE-REVOKED"))).toBe(false);
  });

  it("rotated after the bearer check: the old secret writes nothing (401)", async () => {
    const key = await locationKey();
    const batch = slowBatch(locationsRoute.action, "locations", key.secret, { locations: [{ sourceId: "RACE-ROTATED", name: "Race rotated" }] });
    await batch.bodyAsked;
    await rotateIntegrationKey(ctx.app, admin, key.id);
    batch.release();
    const res = await batch.answer;
    expect(res.status).toBe(401);
    expect(await locationExists("RACE-ROTATED")).toBe(false);
  });

  it("narrowed to one warehouse after the bearer check: 409, nothing written under the old scope", async () => {
    const key = await locationKey();
    const batch = slowBatch(locationsRoute.action, "locations", key.secret, { locations: [{ sourceId: "RACE-NARROWED", name: "Race narrowed" }] });
    await batch.bodyAsked;
    await updateIntegrationKey(ctx.app, admin, key.id, { locations: ["NJ-WH"] });
    batch.release();
    const res = await batch.answer;
    expect(res.status).toBe(409);
    expect(await locationExists("RACE-NARROWED")).toBe(false);
  });

  it("unchanged while the body arrives: the batch lands as before", async () => {
    const key = await locationKey();
    const batch = slowBatch(locationsRoute.action, "locations", key.secret, { locations: [{ sourceId: "RACE-KEPT", name: "Race kept" }] });
    await batch.bodyAsked;
    batch.release();
    expect((await batch.answer).status).toBe(200);
    expect(await locationExists("RACE-KEPT")).toBe(true);
  });
});

describe("a warehouse-scoped key and orders of another warehouse", () => {
  async function sendAs(key: string, list: unknown[]) {
    const res = await ordersRoute.action({
      request: request("/api/integrations/orders", { method: "POST", headers: { authorization: `Bearer ${key}` }, json: { orders: list } }),
      context: ctx,
      params: {},
    });
    return (await res.json()) as { data: { results: { outcome: string; reason?: string }[] } };
  }
  const record = (over: Record<string, unknown>) => ({
    orderDate: "2025-06-18",
    customerName: "Scope Probe",
    orderType: "Freight",
    warehouseLocation: "NY-MAIN",
    lines: [{ sourceId: "1", sku: "JAS-25", quantity: 1 }],
    ...over,
  });

  it("can neither move nor adopt an order that sits at a warehouse outside its scope", async () => {
    // Another key of the same system put SHARED-1 at NJ-WH; a NY-only key sends the same id, moved to NY-MAIN.
    const all = await sendAs(SEEDED_INTEGRATION_KEY, [record({ sourceId: "SHARED-1", orderNumber: "SHARED-000001", warehouseLocation: "NJ-WH" })]);
    expect(all.data.results[0]!.outcome).toBe("created");
    const ny = await createIntegrationKey(ctx.app, admin, { label: "NY only", sourceSystem: "inventory", kinds: ["orders"], locations: ["NY-MAIN"] });
    const [legacy] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.warehouseLocation, "NJ-WH")).limit(1);
    const answer = await sendAs(ny.secret, [
      record({ sourceId: "SHARED-1", orderNumber: "SHARED-000001", customerName: "Hijacked" }),
      // An order entered before the integration (no source id) at NJ-WH: adopting it would move it too.
      record({ sourceId: "ADOPT-NJ", orderNumber: legacy!.orderNumber, customerName: "Hijacked" }),
    ]);
    expect(answer.data.results.map((r) => r.outcome)).toEqual(["refused", "refused"]);
    expect(answer.data.results.every((r) => r.reason?.startsWith("This key may not write to warehouse NJ-WH"))).toBe(true);
    const after = await db.select({ customerName: orders.customerName, warehouseLocation: orders.warehouseLocation }).from(orders).where(eq(orders.orderNumber, "SHARED-000001"));
    expect(after).toEqual([{ customerName: "Scope Probe", warehouseLocation: "NJ-WH" }]);
    const [kept] = await db.select({ sourceId: orders.sourceId, customerName: orders.customerName }).from(orders).where(eq(orders.orderNumber, legacy!.orderNumber));
    expect(kept!.sourceId).toBeNull();
    expect(kept!.customerName).not.toBe("Hijacked");
  });
});

describe("picking rooms of order numbers that differ only in case", () => {
  it("an order 'so-…' at one warehouse never opens the room of 'SO-…' at another", async () => {
    // A New Jersey order, and a NY-MAIN passcode that may not see it.
    const [nj] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.warehouseLocation, "NJ-WH")).limit(1);
    const twin = nj!.orderNumber.toLowerCase();
    expect(twin).not.toBe(nj!.orderNumber);
    // The integration API takes the lower-case number as a new order (order numbers are unique as written).
    const sent = await ordersRoute.action({
      request: request("/api/integrations/orders", {
        method: "POST",
        headers: { authorization: `Bearer ${SEEDED_INTEGRATION_KEY}` },
        json: {
          orders: [
            {
              sourceId: "CASE-TWIN-1",
              orderNumber: twin,
              orderDate: "2025-06-18",
              customerName: "Twin Customer",
              orderType: "Will Call",
              warehouseLocation: "NY-MAIN",
              lines: [{ sourceId: "1", sku: "JAS-25", quantity: 1 }],
            },
          ],
        },
      }),
      context: ctx,
      params: {},
    });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { data: { counts: { created: number } } }).data.counts.created).toBe(1);

    const codes = await db.select().from(passcodes);
    const ny = codes.find((c) => c.active && c.locations.length === 1 && c.locations[0] === "NY-MAIN")!;
    const cookie = await passcodeCookie(ctx.app, ny.id);
    const res = (await settle(() => roomLoader({ request: request(`/api/picklists/${twin}/room`, { cookie }), context: ctx, params: { orderNumber: twin } }))) as Response;
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { room: string; token: string } };
    const secret = ctx.app.env.PARTY_TOKEN_SECRET;
    // The room is the twin's own; its token does not open the New Jersey order's room (its lines and pickers).
    expect(data.room).toBe(twin);
    expect(await verifyRoomToken(secret, data.token, nj!.orderNumber, SEED_NOW.getTime())).toBeNull();
    expect(await verifyRoomToken(secret, data.token, twin, SEED_NOW.getTime())).not.toBeNull();
  });
});
