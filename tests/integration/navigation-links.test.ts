// No link, card or shortcut the shell shows a viewer opens a route that refuses them (issue 22, decision 032).
// For every seeded role, a passcode session, a member with no role and a member whose role holds no grants: the
// links the navigation, the home cards, the shortcuts, the KPI tiles, the recent activity and the floor's cards
// hand the screens (the _app and home loaders' own data) are each requested through every loader of the real
// route they match, with that viewer's session; none may answer 401, 403, 404 or send them to sign in.
// And the registry is the routes' own word: each area's policy is the one its route module exports.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, passcodes, roles, users } from "../../db/schema";
import { AREAS } from "~/domain/access/areas";
import type { Policy } from "~/domain/access/policy";
import { createStaffSession } from "~/lib/session.server";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

const manifest = flatRoutes("app", ["**/*.test.*", "**/queries.ts", "**/components/**"]);
const routeModules = import.meta.glob("../../app/routes/**/*.{ts,tsx}");

type Handler = (args: { request: Request; context: unknown; params: Record<string, string | undefined> }) => Promise<unknown>;
type RouteModule = { policy?: Policy; loader?: Handler };

async function load(routeId: string): Promise<RouteModule> {
  const file = manifest[routeId]?.file;
  const importer = file && routeModules[`../../app/${file}`];
  if (!importer) throw new Error(`no module for ${routeId}`);
  return (await importer()) as RouteModule;
}

/** The manifest as the router's tree, so a link is matched exactly as Remix matches it. */
function tree(parentId: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) }));
}
const ROUTES: AgnosticRouteObject[] = [{ id: "root", path: "", children: tree("root") }];

function matchLink(href: string) {
  const url = new URL(href, "http://127.0.0.1");
  return { url, matches: (matchRoutes(ROUTES, url.pathname) ?? []).filter((m) => m.route.id !== "root") };
}

type Who = "admin" | "logistics" | "sales" | "warehouse" | "driver" | "passcode" | "no-role" | "no-grants";
const WHO: Who[] = ["admin", "logistics", "sales", "warehouse", "driver", "passcode", "no-role", "no-grants"];

let ctx: ReturnType<typeof createTestContext>;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  // A member with no role (as a first sign-in records them) and one whose role an admin left without grants.
  await db.insert(roles).values({ id: "no-grants", name: "No Grants" });
  const [noRole] = await db.insert(users).values({ email: "norole@goldengrain.test", name: "Nora Norole", roleId: null }).returning();
  const [noGrants] = await db.insert(users).values({ email: "nogrants@goldengrain.test", name: "Nate Nogrants", roleId: "no-grants" }).returning();
  cookies["no-role"] = (await createStaffSession(ctx.app, noRole!, null)).cookie.split(";")[0]!;
  cookies["no-grants"] = (await createStaffSession(ctx.app, noGrants!, null)).cookie.split(";")[0]!;
  for (const who of ["admin", "logistics", "sales", "warehouse", "driver"] as const) cookies[who] = await staffCookie(ctx.app, `${who}@goldengrain.test`);
  const [ny] = await db.select({ id: passcodes.id }).from(passcodes).where(eq(passcodes.active, true)).orderBy(asc(passcodes.id)).limit(1);
  cookies.passcode = await passcodeCookie(ctx.app, ny!.id);
  // Some picks for the warehouse employee, so her home's floor cards are links this test follows.
  const open = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderStatus, "5. Received")).orderBy(asc(orders.id)).limit(3);
  for (const o of open) await assignOrder(db, o.id, ["Wendy Warehouse"]);
}, 60_000);

type Json = Record<string, any>;

/** Runs a loader as the browser's request would: its data, or the status it answered or threw. */
async function run(loader: Handler, href: string, cookie: string, params: Record<string, string | undefined>) {
  try {
    const out = await settle(() => loader({ request: request(href, { cookie }), context: ctx, params }));
    if (out instanceof Response) {
      const json = (out.headers.get("content-type") ?? "").includes("json") ? ((await out.json()) as Json) : null;
      return { status: out.status, location: out.headers.get("location"), data: json };
    }
    return { status: 200, location: null, data: JSON.parse(JSON.stringify(out ?? null)) as Json };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== "number") throw error;
    return { status, location: null, data: null };
  }
}

/** The links the shell hands this viewer, by where they appear; null when the shell sends them to sign in. */
async function shownLinks(who: Who): Promise<Record<string, string[]> | null> {
  const shell = await run((await load("routes/_app")).loader!, "/", cookies[who], {});
  if (shell.status !== 200) {
    expect(shell.location ?? "", `the shell answered ${who} ${shell.status}`).toMatch(/^\/login\?redirectTo=/);
    return null;
  }
  const home = await run((await load("routes/_app._index")).loader!, "/", cookies[who], {});
  expect(home.status, `home answered ${who} ${home.status}`).toBe(200);
  const h = home.data!;
  return {
    nav: (shell.data!.nav as Json[]).map((n) => n.to),
    cards: (h.cards as Json[]).map((c) => c.path),
    shortcuts: (h.shortcuts as Json[]).map((s) => s.path),
    tiles: (h.kpis as Json[]).map((t) => t.to),
    activity: (h.activity as Json[]).flatMap((a) => (a.href ? [a.href] : [])),
    // The floor's cards also carry a fixed link each (components/shell/home): Pick List Check, all deliveries.
    picks: h.floor?.picks ? [...(h.floor.picks.items as Json[]).map((p) => p.href), "/pick-list-check"] : [],
    deliveries: h.floor?.deliveries ? [...(h.floor.deliveries.items as Json[]).map((d) => d.href), "/order-tracking"] : [],
  };
}

/** Why following `href` as `who` is refused, or null when every loader of its route lets them in. */
async function refusal(who: Who, href: string): Promise<string | null> {
  const { url, matches } = matchLink(href);
  if (!matches.length || matches.some((m) => m.route.id === "routes/$")) return "no route (404)";
  for (const m of matches) {
    const mod = await load(m.route.id!);
    if (!mod.loader) continue;
    const res = await run(mod.loader, `${url.pathname}${url.search}`, cookies[who], m.params);
    if ([401, 403, 404].includes(res.status)) return `${m.route.id} answered ${res.status}`;
    if (res.status >= 300 && res.status < 400 && (res.location ?? "").startsWith("/login")) return `${m.route.id} sent them to sign in`;
    if (res.status >= 400) return `${m.route.id} answered ${res.status}`;
    // The picking screen's route is public: its own gate and its order data carry the refusal.
    if (m.route.id === "routes/pick-list") {
      const data = res.data!;
      // The loader hands the screen its gate, not the session (decision 038): who may pick is read from the
      // server's own answers, the passcode picker from the gate and a member's grants from GET /api/me.
      const me = await run((await load("routes/api.me")).loader!, "/api/me", cookies[who], {});
      const grants = (me.status === 200 ? ((me.data?.data?.grants as Json[] | undefined) ?? []) : []) as Json[];
      const mayPick = !!data.gate?.passcodeEmail || grants.some((g) => g.key === "picklists:pick");
      if (!mayPick) return "the picking screen's gate refuses them";
      if (data.firstOrder?.error) return `the picking screen refuses the order: ${data.firstOrder.error}`;
    }
  }
  return null;
}

describe("every link the shell shows opens for the viewer it is shown to", () => {
  for (const who of WHO) {
    // An admin sees every area: each link runs its loaders (Order Tracking builds its first page), ~4 s on a busy machine.
    it(`as ${who}`, async () => {
      const shown = await shownLinks(who);
      if (!shown) {
        // Today a member without a role holds no session (decision 029): the shell shows them no link at all.
        expect(who).toBe("no-role");
        return;
      }
      const refused: string[] = [];
      const hrefs = new Set(Object.values(shown).flat().map((h) => h.split("#")[0]!));
      for (const href of hrefs) {
        const why = await refusal(who, href);
        if (why) refused.push(`${href}: ${why}`);
      }
      expect(refused, `links shown to ${who}: ${JSON.stringify(shown)}`).toEqual([]);
      expect(shown.nav[0]).toBe("/");
    }, 30_000);
  }

  it("the links checked are the ones each viewer's work needs (so the test has something to refuse)", async () => {
    const warehouse = (await shownLinks("warehouse"))!;
    expect(warehouse.picks.length).toBeGreaterThan(1);
    expect(warehouse.cards).toContain("/reports");
    const driver = (await shownLinks("driver"))!;
    expect(driver.deliveries.length + driver.tiles.length).toBeGreaterThan(0);
    const sales = (await shownLinks("sales"))!;
    expect(sales.activity.length).toBeGreaterThan(0);
    expect(sales.shortcuts).toEqual(["/apply"]);
    const logistics = (await shownLinks("logistics"))!;
    expect(logistics.shortcuts).toEqual(["/reports", "/apply"]);
  });

  it("a member whose role holds no grants is shown Home and the pages every member may open, nothing more", async () => {
    const shown = (await shownLinks("no-grants"))!;
    expect(shown.nav).toEqual(["/"]);
    expect(shown.cards).toEqual(["/payment-tracking", "/customer-service"]);
    expect([...shown.shortcuts, ...shown.tiles, ...shown.picks, ...shown.deliveries]).toEqual([]);
  });

  it("a passcode session is shown Home and the picking screen", async () => {
    const shown = (await shownLinks("passcode"))!;
    expect(shown.nav).toEqual(["/", "/pick-list"]);
    expect(shown.cards).toEqual(["/pick-list"]);
  });
});

describe("the registry is the routes' own word", () => {
  const entries = AREAS.flatMap((area) => [
    { name: area.id, path: area.path, route: area.route, policy: area.policy },
    ...(area.shortcuts ?? []).map((s) => ({ name: `${area.id} shortcut ${s.id}`, path: s.path, route: s.route, policy: s.policy })),
  ]);
  for (const entry of entries) {
    it(`${entry.name}: ${entry.path} is answered by ${entry.route}, whose policy is the registry's`, async () => {
      const { matches } = matchLink(entry.path);
      expect(matches.at(-1)?.route.id).toBe(entry.route);
      expect((await load(entry.route)).policy).toEqual(entry.policy);
    });
  }
});
