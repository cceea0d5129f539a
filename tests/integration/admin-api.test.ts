// The admin panel's calls (spec 002 §7) against a seeded libSQL file: every call closed to every other role
// and to passcode phones; users' saves (only changed fields, 409 for a second editor with the current values,
// the last-admin guard, a role change on the member's next request, the worker link that drives assignment
// scope); locations' groups; workers' CRUD; email routing (invalid addresses refused, the release order's
// recipients follow at once); passcodes (hashed, never returned, short or taken codes refused, deactivation
// ending live sessions); RBAC debug through the product's own scope; an audit event for every change.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders, passcodes, roles, users, warehouseWorkers } from "../../db/schema";
import * as usersRoute from "~/routes/api.admin.users";
import * as bulkRoute from "~/routes/api.admin.users.bulk";
import * as userRoute from "~/routes/api.admin.users.$email";
import * as rolesRoute from "~/routes/api.rbac.roles";
import * as locsRoute from "~/routes/api.warehouses.locations";
import * as groupsRoute from "~/routes/api.warehouses.locations.groups";
import * as whLocsRoute from "~/routes/api.warehouse-locations";
import * as adminLocsRoute from "~/routes/api.admin.locations";
import * as lookupsRoute from "~/routes/lookups";
import * as workersRoute from "~/routes/api.warehouse-workers";
import * as workerRoute from "~/routes/api.warehouse-workers.$id";
import * as grantsRoute from "~/routes/api.admin.rbac.debug.effective-grants";
import * as scopeRoute from "~/routes/api.admin.rbac.debug.orders-scope-test";
import * as flushRoute from "~/routes/api.admin.rbac.cache.flush";
import * as upsertRoute from "~/routes/api.admin.rbac.role.warehouse-employee.upsert";
import * as routingRoute from "~/routes/api.admin.email-routing";
import * as passcodeRoute from "~/routes/api.picklist.passcode";
import * as deactivateRoute from "~/routes/api.picklist.passcode.deactivate";
import * as reactivateRoute from "~/routes/api.picklist.passcode.reactivate";
import * as updateRoute from "~/routes/api.picklist.passcode.update";
import * as passcodeIdRoute from "~/routes/api.picklist.passcode.$id";
import * as loginRoute from "~/routes/api.picklist.passcode.login";
import * as sessionRoute from "~/routes/api.picklist.session";
import * as meRoute from "~/routes/api.me";
import * as usersPage from "~/routes/_app.admin.access.users/route";
import * as productsRoute from "~/routes/api.admin.products";
import * as productRoute from "~/routes/api.admin.products.$sku";
import * as barcodesRoute from "~/routes/api.admin.products.$sku.barcodes";
import * as barcodeRoute from "~/routes/api.admin.products.$sku.barcodes.$id";
import * as reasonsRoute from "~/routes/api.admin.short-reasons";
import * as reasonRoute from "~/routes/api.admin.short-reasons.$id";
import {
  AdminLocationsAnswer,
  AdminUsersPage,
  Lookups,
  PasscodeAnswer,
  PasscodesAnswer,
  ProductAnswer,
  ProductPage,
  RoutingAnswer,
  SavedUsers,
  SavedUsersData,
  ShortReasonAnswer,
  ShortReasonsAnswer,
  Worker,
  WorkerAnswer,
  WorkersAnswer,
} from "~/domain/admin/contract";
import { pickListRecipients } from "~/services/pick-list-documents.server";
import type { Database } from "~/lib/db.server";
import { assignOrder, createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db);
}, 60_000);

const cookie = (name: string) => staffCookie(ctx.app, `${name}@goldengrain.test`);

async function call(handler: Handler, path: string, init: { cookie?: string; method?: string; json?: unknown; params?: Record<string, string> } = {}) {
  const req = request(path, { method: init.method ?? "GET", cookie: init.cookie, json: init.json });
  return (await settle(() => handler({ request: req, context: ctx, params: init.params ?? {} }))) as Response;
}

async function audits(entityType: string, entityId: string) {
  return db.select().from(auditEvents).where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)));
}

const CALLS: Array<[string, Handler, string, string, unknown?, Record<string, string>?]> = [
  ["users", usersRoute.loader, "GET", "/api/admin/users?limit=25&page=1"],
  ["bulk", bulkRoute.action, "PUT", "/api/admin/users/bulk", [{ email: "sales@goldengrain.test", roleId: "admin" }]],
  ["remove", userRoute.action, "DELETE", "/api/admin/users/sales%40goldengrain.test", undefined, { email: "sales@goldengrain.test" }],
  ["roles", rolesRoute.loader, "GET", "/api/rbac/roles"],
  ["locations", locsRoute.loader, "GET", "/api/warehouses/locations"],
  ["groups", groupsRoute.action, "PUT", "/api/warehouses/locations/groups", [{ id: "NY-MAIN", groups: ["x"] }]],
  ["warehouse-locations", whLocsRoute.loader, "GET", "/api/warehouse-locations"],
  ["admin-locations", adminLocsRoute.loader, "GET", "/api/admin/locations"],
  ["lookups", lookupsRoute.loader, "GET", "/lookups"],
  ["worker create", workersRoute.action, "POST", "/api/warehouse-workers", { name: "Mallory" }],
  ["worker update", workerRoute.action, "PUT", "/api/warehouse-workers/1", { name: "Mallory" }, { id: "1" }],
  ["worker delete", workerRoute.action, "DELETE", "/api/warehouse-workers/1", undefined, { id: "1" }],
  ["effective grants", grantsRoute.loader, "GET", "/api/admin/rbac/debug/effective-grants?email=admin@goldengrain.test"],
  ["scope test", scopeRoute.loader, "GET", "/api/admin/rbac/debug/orders-scope-test?email=admin@goldengrain.test&limit=200"],
  ["flush", flushRoute.action, "POST", "/api/admin/rbac/cache/flush"],
  ["upsert", upsertRoute.action, "POST", "/api/admin/rbac/role/warehouse-employee/upsert"],
  ["routing", routingRoute.loader, "GET", "/api/admin/email-routing"],
  ["routing put", routingRoute.action, "PUT", "/api/admin/email-routing", { defaultCc: [], emailRouting: {} }],
  ["passcodes", passcodeRoute.loader, "GET", "/api/picklist/passcode"],
  ["passcode create", passcodeRoute.action, "POST", "/api/picklist/passcode", { label: "x", code: "MALLORY-1", locations: [] }],
  ["deactivate", deactivateRoute.action, "POST", "/api/picklist/passcode/deactivate", { id: 1 }],
  ["reactivate", reactivateRoute.action, "POST", "/api/picklist/passcode/reactivate", { id: 1 }],
  ["update", updateRoute.action, "POST", "/api/picklist/passcode/update", { id: 1, locations: [] }],
  ["delete", passcodeIdRoute.action, "DELETE", "/api/picklist/passcode/1", undefined, { id: "1" }],
];

describe("every admin call is closed to everyone but admins", () => {
  for (const who of ["logistics", "sales", "warehouse", "driver", "passcode", "anonymous"] as const) {
    it(`as ${who}: 401/403 and nothing written`, async () => {
      const before = await db.select().from(auditEvents);
      const c = who === "anonymous" ? undefined : who === "passcode" ? await passcodeCookie(ctx.app) : await cookie(who);
      for (const [name, handler, method, path, json, params] of CALLS) {
        const res = await call(handler, path, { cookie: c, method, json, params });
        // /lookups is a page-level path: an anonymous visitor is sent to sign in (302) rather than answered 401.
        const expected = who === "anonymous" || who === "passcode" ? [401, 403, ...(name === "lookups" ? [302] : [])] : [403];
        expect(expected, `${name} as ${who} answered ${res.status}`).toContain(res.status);
      }
      expect(await db.select().from(auditEvents)).toHaveLength(before.length);
      expect((await db.select().from(users).where(eq(users.email, "sales@goldengrain.test")))[0]!.roleId).toBe("sales-rep");
    });
  }
});

describe("users", () => {
  it("lists 25 a page with search, and the page's first data is the /api answer", async () => {
    const admin = await cookie("admin");
    const res = await call(usersRoute.loader, "/api/admin/users?limit=25&page=1&q=wendy", { cookie: admin });
    const body = (await res.json()) as Json;
    expect(body.success).toBe(true);
    AdminUsersPage.parse(body);
    expect(body.data.map((u: Json) => u.email)).toEqual(["warehouse@goldengrain.test"]);
    expect(body.data[0]).toMatchObject({ roleId: "warehouse-employee", workerIds: [1] });
    const all = (await (await call(usersRoute.loader, "/api/admin/users", { cookie: admin })).json()) as Json;
    expect(all.data.length).toBeLessThanOrEqual(25);
    const page = (await usersPage.loader({ request: request("/admin/access/users", { cookie: admin }), context: ctx, params: {} } as never)) as Json;
    expect(page.users).toEqual(all);
  });

  it("saves only given fields, audits before/after, and the member's next request has the new role", async () => {
    const admin = await cookie("admin");
    const sales = await cookie("sales");
    expect(((await (await call(meRoute.loader, "/api/me", { cookie: sales })).json()) as Json).data.roleId).toBe("sales-rep");
    const res = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: "sales@goldengrain.test", roleId: "logistics-manager" }] });
    expect(res.status).toBe(200);
    expect(SavedUsers.parse(await res.json())[0]).toMatchObject({ email: "sales@goldengrain.test", roleId: "logistics-manager" });
    const me = ((await (await call(meRoute.loader, "/api/me", { cookie: sales })).json()) as Json).data;
    expect(me.roleId).toBe("logistics-manager");
    expect(me.grants.map((g: Json) => g.key)).toContain("orders:trucking");
    const [row] = await db.select().from(users).where(eq(users.email, "sales@goldengrain.test"));
    expect(row!.locationIds.length).toBeGreaterThan(0); // untouched
    const events = await audits("user", "sales@goldengrain.test");
    expect(events.at(-1)).toMatchObject({ actorEmail: "admin@goldengrain.test", action: "update", changes: [{ field: "roleId", before: "sales-rep", after: "logistics-manager" }] });
    await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: "sales@goldengrain.test", roleId: "sales-rep" }] });
  });

  it("a second editor with a stale version gets 409 with the current values, and nothing is written", async () => {
    const admin = await cookie("admin");
    const [row] = await db.select().from(users).where(eq(users.email, "driver@goldengrain.test"));
    const first = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: row!.email, orderTypes: ["Freight"], version: row!.version }] });
    expect(first.status).toBe(200);
    const second = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: row!.email, orderTypes: ["Will Call"], version: row!.version }] });
    expect(second.status).toBe(409);
    const body = (await second.json()) as Json;
    expect(body.error).toMatch(/changed this user/);
    expect(body.data[0]).toMatchObject({ email: row!.email, orderTypes: ["Freight"], version: row!.version + 1 });
    SavedUsersData.parse(body.data); // the screen shows the current rows from a 409's data
    expect((await db.select().from(users).where(eq(users.id, row!.id)))[0]!.orderTypes).toEqual(["Freight"]);
  });

  it("refuses unknown roles, locations, order types and emails, writing nothing", async () => {
    const admin = await cookie("admin");
    const before = await db.select().from(auditEvents);
    for (const [json, status] of [
      [[{ email: "sales@goldengrain.test", roleId: "superuser" }], 400],
      [[{ email: "sales@goldengrain.test", locationIds: ["MOON"] }], 400],
      [[{ email: "sales@goldengrain.test", orderTypes: ["Teleport"] }], 400],
      [[{ email: "nobody@goldengrain.test", roleId: "admin" }], 404],
      [[{ email: "sales@goldengrain.test", roleId: "admin" }, { email: "SALES@goldengrain.test", roleId: "admin" }], 400],
      [[], 400],
    ] as const) {
      const res = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json });
      expect(res.status, JSON.stringify(json)).toBe(status);
    }
    expect(await db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it("an admin cannot remove their own admin role, remove themselves, or remove the last admin", async () => {
    const admin = await cookie("admin");
    const own = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: "admin@goldengrain.test", roleId: "sales-rep" }] });
    expect(own.status).toBe(403);
    expect(((await own.json()) as Json).error).toBe("You cannot remove your own admin role.");
    const self = await call(userRoute.action, "/api/admin/users/admin%40goldengrain.test", { cookie: admin, method: "DELETE", params: { email: "admin@goldengrain.test" } });
    expect(self.status).toBe(403);
    // A second admin can demote the first only while another admin remains.
    await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: "logistics@goldengrain.test", roleId: "admin" }] });
    const second = await cookie("logistics");
    expect((await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: second, method: "PUT", json: [{ email: "admin@goldengrain.test", roleId: "sales-rep" }] })).status).toBe(200);
    expect((await db.select().from(users).where(eq(users.email, "admin@goldengrain.test")))[0]!.roleId).toBe("sales-rep");
    // The demoted admin's next request is refused at once.
    expect((await call(usersRoute.loader, "/api/admin/users", { cookie: admin })).status).toBe(403);
    await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: second, method: "PUT", json: [{ email: "admin@goldengrain.test", roleId: "admin" }] });
    const restored = await cookie("admin");
    await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: restored, method: "PUT", json: [{ email: "logistics@goldengrain.test", roleId: "logistics-manager" }] });
    const admins = await db.select().from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(roles.isAdmin, true));
    expect(admins.map((a) => a.users.email)).toEqual(["admin@goldengrain.test"]);
  });

  it("removes a member: their session ends, the removal is audited", async () => {
    const admin = await cookie("admin");
    const [target] = await db.insert(users).values({ email: "temp@goldengrain.test", name: "Temp", roleId: "sales-rep" }).returning();
    const theirs = await staffCookie(ctx.app, target!.email);
    const res = await call(userRoute.action, "/api/admin/users/temp%40goldengrain.test", { cookie: admin, method: "DELETE", params: { email: "temp@goldengrain.test" } });
    expect(res.status).toBe(200);
    expect((await call(meRoute.loader, "/api/me", { cookie: theirs })).status).toBe(401);
    expect((await audits("user", "temp@goldengrain.test")).at(-1)).toMatchObject({ action: "remove", changes: [{ field: "user", after: null }] });
  });

  it("linking a worker record gives the member that worker's assigned orders (the product's own scope)", async () => {
    const admin = await cookie("admin");
    // Marco's record carries marco@…; linking it to the driver-turned-warehouse member moves the e-mail.
    const [order] = await db.select().from(orders).limit(1);
    await assignOrder(db, order!.id, ["Marco Rossi"]);
    await db.insert(users).values({ email: "marco.staff@goldengrain.test", name: "Marco", roleId: "warehouse-employee" });
    const scopeBefore = (await (await call(scopeRoute.loader, "/api/admin/rbac/debug/orders-scope-test?email=marco.staff@goldengrain.test", { cookie: admin })).json()) as Json;
    expect(scopeBefore.data.rowScope.kind).toBe("assignment");
    const link = await call(bulkRoute.action, "/api/admin/users/bulk", { cookie: admin, method: "PUT", json: [{ email: "marco.staff@goldengrain.test", workerIds: [2] }] });
    expect(link.status).toBe(200);
    expect(((await link.json()) as Json).data[0].workerIds).toEqual([2]);
    const scope = (await (await call(scopeRoute.loader, "/api/admin/rbac/debug/orders-scope-test?email=marco.staff@goldengrain.test&limit=200", { cookie: admin })).json()) as Json;
    expect(scope.data.total).toBeGreaterThan(scopeBefore.data.total);
    expect(scope.data.sample.some((o: Json) => o.orderNumber === order!.orderNumber)).toBe(true);
    expect((await audits("worker", "2")).at(-1)).toMatchObject({ action: "link-user" });
  });
});

describe("roles, locations and lookups", () => {
  it("roles carry their grants; locations their groups and users count; lookups the ten order types", async () => {
    const admin = await cookie("admin");
    const rolesBody = (await (await call(rolesRoute.loader, "/api/rbac/roles", { cookie: admin })).json()) as Json;
    expect(rolesBody.data.find((r: Json) => r.id === "warehouse-employee").grants).toContainEqual({ key: "orders:view", scope: "assignment" });
    const locs = (await (await call(whLocsRoute.loader, "/api/warehouse-locations", { cookie: admin })).json()) as Json;
    expect(locs.success).toBe(true);
    expect(locs.data.find((l: Json) => l.id === "NY-MAIN")).toMatchObject({ name: "NY Main - Hicksville", groups: ["east", "primary"] });
    expect(locs.data.find((l: Json) => l.id === "NY-MAIN").usersCount).toBeGreaterThan(0);
    const lookups = (await (await call(lookupsRoute.loader, "/lookups", { cookie: admin })).json()) as Json;
    Lookups.parse(lookups);
    AdminLocationsAnswer.parse(await (await call(adminLocsRoute.loader, "/api/admin/locations", { cookie: admin })).json());
    expect(lookups.orderType).toHaveLength(10);
    expect(lookups.data.orderType).toEqual(lookups.orderType);
  });

  it("saves groups cleaned (trimmed, no duplicates), audited; unknown ids refused", async () => {
    const admin = await cookie("admin");
    const res = await call(groupsRoute.action, "/api/warehouses/locations/groups", { cookie: admin, method: "PUT", json: [{ id: "FL-DIST", groups: [" south ", "South", "", "seasonal"] }] });
    expect(res.status).toBe(200);
    const locs = (await (await call(locsRoute.loader, "/api/warehouses/locations", { cookie: admin })).json()) as Json;
    expect(locs.data.find((l: Json) => l.id === "FL-DIST").groups).toEqual(["south", "seasonal"]);
    expect((await audits("location", "FL-DIST")).at(-1)).toMatchObject({ changes: [{ field: "groups", before: ["south"], after: ["south", "seasonal"] }] });
    expect((await call(groupsRoute.action, "/api/warehouses/locations/groups", { cookie: admin, method: "PUT", json: [{ id: "MOON", groups: [] }] })).status).toBe(404);
  });
});

describe("workers", () => {
  it("creates with the default role, updates, refuses a bad email or stale version, deletes; all audited", async () => {
    const admin = await cookie("admin");
    const created = await call(workersRoute.action, "/api/warehouse-workers", { cookie: admin, method: "POST", json: { name: "Nina New", phoneNumber: "555", locationIds: ["NJ-WH"], orderTypes: [] } });
    expect(created.status).toBe(201);
    const w = WorkerAnswer.parse(await created.json());
    expect(w).toMatchObject({ name: "Nina New", role: "Warehouse Staff", active: true, orderTypes: [] });
    const bad = await call(workerRoute.action, `/api/warehouse-workers/${w._id}`, { cookie: admin, method: "PUT", json: { email: "not-an-email" }, params: { id: w._id } });
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as Json;
    expect(refused.error).toMatch(/valid email/);
    expect(Object.keys(refused.fieldErrors)).toEqual(["email"]); // the screen shows it under the Email field
    const upd = await call(workerRoute.action, `/api/warehouse-workers/${w._id}`, { cookie: admin, method: "PUT", json: { email: "nina@goldengrain.test", active: false, version: w.version }, params: { id: w._id } });
    expect(upd.status).toBe(200);
    const stale = await call(workerRoute.action, `/api/warehouse-workers/${w._id}`, { cookie: admin, method: "PUT", json: { name: "X", version: w.version }, params: { id: w._id } });
    expect(stale.status).toBe(409);
    expect(Worker.parse(((await stale.json()) as Json).data)).toMatchObject({ email: "nina@goldengrain.test", active: false });
    const list = WorkersAnswer.parse(await (await call(workersRoute.loader, "/api/warehouse-workers?active=false&q=555", { cookie: admin })).json());
    expect(list.map((x) => x.name)).toContain("Nina New");
    expect((await call(workerRoute.action, `/api/warehouse-workers/${w._id}`, { cookie: admin, method: "DELETE", params: { id: w._id } })).status).toBe(200);
    expect(await db.select().from(warehouseWorkers).where(eq(warehouseWorkers.id, Number(w._id)))).toHaveLength(0);
    expect((await audits("worker", w._id)).map((e) => e.action)).toEqual(["create", "update", "delete"]);
  });

  it("office staff still read the worker list (the Assignment step) but cannot create", async () => {
    const sales = await cookie("logistics");
    expect((await call(workersRoute.loader, "/api/warehouse-workers?active=true", { cookie: sales })).status).toBe(200);
    expect((await call(workersRoute.action, "/api/warehouse-workers", { cookie: sales, method: "POST", json: { name: "Eve" } })).status).toBe(403);
  });
});

describe("email routing", () => {
  it("saves default CC and per-warehouse routing; the release order's recipients follow at once", async () => {
    const admin = await cookie("admin");
    const json = {
      defaultCc: ["archive@goldengrain.test"],
      emailRouting: { "NJ-WH": { enabled: true, to: ["nj-dock@goldengrain.test"], cc: ["nj-lead@goldengrain.test"] }, "FL Distribution": { to: [], cc: [] } },
    };
    const res = await call(routingRoute.action, "/api/admin/email-routing", { cookie: admin, method: "PUT", json });
    expect(res.status).toBe(200);
    RoutingAnswer.parse(await res.json());
    const got = (await (await call(routingRoute.loader, "/api/admin/email-routing", { cookie: admin })).json()) as Json;
    expect(got.data).toEqual({ defaultCc: ["archive@goldengrain.test"], emailRouting: { "FL Distribution": { enabled: true, to: [], cc: [] }, "NJ-WH": json.emailRouting["NJ-WH"] } });
    const recipients = await pickListRecipients(ctx.app, { warehouseLocation: "NJ-WH" });
    expect(recipients).toMatchObject({ to: ["nj-dock@goldengrain.test"] });
    expect(recipients!.cc).toEqual(expect.arrayContaining(["nj-lead@goldengrain.test", "archive@goldengrain.test"]));
    expect((await audits("email_routing", "config")).length).toBeGreaterThan(0);
  });

  it("an invalid address refuses the save with its name, nothing written", async () => {
    const admin = await cookie("admin");
    const res = await call(routingRoute.action, "/api/admin/email-routing", { cookie: admin, method: "PUT", json: { defaultCc: ["bad@"], emailRouting: { "NY-MAIN": { enabled: true, to: ["x y@z.com"], cc: [] } } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toMatch(/Invalid email: bad@/);
    const got = (await (await call(routingRoute.loader, "/api/admin/email-routing", { cookie: admin })).json()) as Json;
    expect(got.data.defaultCc).toEqual(["archive@goldengrain.test"]);
  });
});

describe("passcodes", () => {
  it("lists without codes; creates hashed; refuses short or taken codes", async () => {
    const admin = await cookie("admin");
    const list = (await (await call(passcodeRoute.loader, "/api/picklist/passcode", { cookie: admin })).json()) as Json;
    expect(list.success).toBe(true);
    PasscodesAnswer.parse(list);
    expect(JSON.stringify(list)).not.toMatch(/RICE-2468|code_hash|codeHash/);
    const short = await call(passcodeRoute.action, "/api/picklist/passcode", { cookie: admin, method: "POST", json: { label: "Short", code: "12345", locations: [] } });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Json).error).toBe("Code must be at least 6 characters");
    const taken = await call(passcodeRoute.action, "/api/picklist/passcode", { cookie: admin, method: "POST", json: { label: "Dup", code: "RICE-2468", locations: [] } });
    expect(taken.status).toBe(409);
    const created = await call(passcodeRoute.action, "/api/picklist/passcode", { cookie: admin, method: "POST", json: { label: "Night shift", code: "NIGHT-7777", hoursValid: 10, locations: ["NJ-WH"] } });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Json;
    PasscodeAnswer.parse(body);
    expect(JSON.stringify(body)).not.toContain("NIGHT-7777");
    expect(body.data).toMatchObject({ label: "Night shift", active: true, locations: ["NJ-WH"], codeHint: "77" });
    expect(Date.parse(body.data.expiresAt) - Date.parse(body.data.createdAt)).toBeGreaterThan(9.9 * 3600_000);
    const [row] = await db.select().from(passcodes).where(eq(passcodes.id, body.data.id));
    expect(row!.codeHash).not.toContain("NIGHT");
    const login = await call(loginRoute.action, "/api/picklist/passcode/login", { method: "POST", json: { code: "NIGHT-7777" } });
    expect(login.status).toBe(200);
  });

  it("deactivating ends the passcode's live sessions at once; reactivate, edit warehouses, delete; all audited", async () => {
    const admin = await cookie("admin");
    const phone = await passcodeCookie(ctx.app, 1);
    expect(((await (await call(sessionRoute.loader, "/api/picklist/session", { cookie: phone })).json()) as Json).authenticated).toBe(true);
    expect((await call(deactivateRoute.action, "/api/picklist/passcode/deactivate", { cookie: admin, method: "POST", json: { id: 1 } })).status).toBe(200);
    expect(((await (await call(sessionRoute.loader, "/api/picklist/session", { cookie: phone })).json()) as Json).authenticated).toBe(false);
    // Reactivating does not bring the ended session back.
    expect((await call(reactivateRoute.action, "/api/picklist/passcode/reactivate", { cookie: admin, method: "POST", json: { id: 1 } })).status).toBe(200);
    expect(((await (await call(sessionRoute.loader, "/api/picklist/session", { cookie: phone })).json()) as Json).authenticated).toBe(false);
    const upd = await call(updateRoute.action, "/api/picklist/passcode/update", { cookie: admin, method: "POST", json: { id: 1, locations: ["NY-MAIN", "NJ-WH"] } });
    expect(((await upd.json()) as Json).data.locations).toEqual(["NY-MAIN", "NJ-WH"]);
    expect((await call(updateRoute.action, "/api/picklist/passcode/update", { cookie: admin, method: "POST", json: { id: 1, locations: ["MOON"] } })).status).toBe(400);
    expect((await call(deactivateRoute.action, "/api/picklist/passcode/deactivate", { cookie: admin, method: "POST", json: { id: 999 } })).status).toBe(404);
    const other = await passcodeCookie(ctx.app, 4);
    expect((await call(passcodeIdRoute.action, "/api/picklist/passcode/4", { cookie: admin, method: "DELETE", params: { id: "4" } })).status).toBe(200);
    expect(((await (await call(sessionRoute.loader, "/api/picklist/session", { cookie: other })).json()) as Json).authenticated).toBe(false);
    expect((await audits("passcode", "1")).map((e) => e.action)).toEqual(["deactivate", "reactivate", "update-locations"]);
    expect((await audits("passcode", "4")).map((e) => e.action)).toEqual(["delete"]);
  });
});

describe("RBAC debug", () => {
  it("effective grants, the orders scope diagnostic through the product's scope, flush and upsert", async () => {
    const admin = await cookie("admin");
    const grants = (await (await call(grantsRoute.loader, "/api/admin/rbac/debug/effective-grants?email=driver@goldengrain.test", { cookie: admin })).json()) as Json;
    expect(grants.data).toMatchObject({ roleId: "delivery-driver", isAdmin: false });
    expect(Array.isArray(grants.data.allowedLocs)).toBe(true);
    expect(grants.data.scopes["orders:view"].kind).toBe("location");
    const scope = (await (await call(scopeRoute.loader, "/api/admin/rbac/debug/orders-scope-test?email=driver@goldengrain.test&limit=200", { cookie: admin })).json()) as Json;
    expect(scope.data).toMatchObject({ scope: "@location", leakedLocations: [], limit: 200 });
    // The diagnostic's count is what the driver's own list call reaches.
    const { listOrders } = await import("~/services/orders.server");
    const { getStaffViewer } = await import("~/lib/session.server");
    const driverViewer = (await getStaffViewer(request("/", { cookie: await cookie("driver") }), ctx.app))!;
    const { orderListQuerySchema } = await import("~/domain/orders/query");
    const own = await listOrders(ctx.app, driverViewer, orderListQuerySchema.parse({ limit: "1" }));
    expect(scope.data.total).toBe(own.pagination.total);
    expect((await call(scopeRoute.loader, "/api/admin/rbac/debug/orders-scope-test?email=nobody@x.test", { cookie: admin })).status).toBe(404);
    expect((await call(scopeRoute.loader, "/api/admin/rbac/debug/orders-scope-test?email=admin@goldengrain.test&limit=201", { cookie: admin })).status).toBe(400);
    const flush = (await (await call(flushRoute.action, "/api/admin/rbac/cache/flush", { cookie: admin, method: "POST" })).json()) as Json;
    expect(flush.success).toBe(true);
    await db.update(roles).set({ name: "Broken" }).where(eq(roles.id, "warehouse-employee"));
    expect((await call(upsertRoute.action, "/api/admin/rbac/role/warehouse-employee/upsert", { cookie: admin, method: "POST" })).status).toBe(200);
    expect((await db.select().from(roles).where(eq(roles.id, "warehouse-employee")))[0]!.name).toBe("Warehouse Employee");
    expect((await audits("role", "warehouse-employee")).length).toBe(1);
  });
});

describe("the Products & Barcodes and Short Reasons screens read the real answers by their contracts", () => {
  it("products page, bin, barcode add and remove; reasons list, add and update", async () => {
    const admin = await cookie("admin");
    const page = ProductPage.parse(await (await call(productsRoute.loader, "/api/admin/products?page=1", { cookie: admin })).json());
    const sku = page.data[0]!.sku;
    const params = { sku };
    const bin = await call(productRoute.action, `/api/admin/products/${sku}`, { cookie: admin, method: "PUT", json: { bin: "Z-09-1" }, params });
    expect(ProductAnswer.parse(await bin.json()).bin).toBe("Z-09-1");
    const added = await call(barcodesRoute.action, `/api/admin/products/${sku}/barcodes`, { cookie: admin, method: "POST", json: { code: "CONTRACT-CASE-1", kind: "case", quantity: 6 }, params });
    expect(added.status).toBe(201);
    const withCode = ProductAnswer.parse(await added.json());
    const code = withCode.barcodes.find((b) => b.code === "CONTRACT-CASE-1")!;
    expect(code).toMatchObject({ kind: "case", quantity: 6 });
    const removed = await call(barcodeRoute.action, `/api/admin/products/${sku}/barcodes/${code.id}`, { cookie: admin, method: "DELETE", params: { sku, id: String(code.id) } });
    expect(ProductAnswer.parse(await removed.json()).barcodes.map((b) => b.code)).not.toContain("CONTRACT-CASE-1");

    const reasons = ShortReasonsAnswer.parse(await (await call(reasonsRoute.loader, "/api/admin/short-reasons", { cookie: admin })).json());
    const made = await call(reasonsRoute.action, "/api/admin/short-reasons", { cookie: admin, method: "POST", json: { label: "Contract check", action: "none" } });
    expect(made.status).toBe(201);
    const reason = ShortReasonAnswer.parse(await made.json());
    const moved = await call(reasonRoute.action, `/api/admin/short-reasons/${reason.id}`, { cookie: admin, method: "PUT", json: { active: false, version: reason.version }, params: { id: String(reason.id) } });
    const after = ShortReasonsAnswer.parse(await moved.json());
    expect(after).toHaveLength(reasons.length + 1);
    expect(after.find((r) => r.id === reason.id)).toMatchObject({ active: false });
  });
});
