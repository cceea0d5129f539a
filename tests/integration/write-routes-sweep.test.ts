// A sweep of every /api write route of the Remix route manifest (as authorization-matrix.test.ts lists them), for
// each write method it answers (issue 20, docs/decisions/028-trust-second-pass.md):
//   (a) a viewer who lacks the grant (the route's policy, or the finer grant its handler checks for that method)
//       and sends a garbage body is refused with 401/403, never 400/415: the grant is checked before the body;
//   (b) an admin (let through every door) sending a non-empty body as text/plain gets 415 and nothing changes.
// Both write nothing: the database file has no new commit (PRAGMA data_version on an observer connection) and no
// file reaches R2. A new route is swept without touching this file; one whose handler checks a finer grant than
// its policy goes in HANDLER_GRANTS.
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, orders, passcodes } from "../../db/schema";
import type { Policy } from "~/domain/access/policy";
import { hasAnyGrant, type GrantKey } from "~/domain/access/roles";
import { POLICY_DENIAL_HEADER, viewerSatisfies } from "~/lib/guard.server";
import { getViewer, type Viewer } from "~/lib/session.server";
import { CAPTURE_WRITE_GRANTS } from "~/services/warehouse-capture.server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";
import { WriteDetector } from "../support/fuzz";
import type { MemoryR2 } from "../support/memory-r2";
import { pathTemplate, routeManifest as manifest } from "../support/route-manifest";

const routeModules = import.meta.glob("../../app/routes/**/*.{ts,tsx}");

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;
type RouteModule = { policy?: Policy; loader?: Handler; action?: Handler };

const API_ROUTES = Object.entries(manifest)
  .map(([id, route]) => ({ id, file: `../../app/${route.file}`, template: pathTemplate(id) }))
  .filter((r) => r.template.startsWith("api/") && r.id !== "routes/api.$")
  .sort((a, b) => a.id.localeCompare(b.id));

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];

/**
 * Methods whose handler checks a finer grant than the route's policy (the door lets in viewing and creating;
 * the method needs one of these). Read from the handlers and services; each is a refusal the spec or a decision
 * names.
 */
const HANDLER_GRANTS: Record<string, Partial<Record<WriteMethod, (v: Viewer) => boolean>>> = {
  "routes/api.return-reasons": { POST: (v) => v.isAdmin || hasAnyGrant(v.grants, ["admin:manage"]) },
  "routes/api.warehouse-workers": { POST: (v) => v.kind === "user" && v.isAdmin },
  "routes/api.order-trackers.$id.bol": { POST: (v) => v.isAdmin || hasAnyGrant(v.grants, ["bol:create"]) },
  "routes/api.warehouse.$id.capture": { POST: (v) => v.isAdmin || hasAnyGrant(v.grants, CAPTURE_WRITE_GRANTS) },
  "routes/api.applications.$id": { PATCH: (v) => hasAnyGrant(v.grants, ["applications:edit"]) },
  "routes/api.stock-transfer-reports": { POST: (v) => v.isAdmin || hasAnyGrant(v.grants, ["stockTransferReports:create" satisfies GrantKey]) },
  "routes/api.devanning-reports": { POST: (v) => v.isAdmin || hasAnyGrant(v.grants, ["devanningReports:create" satisfies GrantKey]) },
};

type Who = "admin" | "logistics" | "sales" | "warehouse" | "driver" | "passcode" | "anonymous";
const WHO: Who[] = ["admin", "logistics", "sales", "warehouse", "driver", "passcode", "anonymous"];

let ctx: ReturnType<typeof createTestContext>;
let detector: WriteDetector;
const cookies = new Map<Who, string | undefined>();
const viewers = new Map<Who, Viewer | null>();
let params: Record<string, string>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db);
  for (const who of WHO) {
    if (who === "anonymous") cookies.set(who, undefined);
    else if (who === "passcode") {
      const [code] = await db.select().from(passcodes).orderBy(asc(passcodes.id)).limit(1);
      cookies.set(who, await passcodeCookie(ctx.app, code!.id));
    } else cookies.set(who, await staffCookie(ctx.app, `${who}@goldengrain.test`));
    const cookie = cookies.get(who);
    viewers.set(who, cookie ? await getViewer(request("/api/me", { cookie }), ctx.app) : null);
  }
  // Real rows behind every path parameter, so a route that looked its row up before reading the body would answer
  // 200 or 404 here instead of the 415 it owes.
  const [order] = await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).orderBy(asc(orders.id)).limit(1);
  const [product] = await db.select({ sku: inventoryItems.sku }).from(inventoryItems).limit(1);
  params = { id: "1", orderId: String(order!.id), orderNumber: order!.orderNumber, email: "driver@goldengrain.test", sku: product!.sku, index: "0", "*": "missing" };
  detector = await WriteDetector.open(db);
}, 60_000);

afterAll(() => detector?.close());

function pathOf(template: string): string {
  return "/" + template.replace(/:(\w+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? "1")).replace(/\*$/, "missing");
}

async function send(route: (typeof API_ROUTES)[number], method: string, who: Who, body?: { type: string; text: string }): Promise<Response> {
  const mod = (await routeModules[route.file]!()) as RouteModule;
  const headers: Record<string, string> = {};
  if (body) headers["content-type"] = body.type;
  const req = request(pathOf(route.template), { method, cookie: cookies.get(who), headers, body: body?.text });
  const names = [...route.template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const routeParams = Object.fromEntries([...names.map((n) => [n, params[n] ?? "1"]), ...(route.template.endsWith("*") ? [["*", "missing"]] : [])]);
  return (await settle(() => mod.action!({ request: req, context: ctx, params: routeParams }))) as Response;
}

/** The write methods a route answers: an admin's OPTIONS gets the 405 and its Allow list (nothing runs). */
async function writeMethods(route: (typeof API_ROUTES)[number]): Promise<WriteMethod[]> {
  const res = await send(route, "OPTIONS", "admin");
  const allow = (res.headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());
  return WRITE_METHODS.filter((m) => allow.includes(m));
}

async function unchanged<T>(run: () => Promise<T>): Promise<{ result: T; wrote: boolean }> {
  const files = ctx.app.files as unknown as MemoryR2;
  const before = { version: await detector.version(), files: (await files.list()).objects.length };
  const result = await run();
  const after = { version: await detector.version(), files: (await files.list()).objects.length };
  return { result, wrote: after.version !== before.version || after.files !== before.files };
}

const GARBAGE = [
  { type: "text/plain", text: "garbage" },
  { type: "application/json", text: '{"garbage":[1,2,3],"status":"nope"}' },
];

describe("every /api write route checks the grant before it reads the body, and demands its content type", () => {
  it("finds the write routes of the manifest", async () => {
    let count = 0;
    for (const route of API_ROUTES) count += (await writeMethods(route)).length;
    expect(count).toBeGreaterThan(40);
  }, 60_000); // loads every route module once

  for (const route of API_ROUTES) {
    it(`${route.id}: a viewer without the grant gets 401/403 whatever the body`, async () => {
      const mod = (await routeModules[route.file]!()) as RouteModule;
      const problems: string[] = [];
      for (const method of await writeMethods(route)) {
        const finer = HANDLER_GRANTS[route.id]?.[method];
        for (const who of WHO) {
          const viewer = viewers.get(who) ?? null;
          const lacks = viewer === null ? mod.policy?.kind !== "public" : !viewerSatisfies(viewer, mod.policy!) || (finer ? !finer(viewer) : false);
          if (!lacks) continue;
          for (const body of GARBAGE) {
            const { result: res, wrote } = await unchanged(() => send(route, method, who, body));
            const text = await res.clone().text();
            if (![401, 403].includes(res.status) && !(res.status === 302 && res.headers.get(POLICY_DENIAL_HEADER))) {
              problems.push(`${method} as ${who} with ${body.type}: ${res.status} ${text}`);
            }
            if (wrote) problems.push(`${method} as ${who} with ${body.type} wrote`);
          }
        }
      }
      expect(problems).toEqual([]);
    }, 30_000);

    it(`${route.id}: a non-empty text/plain body from an admin is 415 and writes nothing`, async () => {
      const problems: string[] = [];
      for (const method of await writeMethods(route)) {
        const { result: res, wrote } = await unchanged(() => send(route, method, "admin", GARBAGE[0]));
        if (res.status !== 415) problems.push(`${method}: ${res.status} ${await res.text()}`);
        if (wrote) problems.push(`${method} wrote`);
      }
      expect(problems).toEqual([]);
    }, 30_000);
  }
});
