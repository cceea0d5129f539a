// The service worker's routing decision (app/sw/routes.ts): which request gets which strategy, what is never
// kept, where a floor screen falls back, whose caches go when someone else signs in.
import { describe, expect, it } from "vitest";
import { floorIdentity } from "~/components/shell/service-worker-bridge";
import { dataPageOf, fallbackUrlsFor, floorCacheName, keepable, MANIFEST_RELOAD_DOCUMENT, manifestCopyFor, parseSwMessage, reloadTargetFor, singleFetchReloadBody, staleFloorCaches, strategyFor, WARM_FRESH_MS, WARM_LIMIT, warmablePaths, warmDue, type SwStrategy } from "~/sw/routes";

const ORIGIN = "https://ops.example";
const nav = (path: string) => ({ method: "GET", url: `${ORIGIN}${path}`, mode: "navigate", destination: "document" });
const get = (path: string, destination = "") => ({ method: "GET", url: `${ORIGIN}${path}`, mode: "cors", destination });

describe("strategyFor", () => {
  const table: [string, { method: string; url: string; mode?: string; destination?: string }, SwStrategy][] = [
    // Floor documents: network first, else the phone's copy.
    ["floor home", nav("/"), "floor"],
    ["pick list with an order", nav("/pick-list?order=SO-100001"), "floor"],
    ["pick list, trailing slash", nav("/pick-list/"), "floor"],
    ["driver's order tracking", nav("/order-tracking"), "floor"],
    ["pick list check", nav("/pick-list-check?order=SO-1"), "floor"],
    ["outbox screen", nav("/outbox"), "floor"],
    // Their single-fetch data and the route manifest, so moving between floor screens works offline.
    ["home data", get("/_root.data?_routes=routes%2F_app"), "floor"],
    ["pick list data", get("/pick-list.data?order=SO-1&_routes=routes%2Fpick-list"), "floor"],
    ["order tracking data", get("/order-tracking.data"), "floor"],
    ["route manifest", get("/__manifest?p=%2Fpick-list&version=abc"), "floor"],
    // Office pages: network only, the offline page when there is none.
    ["reports", nav("/reports"), "office-document"],
    ["customer applications", nav("/customer-applications"), "office-document"],
    ["a prefix is not a floor path", nav("/pick-list-archive"), "office-document"],
    ["admin", nav("/admin/access/users"), "office-document"],
    ["login page", nav("/login?redirectTo=%2F"), "office-document"],
    ["office data", get("/reports.data"), "network-only"],
    // Never cached.
    ["a write", { method: "POST", url: `${ORIGIN}/api/picklists/SO-1/complete` }, "network-only"],
    ["a write to a floor page", { method: "POST", url: `${ORIGIN}/pick-list`, mode: "navigate" }, "network-only"],
    ["logout post", { method: "POST", url: `${ORIGIN}/logout`, mode: "navigate" }, "network-only"],
    ["session check", get("/api/session/check"), "network-only"],
    ["session", get("/api/session"), "network-only"],
    ["sign-in callback", get("/auth/google/callback?code=x"), "network-only"],
    ["signed file link", get("/files/abc?sig=1", "image"), "network-only"],
    ["logout data", get("/logout.data"), "network-only"],
    ["api read", get("/api/order-trackers?page=1"), "network-only"],
    ["hashed asset (the precache answers)", get("/assets/root-abc123.js", "script"), "network-only"],
    ["another origin", { method: "GET", url: "https://party.example/parties/main/SO-1", mode: "navigate" }, "network-only"],
  ];
  it.each(table)("%s", (_name, request, expected) => {
    expect(strategyFor(request, ORIGIN)).toBe(expected);
  });
});

describe("dataPageOf", () => {
  it.each([
    ["/_root.data", "/"],
    ["/pick-list.data", "/pick-list"],
    ["/order-tracking.data", "/order-tracking"],
    ["/pick-list", null],
    ["/assets/x.js", null],
  ])("%s → %s", (path, page) => expect(dataPageOf(path)).toBe(page));
});

describe("keepable", () => {
  it.each([
    [{ status: 200, type: "basic", redirected: false }, true],
    [{ status: 0, type: "opaqueredirect", redirected: false }, false],
    [{ status: 200, type: "basic", redirected: true }, false],
    [{ status: 202, type: "basic", redirected: false }, false],
    [{ status: 401, type: "basic", redirected: false }, false],
    [{ status: 503, type: "basic", redirected: false }, false],
    [{ status: 206, type: "basic", redirected: false }, false],
  ])("%o → %s", (response, expected) => expect(keepable(response)).toBe(expected));
});

describe("fallbackUrlsFor", () => {
  it("a pick list falls back to its exact URL, then Home", () => {
    expect(fallbackUrlsFor(nav("/pick-list?order=SO-2"), ORIGIN)).toEqual([`${ORIGIN}/pick-list?order=SO-2`, `${ORIGIN}/`]);
  });
  it("Home falls back to itself only", () => {
    expect(fallbackUrlsFor(nav("/"), ORIGIN)).toEqual([`${ORIGIN}/`]);
  });
  it("data falls back to its own copy only", () => {
    expect(fallbackUrlsFor(get("/pick-list.data?order=SO-2"), ORIGIN)).toEqual([`${ORIGIN}/pick-list.data?order=SO-2`]);
  });
});

describe("a route discovery with no copy of its own (manifestCopyFor)", () => {
  const m = (version: string, ...paths: string[]) => `${ORIGIN}/__manifest?${paths.map((p) => `p=${encodeURIComponent(p)}`).join("&")}&version=${version}`;
  const homes = m("v1", "/", "/order-tracking", "/pick-list", "/reports");
  it.each<[string, string, string[], string | null]>([
    ["Home's answer covers a tap on one of its links", m("v1", "/pick-list"), [homes], homes],
    ["every asked path must be in it", m("v1", "/pick-list", "/outbox"), [homes], null],
    ["another build's answer is never used", m("v2", "/pick-list"), [homes], null],
    ["only manifest answers count", m("v1", "/pick-list"), [`${ORIGIN}/pick-list?order=SO-1`], null],
    ["the first that covers it", m("v1", "/"), [m("v1", "/pick-list"), homes], homes],
    ["not a manifest request", `${ORIGIN}/pick-list`, [homes], null],
  ])("%s", (_name, asked, kept, expected) => {
    expect(manifestCopyFor(asked, kept)).toBe(expected);
  });

  it("with none, Remix is told to load the destination as a document (its fog-of-war answer)", () => {
    expect(MANIFEST_RELOAD_DOCUMENT.status).toBe(204);
    expect(MANIFEST_RELOAD_DOCUMENT.headers["X-Remix-Reload-Document"]).toBeTruthy();
  });
});

describe("staleFloorCaches", () => {
  const names = [floorCacheName("aaaa1111"), floorCacheName("bbbb2222"), "serwist-precache-v2-https://ops.example/", "floor-meta"];
  it("keeps only the signed-in person's copies", () => {
    expect(staleFloorCaches(names, "bbbb2222")).toEqual([floorCacheName("aaaa1111")]);
  });
  it("deletes every floor copy at sign-out, never the precache", () => {
    expect(staleFloorCaches(names, null)).toEqual([floorCacheName("aaaa1111"), floorCacheName("bbbb2222")]);
  });
});

describe("parseSwMessage", () => {
  it.each([
    [{ type: "floor-owner", owner: "0123abcd0123abcd" }, { type: "floor-owner", owner: "0123abcd0123abcd" }],
    [{ type: "floor-owner", owner: "../../etc" }, null],
    [{ type: "floor-owner" }, null],
    [{ type: "floor-signed-out" }, { type: "floor-signed-out" }],
    [{ type: "skip-waiting" }, { type: "skip-waiting" }],
    [{ type: "something" }, null],
    [{ type: "floor-warm", paths: ["/pick-list?order=SO-1", "/order-tracking#order-SO-2"] }, { type: "floor-warm", paths: ["/pick-list?order=SO-1", "/order-tracking"] }],
    [{ type: "floor-warm", paths: ["/reports", "https://evil.test/pick-list"] }, null],
    [{ type: "floor-warm", paths: "/pick-list" }, null],
    ["skip-waiting", null],
    [null, null],
  ])("%o", (data, expected) => expect(parseSwMessage(data)).toEqual(expected));
});

describe("floorIdentity", () => {
  it.each([
    ["the layout's viewer", [{ id: "root", data: null }, { id: "routes/_app", data: { viewer: { email: "ana@x" } } }], "ana@x"],
    ["a passcode phone's pick list", [{ id: "routes/pick-list", data: { gate: { passcodeEmail: "passcode+1@x" } } }], "passcode+1@x"],
    ["a staff pick list says nothing", [{ id: "routes/pick-list", data: { gate: { passcodeEmail: null } } }], undefined],
    ["the sign-in page: nobody", [{ id: "routes/login", data: {} }], null],
    ["an unrelated page", [{ id: "routes/privacy", data: {} }], undefined],
  ] as const)("%s", (_name, matches, expected) => expect(floorIdentity(matches)).toBe(expected));
});

describe("a floor data request with no copy", () => {
  it.each([
    ["Home → a pick list", "/pick-list.data?order=SO-7&_routes=routes%2Fpick-list", "https://ops.example/", "/pick-list?order=SO-7"],
    ["pick list → Home", "/_root.data?_routes=routes%2F_app%2Croutes%2F_app._index", "https://ops.example/pick-list?order=SO-7", "/"],
    ["Home → Order Tracking", "/order-tracking.data", "https://ops.example/", "/order-tracking"],
    ["unknown page shown", "/order-tracking.data", null, "/order-tracking"],
    ["the page on screen revalidating: no reload", "/pick-list.data?order=SO-7&_routes=x", "https://ops.example/pick-list?order=SO-7", null],
    ["Home revalidating: no reload", "/_root.data", "https://ops.example/", null],
    ["not a data request", "/__manifest?p=%2F", "https://ops.example/", null],
  ])("%s", (_name, path, shown, expected) => expect(reloadTargetFor(`${ORIGIN}${path}`, shown)).toBe(expected));

  it("answers with a single-fetch redirect the router decodes as a document load", async () => {
    const { decode } = await import("turbo-stream");
    const body = singleFetchReloadBody("/pick-list?order=SO-7");
    const redirect = Symbol("redirect");
    const decoded = await decode(new Response(body).body!, {
      plugins: [(type: string, ...rest: unknown[]) => (type === "SingleFetchRedirect" ? { value: { [redirect]: rest[0] } } : undefined)],
    });
    expect((decoded.value as Record<symbol, unknown>)[redirect]).toEqual({ redirect: "/pick-list?order=SO-7", status: 302, revalidate: false, reload: true, replace: false });
  });
});

describe("today's work kept while there is signal (warmablePaths, warmDue)", () => {
  it.each([
    ["a pick list with its order", ["/pick-list?order=SO-100001"], ["/pick-list?order=SO-100001"]],
    ["a stop's link: the screen, without the hash", ["/order-tracking#order-SO-1", "/order-tracking#order-SO-2"], ["/order-tracking"]],
    ["Home", ["/"], ["/"]],
    ["an office page is never copied", ["/reports", "/admin/access"], []],
    ["another origin, or a protocol-relative one", ["https://evil.test/pick-list", "//evil.test/pick-list"], []],
    ["a backslash trick", ["/\\evil.test/pick-list"], []],
    ["sign-in and files are never kept", ["/login", "/files/x.png", "/api/me"], []],
    ["not strings", [1, null, { p: "/" }], []],
    ["not a list", "/pick-list", []],
    ["too long", [`/pick-list?order=${"x".repeat(400)}`], []],
  ])("%s", (_name, given, expected) => expect(warmablePaths(given)).toEqual(expected));

  it(`copies at most ${WARM_LIMIT} screens`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `/pick-list?order=SO-${i}`);
    expect(warmablePaths(many)).toHaveLength(WARM_LIMIT);
  });

  const now = Date.parse("2026-11-28T10:00:00Z");
  it.each([
    ["no copy yet", null, true],
    ["a copy from a minute ago", new Date(now - 60_000).toUTCString(), false],
    ["a copy older than the fresh window", new Date(now - WARM_FRESH_MS - 1000).toUTCString(), true],
    ["a copy dated in the future (a wrong clock)", new Date(now + WARM_FRESH_MS + 60_000).toUTCString(), true],
    ["an unreadable date", "yesterday-ish", true],
  ])("%s → fetch again: %s", (_name, date, expected) => expect(warmDue(date, now)).toBe(expected));
});
