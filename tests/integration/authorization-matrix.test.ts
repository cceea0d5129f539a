// The authorization matrix, written from the spec (000 §2 and §7, 001 §6 and §7, 002 §5 and §7) and
// docs/decisions/010-field-visibility.md, independent of app/domain/access/roles.ts and the guard:
// - who may call each route of the Remix route manifest (every route must be in ACCESS, or this fails);
// - which orders each viewer reaches through every order door (the same answer at every door);
// - which order fields each viewer may never receive.
// Every role, both passcode kinds (one warehouse, every warehouse) and an anonymous visitor.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders, passcodes, users } from "../../db/schema";
import { AREAS, listedFor } from "~/domain/access/areas";
import type { Policy } from "~/domain/access/policy";
import { POLICY_DENIAL_HEADER } from "~/lib/guard.server";
import { getViewer } from "~/lib/session.server";
import { assignOrder, createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

const manifest = flatRoutes("app", ["**/*.test.*", "**/queries.ts", "**/components/**"]);
const routeModules = import.meta.glob("../../app/routes/**/*.{ts,tsx}");

type Who = "admin" | "logistics" | "sales" | "warehouse" | "driver" | "passcode-ny" | "passcode-all" | "anonymous";
const WHO: Who[] = ["admin", "logistics", "sales", "warehouse", "driver", "passcode-ny", "passcode-all", "anonymous"];
const STAFF: Who[] = ["admin", "logistics", "sales", "warehouse", "driver"];
const PASSCODES: Who[] = ["passcode-ny", "passcode-all"];
const OFFICE: Who[] = ["admin", "logistics", "sales"];
const MANAGERS: Who[] = ["admin", "logistics"];
const TASK_ROLES: Who[] = ["admin", "logistics", "sales", "warehouse", "driver"];
const ORDER_VIEWERS: Who[] = ["admin", "logistics", "sales", "warehouse", "driver"];
const PICKERS: Who[] = ["admin", "logistics", "warehouse", ...PASSCODES];
const RETURN_VIEWERS: Who[] = ["admin", "logistics", "sales", "driver"];

/**
 * Who gets past each route's door. `anyone`: public (the route's own credential decides, e.g. a signed
 * link). `integration-key`: no session at all (only a bearer integration key, issue 21), so every viewer
 * here, an admin included, is asked for credentials (401). `staffOnly`: a phone with only a passcode
 * session is asked to sign in, like an anonymous visitor.
 */
type Access = { who: Who[] | "anyone" | "integration-key"; staffOnly?: boolean };
const ACCESS: Record<string, Access> = {
  "routes/$": { who: "anyone" },
  "routes/login": { who: "anyone" },
  "routes/logout": { who: "anyone" },
  "routes/auth.google": { who: "anyone" },
  "routes/auth.google_.callback": { who: "anyone" },
  "routes/auth.complete": { who: STAFF, staffOnly: true },
  "routes/files.$key": { who: "anyone" },
  "routes/images.products.$file": { who: "anyone" },
  "routes/pick-list": { who: "anyone" }, // the screen's own gate asks for a session or a passcode
  "routes/_app": { who: [...STAFF, ...PASSCODES] },
  "routes/_app._index": { who: [...STAFF, ...PASSCODES] },
  "routes/_app.outbox": { who: [...STAFF, ...PASSCODES] }, // this phone's kept writes (issue 23)
  "routes/_app.customer-service": { who: STAFF, staffOnly: true },
  "routes/_app.payment-tracking": { who: STAFF, staffOnly: true },
  "routes/_app.dev.mail": { who: ["admin"], staffOnly: true },
  "routes/_app.order-tracking": { who: ORDER_VIEWERS },
  "routes/_app.pick-list-check": { who: [...OFFICE, "warehouse", ...PASSCODES] },
  "routes/api.$": { who: "anyone" },
  "routes/api.me": { who: [...STAFF, ...PASSCODES] },
  "routes/api.users.seen": { who: STAFF, staffOnly: true },
  "routes/api.session.login": { who: "anyone" },
  "routes/api.picklist.passcode.login": { who: "anyone" },
  "routes/api.picklist.session": { who: "anyone" },
  "routes/api.order-trackers": { who: ORDER_VIEWERS },
  "routes/api.order-trackers.kpis": { who: ORDER_VIEWERS },
  "routes/api.order-trackers.export": { who: ORDER_VIEWERS }, // the list as CSV (docs/decisions/031-import-export.md)
  "routes/api.order-trackers.$id": { who: OFFICE }, // the edit stepper's save
  "routes/api.order-trackers.$id.history": { who: ORDER_VIEWERS },
  "routes/api.order-trackers.$id.release-order": { who: OFFICE }, // spec 001 §6: picklists:print
  "routes/api.order-trackers.pick-lists": { who: OFFICE }, // batch print as one PDF (issue 24): picklists:print
  "routes/api.order-trackers.$id.release-order.email": { who: OFFICE },
  "routes/api.order-trackers.$id.release-order.email-enable": { who: MANAGERS }, // spec 001 §6
  "routes/api.order-trackers.$id.release-order.exists": { who: ORDER_VIEWERS },
  "routes/api.order-trackers.$id.release-order.status": { who: ORDER_VIEWERS },
  // Dock documents (spec 001 §6–§7, docs/decisions/016-dock-documents.md): BOL loading needs bol:view (creating,
  // bol:create, is the handler's 403); Will Call willcall:create; capture writes warehouse:capture, reads also
  // the office (orders:update).
  "routes/api.order-trackers.$id.bol": { who: OFFICE },
  "routes/api.order-trackers.$id.will-call": { who: ["admin", "logistics", "warehouse"] },
  "routes/api.warehouse.$id.capture": { who: [...OFFICE, "warehouse"] },
  "routes/api.warehouse.$id.capture.attachments": { who: ["admin", "warehouse"] },
  "routes/api.sales-orders.by-order-number.$orderNumber": { who: [...ORDER_VIEWERS, ...PASSCODES] },
  "routes/api.inventory-summary.by-order-number.$orderNumber": { who: [...ORDER_VIEWERS, ...PASSCODES] },
  "routes/api.picklists.$orderNumber.logs": { who: PICKERS },
  "routes/api.picklists.$orderNumber.room": { who: PICKERS },
  "routes/api.picklists.$orderNumber.verify": { who: PICKERS },
  "routes/api.picklists.$orderNumber.complete": { who: PICKERS },
  "routes/api.picklists.short-reasons": { who: PICKERS }, // issue 13: the reasons a short pick may give
  "routes/api.warehouse-workers": { who: OFFICE }, // the Assignment step of the edit
  "routes/api.warehouse-workers.export": { who: OFFICE }, // the list as CSV: the same people as the list
  "routes/api.warehouse-workers.options": { who: OFFICE },
  "routes/api.tasks": { who: TASK_ROLES },
  "routes/api.tasks.read-all": { who: TASK_ROLES },
  "routes/api.tasks.clear-completed": { who: TASK_ROLES },
  "routes/api.delivery.$orderId.need-help": { who: ["admin", "driver"] }, // spec 000: drivers' Help
  "routes/api.delivery.unknown.issue-photo": { who: ["admin", "driver"] },
  // Issue 8 / spec 001 §6-7: the driver's wizard (delivery:perform); the office looks up delivery orders.
  "routes/api.delivery.$orderId.address": { who: ["admin", "logistics", "sales", "driver"] },
  "routes/api.delivery.$orderId.meta": { who: ["admin", "logistics", "sales", "driver"] },
  "routes/api.delivery.$orderId.do": { who: ["admin", "logistics", "sales", "driver"] },
  "routes/api.delivery.$orderId.proof-link": { who: ["admin", "logistics", "sales", "driver"] },
  "routes/api.delivery.$orderId.out-for-delivery": { who: ["admin", "driver"] },
  "routes/api.delivery.$orderId.cod-proof": { who: ["admin", "driver"] },
  "routes/api.delivery.$orderId.issue-photo": { who: ["admin", "driver"] },
  "routes/api.delivery.$orderId.complete": { who: ["admin", "driver"] },
  "routes/api.delivery.today": { who: ["admin", "driver"] },
  "routes/api.delivery.settings": { who: ["admin"] }, // required proof per order type
  // Issue 24: the day's route plan (planners see all drivers, a driver his own day); saving a day is the planners' only (its policy refuses a driver).
  "routes/api.delivery.routes": { who: ["admin", "logistics", "driver"] },
  "routes/api.delivery.routes.$driverId": { who: ["admin", "logistics"] },
  "routes/api.delivery.my-route": { who: ["admin", "driver"] },
  "routes/_app.delivery-routes": { who: MANAGERS }, // planning drivers' routes
  "routes/proof.$token": { who: "anyone" }, // the customer's proof link: the signed token decides
  "routes/_app.delivery-settings": { who: ["admin"] },
  // Spec 000 §2 / 001 §2: QuickBooks Customers for admin, logistics-manager and sales-rep (customers:view);
  // connecting QuickBooks is an admin's (docs/decisions/011-quickbooks.md).
  "routes/_app.quickbooks-customers": { who: OFFICE },
  "routes/api.qb.customers": { who: OFFICE },
  "routes/api.qb.customers.$id": { who: OFFICE },
  "routes/api.qb.ensure-auth": { who: OFFICE },
  "routes/api.qb.oauth.start": { who: ["admin"] },
  "routes/api.qb.oauth.callback": { who: ["admin"] },
  // Spec 002 §6 and DESIGN §8: reports per grant, enforced on the server (docs/decisions/015-reports.md).
  // A route open to viewing and creating lets both through its door; each method then checks its own grant.
  "routes/_app.reports._index": { who: [...MANAGERS, "warehouse"] },
  "routes/_app.reports.stock-transfer.new": { who: [...MANAGERS, "warehouse"] },
  "routes/_app.reports.stock-transfer._index": { who: MANAGERS }, // the warehouse employee's hidden list is refused too
  "routes/_app.reports.devanning.new": { who: [...MANAGERS, "warehouse"] },
  "routes/_app.reports.devanning._index": { who: MANAGERS },
  "routes/api.stock-transfer-reports": { who: [...MANAGERS, "warehouse"] },
  "routes/api.stock-transfer-reports.export": { who: MANAGERS }, // the list as CSV: view grant only
  "routes/api.stock-transfer-reports.$id": { who: MANAGERS },
  "routes/api.stock-transfer-reports.$id.status": { who: MANAGERS },
  "routes/api.stock-transfer-reports.$id.pdf": { who: MANAGERS },
  "routes/api.stock-transfer-reports.photos.$": { who: MANAGERS },
  "routes/api.devanning-reports": { who: [...MANAGERS, "warehouse"] },
  "routes/api.devanning-reports.export": { who: MANAGERS }, // the list as CSV: view grant only
  "routes/api.devanning-reports.upload-photos": { who: [...MANAGERS, "warehouse"] },
  "routes/api.devanning-reports.$id": { who: MANAGERS },
  "routes/api.devanning-reports.$id.approve": { who: MANAGERS },
  "routes/api.devanning-reports.$id.pdf": { who: MANAGERS },
  "routes/api.devanning-reports.photos.$": { who: MANAGERS },
  // Spec 002 §2 and §7: the admin panel, its redirects and every call it makes, admins only
  // (docs/decisions/013-admin-panel.md); the worker list stays open to those who assign orders (POST is
  // refused inside the route for non-admins).
  "routes/admin-access": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access._index": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.users": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.locations": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.workers": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.products": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.short-reasons": { who: ["admin"], staffOnly: true },
  "routes/api.admin.products": { who: ["admin"], staffOnly: true },
  "routes/api.admin.products.$sku": { who: ["admin"], staffOnly: true },
  "routes/api.admin.products.$sku.barcodes": { who: ["admin"], staffOnly: true },
  "routes/api.admin.products.$sku.barcodes.$id": { who: ["admin"], staffOnly: true },
  "routes/api.admin.short-reasons": { who: ["admin"], staffOnly: true },
  "routes/api.admin.short-reasons.$id": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.email-routing": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.picklist-passcodes": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.rbac-debug": { who: ["admin"], staffOnly: true },
  "routes/api.admin.users": { who: ["admin"], staffOnly: true },
  "routes/api.admin.users.export": { who: ["admin"], staffOnly: true },
  "routes/api.admin.imports.check": { who: ["admin"], staffOnly: true }, // the CSV import (decision 031)
  "routes/api.admin.imports.run": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.imports": { who: ["admin"], staffOnly: true },
  "routes/api.admin.users.bulk": { who: ["admin"], staffOnly: true },
  "routes/api.admin.users.$email": { who: ["admin"], staffOnly: true },
  "routes/api.rbac.roles": { who: ["admin"], staffOnly: true },
  "routes/api.warehouses.locations": { who: ["admin"], staffOnly: true },
  "routes/api.warehouses.locations.groups": { who: ["admin"], staffOnly: true },
  "routes/api.warehouse-locations": { who: ["admin"], staffOnly: true },
  "routes/api.admin.locations": { who: ["admin"], staffOnly: true },
  "routes/lookups": { who: ["admin"], staffOnly: true },
  "routes/api.warehouse-workers.$id": { who: ["admin"], staffOnly: true },
  "routes/api.admin.rbac.debug.effective-grants": { who: ["admin"], staffOnly: true },
  "routes/api.admin.rbac.debug.orders-scope-test": { who: ["admin"], staffOnly: true },
  "routes/api.admin.rbac.cache.flush": { who: ["admin"], staffOnly: true },
  "routes/api.admin.rbac.role.warehouse-employee.upsert": { who: ["admin"], staffOnly: true },
  "routes/api.admin.email-routing": { who: ["admin"], staffOnly: true },
  "routes/api.picklist.passcode": { who: ["admin"], staffOnly: true },
  "routes/api.picklist.passcode.deactivate": { who: ["admin"], staffOnly: true },
  "routes/api.picklist.passcode.reactivate": { who: ["admin"], staffOnly: true },
  "routes/api.picklist.passcode.update": { who: ["admin"], staffOnly: true },
  "routes/api.picklist.passcode.$id": { who: ["admin"], staffOnly: true },
  // Spec 000 §2: Return Forms for everyone but the warehouse (returns:view); decisions and receiving for
  // returns:update (admin, logistics-manager); the reason list is the admin's. Customers' forms are public.
  "routes/api.return-requests": { who: RETURN_VIEWERS },
  "routes/api.return-requests.export": { who: RETURN_VIEWERS },
  "routes/api.return-requests.kpis": { who: RETURN_VIEWERS },
  "routes/api.return-requests.$id": { who: RETURN_VIEWERS },
  "routes/api.return-requests.$id.items.$index.images": { who: RETURN_VIEWERS },
  "routes/api.return-requests.$id.status": { who: MANAGERS },
  "routes/api.return-requests.$id.items.$index.status": { who: MANAGERS },
  "routes/api.return-requests.$id.receiving": { who: MANAGERS },
  "routes/api.return-reasons": { who: RETURN_VIEWERS }, // adding one is the admin's (checked in the service)
  "routes/api.return-reasons.$id": { who: ["admin"], staffOnly: true },
  "routes/request-return": { who: "anyone" },
  "routes/api.public.return-requests": { who: "anyone" }, // rate limited per connection
  "routes/_app.return-forms": { who: RETURN_VIEWERS },
  // Customer Applications for the office (applications:view); Approve/Decline and Edit are the admin's.
  "routes/api.applications": { who: OFFICE },
  "routes/api.applications.export": { who: OFFICE },
  "routes/api.applications.kpis": { who: OFFICE },
  "routes/api.applications.$id": { who: OFFICE }, // PATCH (edit) needs applications:edit, checked in the route
  "routes/api.applications.$id.files": { who: OFFICE },
  "routes/api.applications.$id.decision": { who: ["admin"] },
  "routes/submit-feedback": { who: ["admin"] },
  "routes/apply": { who: "anyone" },
  "routes/api.public.applications": { who: "anyone" }, // rate limited per connection
  "routes/_app.customer-applications": { who: OFFICE },
  // Issue 21 (docs/decisions/030-integration-api.md): the company's systems send with a bearer integration key;
  // the keys themselves are the admin's.
  "routes/api.integrations.orders": { who: "integration-key" },
  "routes/api.integrations.products": { who: "integration-key" },
  "routes/api.integrations.stock": { who: "integration-key" },
  "routes/api.integrations.locations": { who: "integration-key" },
  "routes/api.integrations.keys": { who: ["admin"], staffOnly: true },
  "routes/api.integrations.keys.$id": { who: ["admin"], staffOnly: true },
  "routes/api.integrations.keys.$id.rotate": { who: ["admin"], staffOnly: true },
  "routes/api.integrations.keys.$id.revoke": { who: ["admin"], staffOnly: true },
  "routes/_app.admin.access.integrations": { who: ["admin"], staffOnly: true },
};

/** Paths that hold data no one but an admin may reach, whatever a route module says. */
const ADMIN_ONLY = [/^\/admin(\/|$)/, /^\/api\/admin\//, /^\/api\/rbac\//, /^\/dev\//];

function samplePath(path: string | undefined) {
  return "/" + (path ?? "").replace(/:(\w+)\??/g, (_m, name) => (name === "orderId" || name === "id" ? "1" : "SO-100001")).replace(/\*$/, "missing");
}

function fullPath(id: string): string {
  const segments: string[] = [];
  let route: (typeof manifest)[string] | undefined = manifest[id];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? manifest[route.parentId] : undefined;
  }
  return samplePath(segments.join("/"));
}

/** A refusal by the route's policy (the guard marks them); row-level 403/404 answers are the route's own. */
function denial(res: unknown): "unauthenticated" | "forbidden" | null {
  if (!(res instanceof Response) || res.headers.get(POLICY_DENIAL_HEADER) !== "policy") return null;
  if (res.status === 401) return "unauthenticated";
  if (res.status === 403) return "forbidden";
  if (res.status >= 300 && res.status < 400 && (res.headers.get("location") ?? "").startsWith("/login?redirectTo=")) return "unauthenticated";
  return null;
}

const routes = Object.entries(manifest)
  .filter(([id]) => id !== "root")
  .map(([id, route]) => ({ id, file: `../../app/${route.file}`, path: fullPath(id) }));

type RouteModule = { policy?: Policy; loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };
const load = async (file: string) => (await routeModules[file]!()) as RouteModule;

let ctx: ReturnType<typeof createTestContext>;
let passcodeIds: Record<"passcode-ny" | "passcode-all", number>;

const EMAIL: Record<string, string> = {
  admin: "admin@goldengrain.test",
  logistics: "logistics@goldengrain.test",
  sales: "sales@goldengrain.test",
  warehouse: "warehouse@goldengrain.test",
  driver: "driver@goldengrain.test",
};

/** A fresh session per check: a route like /logout ends the session it is called with. */
async function cookieFor(who: Who): Promise<string | undefined> {
  if (who === "anonymous") return undefined;
  if (who === "passcode-ny" || who === "passcode-all") return passcodeCookie(ctx.app, passcodeIds[who]);
  return staffCookie(ctx.app, EMAIL[who]!);
}

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db);
  const codes = await db.select({ id: passcodes.id, locations: passcodes.locations, active: passcodes.active }).from(passcodes);
  const ny = codes.find((c) => c.active && c.locations.length === 1 && c.locations[0] === "NY-MAIN");
  const all = codes.find((c) => c.active && c.locations.length === 0);
  if (!ny || !all) throw new Error("the seed must have an NY-MAIN passcode and an every-warehouse passcode");
  passcodeIds = { "passcode-ny": ny.id, "passcode-all": all.id };
}, 60_000);

describe("every route is in the matrix and declares a policy", () => {
  it("finds the routes of the manifest", () => {
    expect(routes.length).toBeGreaterThan(40);
  });
  it("the table names only routes that exist", () => {
    const ids = new Set(routes.map((r) => r.id));
    expect(Object.keys(ACCESS).filter((id) => !ids.has(id))).toEqual([]);
  });
  for (const route of routes) {
    it(`${route.id} is in the table and exports a policy`, async () => {
      expect(ACCESS[route.id], `${route.id} is missing from ACCESS: write who may call it, from the spec`).toBeDefined();
      const mod = await load(route.file);
      expect(mod.policy, `${route.id} has no exported policy`).toBeDefined();
      if (ADMIN_ONLY.some((re) => re.test(route.path))) expect(["admin", "local-admin"]).toContain(mod.policy!.kind);
      // Every module answers every method cleanly: a loader, and an action (a 405 where it takes no writes).
      expect(typeof mod.loader, `${route.id} has no loader`).toBe("function");
      expect(typeof mod.action, `${route.id} has no action (a POST would get Remix's message naming the route)`).toBe("function");
    });
  }
});

describe("every loader and action lets in exactly who the spec says", () => {
  for (const route of routes) {
    for (const who of WHO) {
      it(`${route.id} as ${who}`, async () => {
        const access = ACCESS[route.id];
        if (!access) throw new Error(`${route.id} is missing from ACCESS`);
        const mod = await load(route.file);
        for (const [kind, handler, method] of [
          ["loader", mod.loader, "GET"],
          ["action", mod.action, "POST"],
        ] as const) {
          if (!handler) continue;
          const req = request(route.path, { method, cookie: await cookieFor(who), ...(method === "POST" ? { json: {} } : {}) });
          const res = await settle(() => handler({ request: req, context: ctx, params: paramsFor(route.path) }));
          const denied = denial(res);
          if (access.who === "anyone") {
            expect(denied, `${kind} of ${route.id} refused ${who}`).toBeNull();
          } else if (access.who === "integration-key") {
            expect(denied, `${kind} of ${route.id} let ${who} in with a session`).toBe("unauthenticated");
          } else if (access.who.includes(who)) {
            expect(denied, `${kind} of ${route.id} refused ${who}`).toBeNull();
          } else {
            const asksToSignIn = who === "anonymous" || (PASSCODES.includes(who) && access.staffOnly);
            expect(denied, `${kind} of ${route.id} let ${who} in`).toBe(asksToSignIn ? "unauthenticated" : "forbidden");
          }
        }
      });
    }
  }
});

// The area registry (docs/decisions/032-area-registry.md) lists each area's nav entry, card and shortcuts for a
// viewer by its route's policy; this table, written from the spec, must let in everyone it lists them for.
describe("the area registry lists an area only for viewers this table lets in", () => {
  for (const area of AREAS) {
    it(`${area.id} (${area.route})`, async () => {
      const access = ACCESS[area.route];
      expect(access, `${area.route} is missing from ACCESS`).toBeDefined();
      for (const who of WHO) {
        const cookie = await cookieFor(who);
        const viewer = cookie ? await getViewer(request("/", { cookie }), ctx.app) : null;
        if (!viewer || !listedFor(viewer, area) || access!.who === "anyone") continue;
        expect(access!.who, `${area.id} is listed for ${who}`).toContain(who);
      }
    });
  }
});

function paramsFor(path: string): Record<string, string> {
  // Route params by name are not needed for the guard; handlers that read them get plausible values.
  return { orderId: "1", id: "1", key: "missing", orderNumber: "SO-100001", order: "SO-100001", file: "JAS-25.svg", "*": path.slice(1) };
}

// ---------------------------------------------------------------- rows and fields

type Order = typeof orders.$inferSelect;

const DELIVERY_TYPES = (type: string) => /delivery$/i.test(type);

/**
 * Which orders each viewer reaches, from the spec: the office every order; a warehouse employee the orders
 * whose labels name her linked worker record (Wendy Warehouse, warehouse@…: e-mail, name or first name as
 * whole words); a driver the delivery types (or their own order types) at their locations; a passcode its
 * warehouses.
 */
function reaches(who: Who, order: Order, driver: { locationIds: string[]; orderTypes: string[] }): boolean {
  switch (who) {
    case "admin":
    case "logistics":
    case "sales":
    case "passcode-all":
      return true;
    case "passcode-ny":
      return order.warehouseLocation === "NY-MAIN";
    case "warehouse":
      return order.warehouseAssignment.some((label) => /\b(wendy|warehouse@goldengrain\.test)\b/i.test(label));
    case "driver": {
      const typeOk = driver.orderTypes.length ? driver.orderTypes.includes(order.orderType) : DELIVERY_TYPES(order.orderType);
      return typeOk && (!driver.locationIds.length || driver.locationIds.includes(order.warehouseLocation));
    }
    default:
      return false;
  }
}

/** Fields each viewer never receives, in any answer (docs/decisions/010-field-visibility.md). */
const HIDDEN: Record<Who, string[]> = {
  admin: [],
  logistics: [],
  sales: [],
  driver: ["truckingCompany"],
  warehouse: ["paymentStatus", "trackingPaymentStatus", "truckingCompany", "totalCents", "total", "unitPrice", "unitPriceCents"],
  "passcode-ny": ["paymentStatus", "trackingPaymentStatus", "truckingCompany", "totalCents", "total", "unitPrice", "unitPriceCents"],
  "passcode-all": ["paymentStatus", "trackingPaymentStatus", "truckingCompany", "totalCents", "total", "unitPrice", "unitPriceCents"],
  anonymous: [],
};

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

/** Every door to one order that reads (GET) or writes nothing lasting, with the route it needs. */
const ORDER_DOORS: { route: string; method: "GET" | "POST"; path: (o: Order) => string; params: (o: Order) => Record<string, string>; json?: unknown; outside?: 403 }[] = [
  { route: "routes/api.order-trackers.$id.history", method: "GET", path: (o) => `/api/order-trackers/${o.orderNumber}/history`, params: (o) => ({ id: o.orderNumber }) },
  { route: "routes/api.order-trackers.$id.release-order.exists", method: "GET", path: (o) => `/api/order-trackers/${o.id}/release-order/exists`, params: (o) => ({ id: String(o.id) }) },
  { route: "routes/api.order-trackers.$id.release-order.status", method: "GET", path: (o) => `/api/order-trackers/${o.id}/release-order/status`, params: (o) => ({ id: String(o.id) }) },
  { route: "routes/api.sales-orders.by-order-number.$orderNumber", method: "GET", path: (o) => `/api/sales-orders/by-order-number/${o.orderNumber}?include=lines`, params: (o) => ({ orderNumber: o.orderNumber }) },
  { route: "routes/api.inventory-summary.by-order-number.$orderNumber", method: "GET", path: (o) => `/api/inventory-summary/by-order-number/${o.orderNumber}`, params: (o) => ({ orderNumber: o.orderNumber }) },
  { route: "routes/api.picklists.$orderNumber.logs", method: "GET", path: (o) => `/api/picklists/${o.orderNumber}/logs`, params: (o) => ({ orderNumber: o.orderNumber }) },
  { route: "routes/api.picklists.$orderNumber.room", method: "GET", path: (o) => `/api/picklists/${o.orderNumber}/room`, params: (o) => ({ orderNumber: o.orderNumber }) },
  // A verify with no items is a 400 for an order one may pick, and a 404 for any other: it writes nothing.
  { route: "routes/api.picklists.$orderNumber.verify", method: "POST", path: (o) => `/api/picklists/${o.orderNumber}/verify`, params: (o) => ({ orderNumber: o.orderNumber }), json: { pickedItems: [{ lineItemId: "LI-none", quantityPicked: 1 }] } },
  { route: "routes/api.order-trackers.$id.bol", method: "GET", path: (o) => `/api/order-trackers/${o.id}/bol`, params: (o) => ({ id: String(o.id) }) },
  { route: "routes/api.warehouse.$id.capture", method: "GET", path: (o) => `/api/warehouse/${o.id}/capture`, params: (o) => ({ id: String(o.id) }) },
  // Spec 001 §6: the delivery calls answer 403 'Not authorized for this order' for an order outside the driver's scope.
  { route: "routes/api.delivery.$orderId.meta", method: "GET", path: (o) => `/api/delivery/${o.id}/meta`, params: (o) => ({ orderId: String(o.id) }), outside: 403 },
  { route: "routes/api.delivery.$orderId.address", method: "GET", path: (o) => `/api/delivery/${o.orderNumber}/address`, params: (o) => ({ orderId: o.orderNumber }), outside: 403 },
  { route: "routes/api.delivery.$orderId.need-help", method: "POST", path: (o) => `/api/delivery/${o.id}/need-help`, params: (o) => ({ orderId: String(o.id) }), json: { note: "matrix" }, outside: 403 },
];

describe("one scope for every door: the same viewer and order get the same answer everywhere", () => {
  let sample: Order[];
  let driver: { locationIds: string[]; orderTypes: string[] };

  beforeAll(async () => {
    const db = ctx.app.db;
    const all = await db.select().from(orders).orderBy(asc(orders.id));
    // An order of each warehouse and type, plus one assigned to the warehouse employee and one that is not.
    const picked = new Map<string, Order>();
    for (const o of all) picked.set(`${o.warehouseLocation}|${o.orderType}`, picked.get(`${o.warehouseLocation}|${o.orderType}`) ?? o);
    const mine = all.find((o) => o.warehouseLocation === "NJ-WH" && !o.warehouseAssignment.some((l) => /wendy/i.test(l)))!;
    await assignOrder(db, mine.id, ["Wendy Warehouse"]);
    mine.warehouseAssignment = ["Wendy Warehouse"];
    sample = [...picked.values(), mine];
    const [d] = await db.select({ locationIds: users.locationIds, orderTypes: users.orderTypes }).from(users).where(eq(users.email, EMAIL.driver!));
    driver = d!;
    expect(sample.length).toBeGreaterThan(10);
  });

  for (const who of WHO.filter((w) => w !== "anonymous")) {
    it(`${who}: every order door answers alike, and no hidden field comes back`, async () => {
      const hidden = HIDDEN[who];
      for (const door of ORDER_DOORS) {
        const access = ACCESS[door.route]!;
        if (access.who === "anyone" || !access.who.includes(who)) continue;
        const mod = await load(`../../app/${manifest[door.route]!.file}`);
        for (const order of sample) {
          const handler = door.method === "GET" ? mod.loader! : mod.action!;
          const req = request(door.path(order), { method: door.method, cookie: await cookieFor(who), ...(door.json ? { json: door.json } : {}) });
          const res = (await settle(() => handler({ request: req, context: ctx, params: door.params(order) }))) as Response;
          const body = (await res.json()) as Record<string, unknown>;
          const expected = reaches(who, order, driver);
          const where = `${who} ${door.method} ${door.path(order)} (${order.warehouseLocation}, ${order.orderType}, [${order.warehouseAssignment.join(", ")}])`;
          if (expected) {
            expect(res.status, `${where}: ${JSON.stringify(body)}`).not.toBe(404);
            expect(res.status, where).toBeLessThan(500);
          } else {
            // Out of scope looks like absent; another warehouse's passcode gets the picking screen's message.
            if (door.outside) expect(res.status, `${where}: ${JSON.stringify(body)}`).toBe(door.outside);
            else expect([404, ...(PASSCODES.includes(who) ? [403] : [])], `${where}: ${JSON.stringify(body)}`).toContain(res.status);
          }
          const leaked = [...keysDeep(body)].filter((k) => hidden.includes(k));
          expect(leaked, `${where} leaked ${leaked.join(", ")}`).toEqual([]);
        }
      }
    }, 60_000); // nine doors × every sample order
  }

  for (const who of ORDER_VIEWERS) {
    it(`${who}: the list, its KPIs and each order's detail agree with the spec's rows and hide what they must`, async () => {
      const list = (await load("../../app/routes/api.order-trackers.ts")).loader!;
      const cookie = await cookieFor(who);
      const got = { data: [] as Record<string, unknown>[], pagination: { total: 0 } };
      for (let page = 1; ; page++) {
        const res = (await list({ request: request(`/api/order-trackers?limit=500&page=${page}`, { cookie }), context: ctx, params: {} })) as Response;
        expect(res.status).toBe(200);
        const body = (await res.json()) as { data: Record<string, unknown>[]; pagination: { total: number; pages: number } };
        got.data.push(...body.data);
        got.pagination.total = body.pagination.total;
        if (page >= body.pagination.pages) break;
      }
      const all = await ctx.app.db.select().from(orders);
      const expected = all.filter((o) => reaches(who, o, driver)).map((o) => o.orderNumber).sort();
      expect(got.data.map((r) => r.orderNumber as string).sort()).toEqual(expected);
      expect(got.pagination.total).toBe(expected.length);
      const leaked = [...keysDeep(got.data)].filter((k) => HIDDEN[who].includes(k));
      expect(leaked).toEqual([]);
      // Searching, filtering or sorting by a hidden field is refused, so nothing can be inferred from it.
      for (const field of HIDDEN[who].filter((f) => f === "paymentStatus" || f === "truckingCompany")) {
        for (const q of [`searchBy=${field}&search=p`, `sort=${field}`, `${field}=Paid`]) {
          const refused = (await list({ request: request(`/api/order-trackers?${q}`, { cookie }), context: ctx, params: {} })) as Response;
          expect(refused.status, `${who} ${q}`).toBe(400);
        }
      }
      if (HIDDEN[who].includes("truckingCompany")) {
        const refused = (await list({ request: request(`/api/order-trackers?quick=awaitingTrucking`, { cookie }), context: ctx, params: {} })) as Response;
        expect(refused.status).toBe(400);
        const kpis = (await load("../../app/routes/api.order-trackers.kpis.ts")).loader!;
        const k = (await (await (kpis({ request: request("/api/order-trackers/kpis", { cookie }), context: ctx, params: {} }) as Promise<Response>)).json()) as { data: Record<string, unknown> };
        expect(k.data.awaitingTrucking).toBeNull();
      }
    }, 60_000);
  }

  it("an order's lines exist for the sample (the doors above read real rows)", async () => {
    const [line] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, sample[0]!.id)).limit(1);
    expect(line).toBeDefined();
  });
});
