// The authorization matrix: every route in the Remix route manifest declares a policy, and its loader and
// action enforce it for every role, a passcode session and an anonymous visitor. A route without a policy,
// or a role that gets in where it must not, fails this test.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { beforeAll, describe, expect, it } from "vitest";
import type { Policy } from "~/domain/access/policy";
import { POLICY_DENIAL_HEADER } from "~/lib/guard.server";
import { hasAnyGrant, ROLE_DEFINITIONS, ROLE_IDS, PASSCODE_GRANTS, type RoleId } from "~/domain/access/roles";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

const manifest = flatRoutes("app", ["**/*.test.*", "**/queries.ts", "**/components/**"]);
const routeModules = import.meta.glob("../../app/routes/**/*.{ts,tsx}");
const rootModule = () => import("../../app/root");

type Who = RoleId | "passcode" | "anonymous";
const WHO: Who[] = [...ROLE_IDS, "passcode", "anonymous"];
const EMAIL: Record<RoleId, string> = {
  admin: "admin@goldengrain.test",
  "logistics-manager": "logistics@goldengrain.test",
  "sales-rep": "sales@goldengrain.test",
  "warehouse-employee": "warehouse@goldengrain.test",
  "delivery-driver": "driver@goldengrain.test",
};

/** What the policy allows, stated independently of the guard's code. */
function allowed(policy: Policy, who: Who): boolean {
  if (policy.kind === "public") return true;
  if (who === "anonymous") return false;
  if (who === "passcode") {
    if (policy.kind === "viewer") return true;
    return policy.kind === "grant" && hasAnyGrant(PASSCODE_GRANTS, policy.anyOf);
  }
  const role = ROLE_DEFINITIONS[who];
  switch (policy.kind) {
    case "staff":
    case "viewer":
      return true;
    case "grant":
      return role.isAdmin || hasAnyGrant(role.grants, policy.anyOf);
    case "admin":
    case "local-admin":
      return role.isAdmin;
  }
}

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

let ctx: ReturnType<typeof createTestContext>;

/** A fresh session per check: a route like /logout ends the session it is called with. */
async function cookieFor(who: Who): Promise<string | undefined> {
  if (who === "anonymous") return undefined;
  if (who === "passcode") return passcodeCookie(ctx.app);
  return staffCookie(ctx.app, EMAIL[who]);
}

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db);
}, 60_000);

describe("every route declares a policy", () => {
  it("finds the routes of the manifest", () => {
    expect(routes.length).toBeGreaterThan(10);
  });
  it("root declares a public policy and has no loader", async () => {
    const root = (await rootModule()) as { policy?: Policy; loader?: unknown };
    expect(root.policy).toEqual({ kind: "public" });
  });
  for (const route of routes) {
    it(`${route.id} exports a policy`, async () => {
      const load = routeModules[route.file];
      expect(load, `module ${route.file} not found`).toBeDefined();
      const mod = (await load!()) as { policy?: Policy };
      expect(mod.policy, `${route.id} has no exported policy`).toBeDefined();
      expect(["public", "staff", "viewer", "grant", "admin", "local-admin"]).toContain(mod.policy!.kind);
      if (ADMIN_ONLY.some((re) => re.test(route.path))) expect(["admin", "local-admin"]).toContain(mod.policy!.kind);
    });
  }
});

describe("every loader and action enforces its policy for every role", () => {
  for (const route of routes) {
    for (const who of WHO) {
      it(`${route.id} as ${who}`, async () => {
        const mod = (await routeModules[route.file]!()) as {
          policy: Policy;
          loader?: (args: unknown) => Promise<unknown>;
          action?: (args: unknown) => Promise<unknown>;
        };
        const expectAllowed = allowed(mod.policy, who);
        for (const [kind, handler, method] of [
          ["loader", mod.loader, "GET"],
          ["action", mod.action, "POST"],
        ] as const) {
          if (!handler) continue;
          const req = request(route.path, { method, cookie: await cookieFor(who), ...(method === "POST" ? { json: {} } : {}) });
          const res = await settle(() => handler({ request: req, context: ctx, params: paramsFor(route.path) }));
          const denied = denial(res);
          if (mod.policy.kind === "public") continue; // the route's own credential (e.g. a link signature) decides
          if (expectAllowed) {
            expect(denied, `${kind} of ${route.id} refused ${who}`).toBeNull();
          } else {
            // Without a staff session (anonymous, or a phone with only a passcode) staff pages ask to sign in.
            const staffOnly = ["staff", "admin", "local-admin"].includes(mod.policy.kind);
            const expected = who === "anonymous" || (who === "passcode" && staffOnly) ? "unauthenticated" : "forbidden";
            expect(denied, `${kind} of ${route.id} let ${who} in`).toBe(expected);
          }
        }
      });
    }
  }
});

function paramsFor(path: string): Record<string, string> {
  // Route params by name are not needed for the guard; handlers that read them get plausible values.
  return { orderId: "1", id: "1", key: "missing", orderNumber: "SO-100001", order: "SO-100001", "*": path.slice(1) };
}
