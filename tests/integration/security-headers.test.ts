// Security headers end to end through Remix's request handler: the real route modules, entry.server.tsx
// and a seeded libSQL database, in production mode (errors sanitized, Vite's dev allowances off). Checks
// the documents' policy and nonce, the `.data` headers, and that dead links and errors keep the signed-in
// shell without showing internals.
import { createRequestHandler } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookie } from "../support/context";
import { sourceBuild } from "../support/remix-build";

// The Worker (and the app's Vite SSR config) resolve react-dom/server's web-streams build; Node's default is
// the Node-streams one, which has no renderToReadableStream.
// @ts-expect-error the browser build has no type declarations of its own (same API as react-dom/server)
vi.mock("react-dom/server", () => import("react-dom/server.browser"));

/** Pages whose action the build leaves out, to see Remix's own 405 (every real page declares one). */
const WITHOUT_ACTION = new Set(["routes/_app.pick-list-check"]);

let ctx: ReturnType<typeof createTestContext>;
let handle: (req: Request) => Promise<Response>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  // As a production build runs: import.meta.env.DEV is false there (no Vite allowances, no error details).
  vi.stubEnv("DEV", false);
  ctx = createTestContext(await createSeededTestDatabase(), { now: SEED_NOW });
  const handler = createRequestHandler(sourceBuild({ withoutAction: WITHOUT_ACTION }), "production");
  handle = (req) => handler(req, ctx);
  for (const name of ["admin", "warehouse"]) cookies[name] = await staffCookie(ctx.app, `${name}@${ctx.app.env.COMPANY_DOMAIN}`);
});

afterAll(() => {
  vi.unstubAllEnvs();
});

/** The part of the document a person sees: the body up to its first script (the handoff and manifest). */
function visible(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body.slice(0, body.indexOf("<script"));
}

function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
}

function nonceOf(policy: string | null): string {
  const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

describe("documents", () => {
  it("carry the security headers and a policy whose nonce is on every script of the page", async () => {
    const res = await handle(request("/login"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("permissions-policy")).toBe("camera=(self), geolocation=(self), microphone=(), payment=(), usb=()");

    const policy = res.headers.get("content-security-policy")!;
    const nonce = nonceOf(policy);
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic';`);
    expect(policy).toContain("object-src 'none'; base-uri 'self'; form-action 'self' http://127.0.0.1:4010; frame-ancestors 'none'");
    // The PartyKit host and nothing else: a production build adds no socket for Vite's dev server.
    expect(policy).toContain(`connect-src 'self' ws://${ctx.app.env.PARTYKIT_HOST} http://${ctx.app.env.PARTYKIT_HOST};`);

    const html = await res.text();
    const scripts = scriptTags(html);
    // Remix's context, route modules, single-fetch stream and scroll restoration: all inline, all with the nonce.
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(html).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
  });

  it("get a fresh nonce on every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf((await handle(request("/login"))).headers.get("content-security-policy")));
    expect(nonces.size).toBe(5);
  });

  it("a signed-in page has the same headers and its scripts the same nonce", async () => {
    const res = await handle(request("/", { cookie: cookies.admin }));
    expect(res.status).toBe(200);
    const nonce = nonceOf(res.headers.get("content-security-policy"));
    expect(res.headers.get("cache-control")).toBe("no-store");
    for (const tag of scriptTags(await res.text())) expect(tag).toContain(` nonce="${nonce}"`);
  });
});

describe("data requests (handleDataRequest)", () => {
  it("a .data response carries nosniff, the referrer policy and no-store", async () => {
    const res = await handle(request("/pick-list-check.data", { cookie: cookies.warehouse }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("so does the guard's redirect of a .data request", async () => {
    const res = await handle(request("/pick-list-check.data"));
    expect(res.status).toBe(202); // single fetch's redirect envelope
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("dead links and errors", () => {
  it("a signed-in dead link is a 404 inside the shell: the viewer's navigation is there", async () => {
    const res = await handle(request("/no-such-page", { cookie: cookies.warehouse }));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toContain("'strict-dynamic'");
    const page = visible(await res.text());
    expect(page).toContain("404 Not Found");
    expect(page).toContain("The page you are looking for does not exist.");
    expect(page).toMatch(/<a[^>]*href="\/order-tracking"[^>]*>Order Tracking<\/a>/);
    expect(page).toContain("Log Out");
    expect(page).not.toContain("Log In");
  });

  it("an anonymous dead link is the public 404 with Log In", async () => {
    const res = await handle(request("/no-such/page"));
    expect(res.status).toBe(404);
    const page = visible(await res.text());
    expect(page).toContain("404 Not Found");
    expect(page).toContain("Log In");
    expect(page).not.toContain("Order Tracking");
  });

  it("a form posted to a dead address is the same 404, not a 405 naming the route file", async () => {
    const res = await handle(request("/no-such-page", { method: "POST", cookie: cookies.warehouse, body: new URLSearchParams({ a: "1" }) }));
    expect(res.status).toBe(404);
    expect(visible(await res.text())).toContain("Order Tracking");
  });

  // Remix answers a POST to a page without an action with a 405 naming the route file. It runs no loader at
  // or below the boundary after a failed action, so the shell has no viewer to draw its navigation with:
  // the plain error page, generic text.
  it("a POST to a page without an action is a generic 'Method not allowed', naming no route file", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {}); // Remix logs the 405 on the server
    const res = await handle(request("/pick-list-check", { method: "POST", cookie: cookies.warehouse, body: new URLSearchParams({ a: "1" }) }));
    logged.mockRestore();
    expect(res.status).toBe(405);
    const page = visible(await res.text());
    expect(page).toContain("Method not allowed");
    expect(page).toContain("Go to Home");
    expect(page).not.toMatch(/routes\/|_app|did not provide|\.tsx/);
  });

  it("a child page's refusal renders inside the shell", async () => {
    const res = await handle(request("/dev/mail", { cookie: cookies.warehouse }));
    expect(res.status).toBe(403);
    const page = visible(await res.text());
    expect(page).toContain("Access denied");
    expect(page).toContain("Order Tracking");
  });
});
