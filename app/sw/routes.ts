// The service worker's routing decision, pure: which request gets which strategy and which answer may be
// kept. app/sw/sw.ts applies it; tests/unit/sw-routes.test.ts holds the table. Decision 039.

/** How the service worker answers a request. */
export type SwStrategy =
  /** A floor screen (document, its Remix data, the route manifest): network first, else this user's last copy. */
  | "floor"
  /** Any other page: network only; with no network, the app's offline page. */
  | "office-document"
  /** Everything else the worker lets through untouched (and never keeps): /api, /files, sign-in, writes. */
  | "network-only";

/**
 * The floor routes a picker or driver opens with no signal. `/outbox` is the outbox's screen (part B of
 * issue 23). Exact paths: `/pick-list-check` is not `/pick-list`.
 */
export const FLOOR_PATHS: readonly string[] = ["/", "/pick-list", "/order-tracking", "/pick-list-check", "/outbox"];

/** Paths that are never cached, whatever else matches: sessions, sign-in, sign-out, signed file links. */
const NEVER_CACHED = [/^\/api\/session/, /^\/auth(\/|$)/, /^\/logout(\/|$|\.data)/, /^\/login(\/|$|\.data)/, /^\/files(\/|$)/];

export type SwRequest = { method: string; url: string; mode?: string; destination?: string };

/**
 * The page a Remix single-fetch data URL loads (`/_root.data` is `/`, `/pick-list.data` is `/pick-list`),
 * or null when the path is not a data URL.
 */
export function dataPageOf(pathname: string): string | null {
  if (pathname === "/_root.data") return "/";
  if (!pathname.endsWith(".data")) return null;
  return pathname.slice(0, -".data".length) || "/";
}

/** A path without its trailing slash (but `/` stays `/`). */
function trimmed(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

export function isFloorPath(pathname: string): boolean {
  return FLOOR_PATHS.includes(trimmed(pathname));
}

export function neverCached(pathname: string): boolean {
  return NEVER_CACHED.some((re) => re.test(pathname));
}

/** The decision for one request, from its method, URL and (for documents) its mode. */
export function strategyFor(request: SwRequest, origin: string): SwStrategy {
  const url = new URL(request.url);
  // Another origin (the live room's host, Google's avatars): the worker stays out of it.
  if (url.origin !== origin) return "network-only";
  // Writes go to the network (the outbox keeps them when there is none), never to a cache.
  if (request.method !== "GET") return "network-only";
  if (neverCached(url.pathname)) return request.mode === "navigate" ? "office-document" : "network-only";
  const isDocument = request.mode === "navigate" || request.destination === "document";
  if (isDocument) return isFloorPath(url.pathname) ? "floor" : "office-document";
  const dataPage = dataPageOf(url.pathname);
  if (dataPage !== null) return isFloorPath(dataPage) ? "floor" : "network-only";
  // Lazy route discovery asks the route manifest before a client navigation: without it, moving between
  // floor screens offline would fall back to a full reload.
  if (url.pathname === "/__manifest") return "floor";
  return "network-only";
}

/**
 * Whether an answer may be kept as the floor copy: only a full 200 of our own. A redirect (to /login when
 * the session ended: an opaque redirect for a navigation, 202 for single fetch), an error or a partial
 * answer would be served back later as if it were the page.
 */
export function keepable(response: { status: number; type: string; redirected: boolean }): boolean {
  return response.status === 200 && response.type !== "opaqueredirect" && !response.redirected;
}

/**
 * Where to look when a floor request gets no answer: its own copy first (the exact URL, query included:
 * `/pick-list?order=SO-1` is not `/pick-list?order=SO-2`), then for a document the floor home's copy.
 */
export function fallbackUrlsFor(request: SwRequest, origin: string): string[] {
  const url = new URL(request.url);
  const urls = [url.href];
  const isDocument = request.mode === "navigate" || request.destination === "document";
  if (isDocument && url.pathname !== "/") urls.push(new URL("/", origin).href);
  return urls;
}

/**
 * A kept route-manifest answer that covers a lazy route discovery with no copy of its own: the same build's
 * (`version`) answer for a superset of the asked paths (Home asks for all its links' routes at once; a tap
 * then asks for one). Remix adds the routes it did not know and ignores the rest. Null when none covers it.
 */
export function manifestCopyFor(requestUrl: string, keptUrls: readonly string[]): string | null {
  const asked = new URL(requestUrl);
  if (asked.pathname !== "/__manifest") return null;
  const version = asked.searchParams.get("version");
  const paths = asked.searchParams.getAll("p");
  for (const kept of keptUrls) {
    const url = new URL(kept);
    if (url.origin !== asked.origin || url.pathname !== "/__manifest" || url.searchParams.get("version") !== version) continue;
    const has = new Set(url.searchParams.getAll("p"));
    if (paths.every((p) => has.has(p))) return kept;
  }
  return null;
}

/**
 * What a lazy route discovery with no signal and no kept answer gets: Remix's 'reload the document' answer,
 * so the tap becomes a document load of where the person was going, which the worker answers from that
 * screen's copy (or the offline page), instead of the router's error screen.
 */
export const MANIFEST_RELOAD_DOCUMENT = { status: 204, headers: { "X-Remix-Reload-Document": "yes" } } as const;

/**
 * The page a floor data request was loading, as a same-origin path with its query minus Remix's `_routes`:
 * where the person goes when that data has no copy.
 */
export function pageUrlOfData(url: string): string | null {
  const parsed = new URL(url);
  const page = dataPageOf(parsed.pathname);
  if (page === null) return null;
  parsed.searchParams.delete("_routes");
  const query = parsed.searchParams.toString();
  return query ? `${page}?${query}` : page;
}

/**
 * Where to send a person whose floor data request has no copy and no network: the page it was loading, but
 * only when that is another page than the one shown (`clientUrl`). A revalidation of the page on screen just
 * fails, as it did before: reloading it could lose what the person has on screen.
 */
export function reloadTargetFor(dataUrl: string, clientUrl: string | null): string | null {
  const page = pageUrlOfData(dataUrl);
  if (page === null) return null;
  if (clientUrl) {
    const shown = new URL(clientUrl);
    if (`${shown.pathname}${shown.search}` === page || (shown.pathname === page && !shown.search)) return null;
  }
  return page;
}

/**
 * The single-fetch answer (Remix 2 turbo-stream, status 202) that tells the router to load `path` as a whole
 * document: a client navigation between floor screens with no signal and no copy of its data becomes a document
 * load, which the worker answers from the document's copy (or Home's, or the offline page). The unit test
 * decodes it with turbo-stream, the router's own decoder, so a format change fails there first.
 */
export function singleFetchReloadBody(path: string): string {
  return `${JSON.stringify([["SingleFetchRedirect", 1], { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 }, "redirect", path, "status", 302, "revalidate", false, "reload", true, "replace"])}\n`;
}

/** The runtime cache of one signed-in user or passcode session; `owner` is a non-secret digest (see ownerKey). */
export const FLOOR_CACHE_PREFIX = "floor-pages-";

export function floorCacheName(owner: string): string {
  return `${FLOOR_CACHE_PREFIX}${owner}`;
}

/** The floor caches to delete when `owner` is the one signed in now (null: nobody is, delete them all). */
export function staleFloorCaches(cacheNames: readonly string[], owner: string | null): string[] {
  return cacheNames.filter((name) => name.startsWith(FLOOR_CACHE_PREFIX) && (owner === null || name !== floorCacheName(owner)));
}

/** Messages between the page and the worker (both directions), checked on receipt. */
export type SwMessage =
  | { type: "floor-owner"; owner: string }
  | { type: "floor-signed-out" }
  | { type: "skip-waiting" }
  | { type: "outbox-flush" }
  /** Today's work, kept while there is signal: the floor screens Home links to (a picker's pick lists, a driver's Order Tracking). */
  | { type: "floor-warm"; paths: string[] };

export function parseSwMessage(data: unknown): SwMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, owner } = data as { type?: unknown; owner?: unknown };
  if (type === "floor-owner") return typeof owner === "string" && /^[a-f0-9]{8,64}$/.test(owner) ? { type, owner } : null;
  if (type === "floor-signed-out" || type === "skip-waiting" || type === "outbox-flush") return { type };
  if (type === "floor-warm") {
    const paths = warmablePaths((data as { paths?: unknown }).paths);
    return paths.length ? { type, paths } : null;
  }
  return null;
}

/** At most this many screens are copied per Home visit: a day's picks or stops, never the whole list. */
export const WARM_LIMIT = 12;
/** A copy younger than this is left as it is: Home opened again a minute later asks the server nothing more. */
export const WARM_FRESH_MS = 5 * 60_000;

/**
 * The floor screens a page asked the worker to copy, checked: same-origin paths (no scheme, no `//host`) of a
 * floor route that is ever cached, with their query and without a hash, each once, at most WARM_LIMIT.
 */
export function warmablePaths(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value.slice(0, WARM_LIMIT * 2)) {
    if (typeof item !== "string" || item.length > 300 || !item.startsWith("/") || item.startsWith("//") || item.includes("\\")) continue;
    let url: URL;
    try {
      url = new URL(item, "http://floor.invalid");
    } catch {
      continue;
    }
    if (url.origin !== "http://floor.invalid" || !isFloorPath(url.pathname) || neverCached(url.pathname)) continue;
    const path = `${url.pathname}${url.search}`;
    if (!out.includes(path)) out.push(path);
    if (out.length === WARM_LIMIT) break;
  }
  return out;
}

/** Whether a kept copy (its `Date` header, or none) should be fetched again now. */
export function warmDue(keptDate: string | null, now: number): boolean {
  if (!keptDate) return true;
  const at = Date.parse(keptDate);
  return Number.isNaN(at) || now - at >= WARM_FRESH_MS || at - now > WARM_FRESH_MS;
}

/** The Background Sync tag the outbox registers (part B); the worker answers it by waking the pages. */
export const OUTBOX_SYNC_TAG = "floor-outbox";
