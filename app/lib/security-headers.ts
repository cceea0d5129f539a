// The security headers of every response: the documents' Content-Security-Policy (a fresh nonce per
// request), and the headers data requests share with them. Pure functions; docs/decisions/009 explains each.
import type { AppEnv } from "./env.server";

/** A 128-bit random nonce, base64 (CSP's nonce-source grammar accepts base64 and base64url). */
export function createNonce(bytes = 16): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...random));
}

export type ContentSecurityPolicyOptions = {
  nonce: string;
  /** PARTYKIT_HOST (host[:port], a scheme is tolerated): the picking screen's live socket. */
  partyHost: string;
  /** Where a form post may land after our redirect: the identity provider's authorize endpoint. */
  formActionOrigins?: readonly string[];
  /** Image origins besides our own: profile pictures. */
  imageSources?: readonly string[];
  /**
   * Vite's dev server only (import.meta.env.DEV): the page's own origin, whose HMR websocket the dev client
   * opens. Never set in a production build.
   */
  dev?: { appOrigin: string } | false;
};

/** Google serves profile pictures (the ID token's `picture`) from its user-content hosts. */
export const GOOGLE_AVATAR_SOURCE = "https://*.googleusercontent.com";

const NONCE_PATTERN = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Whether the browser reaches the host over ws:// rather than wss://: partysocket's rule (loopback and
 * private networks, see its getPartyInfo) plus party.server.ts's (any 127.x or localhost).
 */
function isPlainTextPartyHost(host: string): boolean {
  if (host.startsWith("localhost") || host.startsWith("127.") || host.startsWith("192.168.") || host.startsWith("10.")) return true;
  if (host.startsWith("[::ffff:7f00:1]:")) return true;
  const [first, second] = host.split(".");
  return first === "172" && Number(second) >= 16 && Number(second) <= 31;
}

/** Scheme + host + port, through the URL parser: nothing from the environment can add a directive. */
function origin(scheme: string, host: string): string {
  const url = new URL(`${scheme}://${host}`);
  return `${url.protocol}//${url.host}`;
}

/** The websocket and HTTP origins of the PartyKit host, as the browser will reach them. */
export function partySources(partyHost: string): string[] {
  const host = partyHost.trim().replace(/^(https?|wss?):\/\//, "").replace(/\/+$/, "");
  return isPlainTextPartyHost(host) ? [origin("ws", host), origin("http", host)] : [origin("wss", host), origin("https", host)];
}

/** One origin from a configured URL (an authorize endpoint, an avatar host), validated by the URL parser. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The Content-Security-Policy header value of one HTML document. */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const { nonce, partyHost, formActionOrigins = [], imageSources = [], dev = false } = options;
  if (!NONCE_PATTERN.test(nonce)) throw new Error("CSP nonce must be base64");
  for (const source of [...formActionOrigins, ...imageSources]) {
    if (/[\s;,']/.test(source)) throw new Error(`Not a CSP source: ${JSON.stringify(source)}`);
  }
  // Vite's HMR client opens ws://<page host>/ on the dev server's own port. CSP 3 lets 'self' match ws: for
  // an http: page (current Chromium and Firefox do), but older WebKit does not, and a phone on the LAN is how
  // screens get tried in dev; so the dev server's socket is named explicitly. Production never gets it.
  const devSockets = dev ? [origin(dev.appOrigin.startsWith("https:") ? "wss" : "ws", new URL(dev.appOrigin).host)] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // Only scripts carrying this response's nonce run; what they load (Remix's module graph, lazy route
    // chunks, partysocket) inherits the trust ('strict-dynamic'), so no host list and no 'unsafe-inline'.
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'"]],
    // sonner and Vite inject <style> elements and React sets style attributes: inline styles only.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // Product pictures and signed file links are ours; data: (the empty icon), blob: (photo previews).
    ["img-src", unique(["'self'", "data:", "blob:", ...imageSources])],
    ["connect-src", unique(["'self'", ...partySources(partyHost), ...devSockets])],
    // The batch print loads a same-origin PDF (a signed /files link) in a hidden frame.
    ["frame-src", ["'self'", "blob:"]],
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    // The sign-in form posts to /auth/google, which redirects to the identity provider: browsers check
    // form-action on that redirect too, so its origin must be listed.
    ["form-action", unique(["'self'", ...formActionOrigins])],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The policy's inputs from the Worker's environment: PartyKit host, identity provider, avatar hosts. */
export function policySourcesFromEnv(env: Pick<AppEnv, "PARTYKIT_HOST" | "GOOGLE_AUTHORIZATION_URL" | "ENVIRONMENT">) {
  const identityProvider = originOf(env.GOOGLE_AUTHORIZATION_URL);
  return {
    partyHost: env.PARTYKIT_HOST,
    formActionOrigins: [identityProvider],
    // The local Google stand-in serves its own avatars; production pictures come from Google's hosts.
    imageSources: env.ENVIRONMENT === "production" ? [GOOGLE_AVATAR_SOURCE] : [GOOGLE_AVATAR_SOURCE, identityProvider],
  };
}

export const PERMISSIONS_POLICY = "camera=(self), geolocation=(self), microphone=(), payment=(), usb=()";

/** Headers every response of ours should carry: no MIME sniffing, no full URL to other sites, no caching. */
export const BASE_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Pages and their data carry personal data: neither shared caches nor the back/forward cache keep them.
  "Cache-Control": "no-store",
} as const;

/** The headers of an HTML document. */
export function documentSecurityHeaders(csp: string): Record<string, string> {
  return { "Content-Security-Policy": csp, "Permissions-Policy": PERMISSIONS_POLICY, ...BASE_SECURITY_HEADERS };
}

/** Sets the headers on a response, copying it first when its headers are immutable (a fetched Response). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
