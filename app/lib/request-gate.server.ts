// The checks every request passes before its route's policy (guard.server.ts calls them first): a URL
// that decodes, and no state-changing request from another origin (DESIGN §4).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function wantsJson(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.endsWith(".data");
}

function refuse(request: Request, status: number, message: string): never {
  if (wantsJson(request)) throw Response.json({ success: false, error: message }, { status });
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
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
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
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
  // URL from the Origin header itself, so the URL would always "match".
  return originHost !== (request.headers.get("host") ?? new URL(request.url).host);
}

/** Throws the answer for a request no route should see: 400 for a malformed path, 403 for a cross-site write. */
export function gateRequest(request: Request): void {
  const url = new URL(request.url);
  if (!pathDecodes(url.pathname)) refuse(request, 400, "Malformed URL");
  if (isCrossSiteWrite(request)) refuse(request, 403, "Cross-site request refused");
}
