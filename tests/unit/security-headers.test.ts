// The Content-Security-Policy builder and the other security headers (docs/decisions/009-security-headers.md).
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "~/components/shell/error-page";
import { BROWSER_SETUP_SCRIPT } from "~/lib/csp-browser";
import {
  BASE_SECURITY_HEADERS,
  contentSecurityPolicy,
  createNonce,
  documentSecurityHeaders,
  GOOGLE_AVATAR_SOURCE,
  partySources,
  PERMISSIONS_POLICY,
  policySourcesFromEnv,
  withHeaders,
} from "~/lib/security-headers";

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const PRODUCTION = {
  nonce: "AAECAwQFBgcICQoLDA0ODw==",
  partyHost: "rice-ops.goldengrain.partykit.dev",
  formActionOrigins: ["https://accounts.google.com"],
  imageSources: [GOOGLE_AVATAR_SOURCE],
};

describe("the document's Content-Security-Policy", () => {
  const policy = parse(contentSecurityPolicy(PRODUCTION));

  it("runs only scripts carrying this response's nonce, and what they load", () => {
    expect(policy["script-src"]).toEqual([`'nonce-${PRODUCTION.nonce}'`, "'strict-dynamic'"]);
  });

  it("never allows inline scripts, eval or plugins", () => {
    const all = Object.values(policy).flat();
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("locks base, framing and forms", () => {
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'", "https://accounts.google.com"]);
  });

  it("allows inline styles (sonner, Vite) and our own stylesheets", () => {
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("loads images from us, data:, blob: and Google's avatar hosts", () => {
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", GOOGLE_AVATAR_SOURCE]);
  });

  it("connects to us and to the PartyKit host over wss and https in production", () => {
    expect(policy["connect-src"]).toEqual(["'self'", "wss://rice-ops.goldengrain.partykit.dev", "https://rice-ops.goldengrain.partykit.dev"]);
  });

  it("frames and workers from us or blob: (the print frame's PDF)", () => {
    expect(policy["frame-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
  });

  it("adds nothing for Vite unless asked, and only the dev server's own socket when asked", () => {
    expect(contentSecurityPolicy({ ...PRODUCTION, dev: false })).toBe(contentSecurityPolicy(PRODUCTION));
    const dev = parse(contentSecurityPolicy({ ...PRODUCTION, dev: { appOrigin: "http://127.0.0.1:5173" } }));
    expect(dev["connect-src"]).toEqual(["'self'", "wss://rice-ops.goldengrain.partykit.dev", "https://rice-ops.goldengrain.partykit.dev", "ws://127.0.0.1:5173"]);
    expect(dev["script-src"]).toEqual(policy["script-src"]);
  });

  it("refuses a nonce or source that could smuggle in a directive", () => {
    expect(() => contentSecurityPolicy({ ...PRODUCTION, nonce: "abc'; script-src *" })).toThrow();
    expect(() => contentSecurityPolicy({ ...PRODUCTION, formActionOrigins: ["https://x.test; script-src *"] })).toThrow();
    expect(() => contentSecurityPolicy({ ...PRODUCTION, partyHost: "evil.test; script-src *" })).toThrow();
  });
});

describe("the PartyKit sources", () => {
  it.each([
    ["127.0.0.1:1999", ["ws://127.0.0.1:1999", "http://127.0.0.1:1999"]],
    ["localhost:1999", ["ws://localhost:1999", "http://localhost:1999"]],
    ["192.168.1.20:1999", ["ws://192.168.1.20:1999", "http://192.168.1.20:1999"]],
    ["172.20.0.2:1999", ["ws://172.20.0.2:1999", "http://172.20.0.2:1999"]],
    ["172.32.0.2:1999", ["wss://172.32.0.2:1999", "https://172.32.0.2:1999"]],
    ["rice-ops.goldengrain.partykit.dev", ["wss://rice-ops.goldengrain.partykit.dev", "https://rice-ops.goldengrain.partykit.dev"]],
    ["https://rice-ops.goldengrain.partykit.dev/", ["wss://rice-ops.goldengrain.partykit.dev", "https://rice-ops.goldengrain.partykit.dev"]],
  ])("%s → %j", (host, expected) => {
    expect(partySources(host)).toEqual(expected);
  });
});

describe("the policy's inputs from the environment", () => {
  it("production: Google's authorize origin for forms, Google's avatar hosts for images", () => {
    expect(
      policySourcesFromEnv({ ENVIRONMENT: "production", PARTYKIT_HOST: "p.partykit.dev", GOOGLE_AUTHORIZATION_URL: "https://accounts.google.com/o/oauth2/v2/auth" }),
    ).toEqual({ partyHost: "p.partykit.dev", formActionOrigins: ["https://accounts.google.com"], imageSources: [GOOGLE_AVATAR_SOURCE] });
  });

  it("local runs: the Google stand-in's origin for the sign-in redirect and its avatars", () => {
    expect(
      policySourcesFromEnv({ ENVIRONMENT: "development", PARTYKIT_HOST: "127.0.0.1:1999", GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:4010/google/authorize" }),
    ).toEqual({ partyHost: "127.0.0.1:1999", formActionOrigins: ["http://127.0.0.1:4010"], imageSources: [GOOGLE_AVATAR_SOURCE, "http://127.0.0.1:4010"] });
  });
});

describe("the browser setup script", () => {
  it("turns zod's eval probe off before zod loads, keeping settings made earlier", () => {
    const fresh: Record<string, unknown> = {};
    runInNewContext(BROWSER_SETUP_SCRIPT, fresh);
    expect(runInNewContext("globalThis.__zod_globalConfig", fresh)).toEqual({ jitless: true });
    const configured = { __zod_globalConfig: { customError: "x" } };
    runInNewContext(BROWSER_SETUP_SCRIPT, configured);
    expect(configured.__zod_globalConfig).toEqual({ customError: "x", jitless: true });
  });
});

describe("nonces", () => {
  it("are 128 random bits in base64, fresh every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(nonce)).toHaveLength(16);
    }
  });
});

describe("the other headers", () => {
  it("documents get the policy, permissions, nosniff, the referrer policy and no-store", () => {
    expect(documentSecurityHeaders("default-src 'self'")).toEqual({
      "Content-Security-Policy": "default-src 'self'",
      "Permissions-Policy": "camera=(self), geolocation=(self), microphone=(), payment=(), usb=()",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cache-Control": "no-store",
    });
    expect(PERMISSIONS_POLICY).toContain("camera=(self)");
  });

  it("are set on a response even when its headers are immutable", async () => {
    const fetched = Response.redirect("http://127.0.0.1/login", 302); // immutable headers
    const res = withHeaders(fetched, BASE_SECURITY_HEADERS);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://127.0.0.1/login");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const mutable = new Response("x");
    expect(withHeaders(mutable, BASE_SECURITY_HEADERS)).toBe(mutable);
  });
});

describe("error pages outside local development", () => {
  const prod = { details: false };
  it("a POST to a page without an action is a generic 'Method not allowed'", () => {
    const remix405 = {
      status: 405,
      statusText: "Method Not Allowed",
      data: 'Error: You made a POST request to "/" but did not provide an `action` for route "routes/_app._index", so there is no way to handle the request.',
    };
    const info = describeRouteError(remix405, true, prod);
    expect(info.title).toBe("Method not allowed");
    expect(JSON.stringify(info)).not.toMatch(/routes\/|action`|_app/);
    expect(describeRouteError(remix405, true, { details: true }).message).toContain("routes/_app._index");
  });

  it("a 500 response or a thrown Error shows no internals", () => {
    const thrown = new Error("SQLITE_ERROR: no such column at /app/services/orders.server.ts:12");
    expect(describeRouteError(thrown, false, prod)).toEqual({ code: "500", title: "Unexpected Application Error!", message: "Something went wrong. Please try again." });
    const res500 = { status: 500, statusText: "Internal Server Error", data: "Unexpected Server Error\n\nError: at routes/x.tsx" };
    expect(JSON.stringify(describeRouteError(res500, true, prod))).not.toContain("routes/");
  });

  it("the router's own 4xx messages (naming a route) show only the status", () => {
    const remix400 = { status: 400, statusText: "Bad Request", data: 'Error: You made a GET request to "/x" but did not provide a `loader` for route "routes/x"' };
    expect(describeRouteError(remix400, true, prod).message).toBe("400 Bad Request");
  });

  it("our own messages still reach the reader (spec 002's 404, the guard's 403, a 409's reason)", () => {
    expect(describeRouteError({ status: 404, data: { shell: null } }, true, prod)).toEqual({ code: "404", title: "404 Not Found", message: "The page you are looking for does not exist." });
    expect(describeRouteError({ status: 403, data: "You do not have access to this page." }, true, prod).message).toBe("You do not have access to this page.");
    expect(describeRouteError({ status: 409, statusText: "Conflict", data: { error: "Stale" } }, true, prod).message).toBe("409 Conflict — Stale");
  });
});
