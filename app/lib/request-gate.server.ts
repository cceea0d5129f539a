// The checks every request passes before its route's policy (guard.server.ts calls them first): a URL
// that decodes, and no state-changing request from another origin (DESIGN §4). The Worker and the dev
// server also run them in front of Remix (frontDoor): Remix's own origin check would otherwise throw a 500
// for a cross-origin POST to a page before any route could refuse it (decision 027).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What the checks read of a request: the dev server builds this from Node's request without a body. */
export type RequestHead = Pick<Request, "method" | "url" | "headers">;

/** Methods no route takes; Node's fetch cannot even build a Request with them, so Vite's server failed with 500. */
const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);
/** Every method some route of the app answers. */
export const APP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

export function wantsJson(request: RequestHead): boolean {
  const { pathname } = new URL(request.url);
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.endsWith(".data");
}

function refusal(request: RequestHead, status: number, message: string, headers: Record<string, string> = {}): Response {
  if (wantsJson(request)) return Response.json({ success: false, error: message }, { status, headers });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

function refuse(request: RequestHead, status: number, message: string): never {
  throw refusal(request, status, message);
}

/** Whether the path's percent-encoding is well formed ('/a%ZZ' is not). */
export function pathDecodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a state-changing request comes from another site. A browser names the page's origin in `Origin`
 * and the relation in `Sec-Fetch-Site`; either one pointing elsewhere is refused. A request with neither
 * (curl, an API client) carries no ambient browser credentials of ours by accident, so its session alone
 * decides.
 */
export function isCrossSiteWrite(request: RequestHead): boolean {
  return !SAFE_METHODS.has(request.method.toUpperCase()) && fromAnotherSite(request);
}

/** Whether the browser says the request comes from another site (the header checks of isCrossSiteWrite). */
function fromAnotherSite(request: RequestHead): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host; // 'null' (sandboxed frames, some redirects) does not parse: refused
  } catch {
    return true;
  }
  // Compared with the Host the browser connected to, not the request URL: Remix's dev adapter builds the
  // URL from the Origin header itself, so the URL would always "match". Remix refuses (with a 500) an Origin
  // that differs from X-Forwarded-Host when one is sent, so such a request is refused here first.
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (forwardedHost && originHost !== forwardedHost) return true;
  return originHost !== (request.headers.get("host") ?? new URL(request.url).host);
}

/**
 * The answer for a request that must not reach Remix at all, or null: 405 for TRACE and its kin, 400 for a
 * malformed path, 403 for a cross-site write (every path, pages included). Run by the Worker and the dev
 * server before Remix; the guard runs the same checks again for code that calls a route directly.
 */
export function frontDoor(request: RequestHead): Response | null {
  const method = request.method.toUpperCase();
  if (REFUSED_METHODS.has(method)) return refusal(request, 405, "Method not allowed", { Allow: APP_METHODS.join(", ") });
  // Remix runs its origin check (and throws) for every method but GET and HEAD: a preflight from another
  // site is refused like the write it asks for; no route answers cross-origin calls.
  if (method === "OPTIONS" && fromAnotherSite(request)) return refusal(request, 403, "Cross-site request refused");
  try {
    gateRequest(request);
  } catch (refused) {
    if (refused instanceof Response) return refused;
    throw refused;
  }
  return null;
}

/** Throws the answer for a request no route should see: 400 for a malformed path, 403 for a cross-site write. */
export function gateRequest(request: RequestHead): void {
  const url = new URL(request.url);
  if (!pathDecodes(url.pathname)) refuse(request, 400, "Malformed URL");
  if (isCrossSiteWrite(request)) refuse(request, 403, "Cross-site request refused");
}
