// The dev server's front door (config/front-door.ts, decision 027), driven over real sockets: a Node HTTP
// server with the same chain as `npm run dev` — the front-door middleware, then Remix's own Node adapter
// (the one its Cloudflare dev proxy uses) and Remix's request handler over the source routes. Cross-origin
// writes to pages, TRACE, and requests answered before their body was read, on a kept-alive connection.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { fromNodeRequest, toNodeRequest } from "@remix-run/dev/dist/vite/node-adapter.js";
import { createRequestHandler } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { frontDoorMiddleware } from "../../config/front-door";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext } from "../support/context";
import { sourceBuild } from "../support/remix-build";

// @ts-expect-error the browser build has no type declarations of its own (same API as react-dom/server)
vi.mock("react-dom/server", () => import("react-dom/server.browser"));

let server: Server;
let port: number;
const EVIL = "https://evil.example";

beforeAll(async () => {
  const ctx = createTestContext(await createSeededTestDatabase(), { now: SEED_NOW });
  const handler = createRequestHandler(sourceBuild(), "production");
  // What Vite's stack does for the app: the front door first, then the Cloudflare dev proxy's Remix handler.
  const remix = async (req: IncomingMessage, res: ServerResponse) => {
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    try {
      await toNodeRequest(await handler(fromNodeRequest(req as never, res as never), ctx), res);
    } catch {
      // Vite's own error middleware: an overlay page with status 500.
      res.statusCode = 500;
      res.end("Internal server error");
    }
  };
  server = createServer((req, res) => frontDoorMiddleware(req, res, () => void remix(req, res)));
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as { port: number }).port;
}, 60_000);

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

async function send(path: string, init: RequestInit = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual", ...init });
}

/**
 * Writes raw bytes on one connection and answers the status lines received before the server closed it or
 * the wait ran out. A reset before any answer is an empty list.
 */
function raw(parts: (string | Buffer)[], expected: number): Promise<string[]> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const statuses = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (statuses().length >= expected) socket.end();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      clearTimeout(timer);
      done(statuses());
    });
    socket.on("connect", async () => {
      for (const part of parts) {
        if (socket.destroyed) break;
        if (!socket.write(part)) await new Promise((ok) => socket.once("drain", ok));
      }
    });
  });
}

describe("cross-origin writes to pages", () => {
  it.each(["/order-tracking", "/request-return", "/login", "/"])("a cross-origin POST to %s is 403 with the gate's message, not Remix's 500", async (path) => {
    const res = await send(path, { method: "POST", headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Cross-site request refused");
  });

  it("a page's data request is refused the same way, as JSON", async () => {
    const res = await send("/order-tracking.data", { method: "POST", headers: { Origin: EVIL }, body: "a=1" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Cross-site request refused" });
  });

  it("an Origin other than the X-Forwarded-Host Remix compares it with is refused too", async () => {
    const res = await send("/order-tracking", { method: "POST", headers: { Origin: `http://127.0.0.1:${port}`, "X-Forwarded-Host": "elsewhere.example" }, body: "a=1" });
    expect(res.status).toBe(403);
  });

  it("a preflight from another origin is refused (Remix runs its origin check for OPTIONS too)", async () => {
    const res = await send("/order-tracking.data", { method: "OPTIONS", headers: { Origin: EVIL } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Cross-site request refused" });
  });

  it("a same-origin POST still reaches Remix (the page's own answer, not the gate's)", async () => {
    const res = await send("/login", { method: "POST", headers: { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});

describe("methods no route takes", () => {
  it("TRACE is 405 with Allow, not 500 (Node cannot even build a Request with it)", async () => {
    const statuses = await raw([`TRACE /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`], 1);
    expect(statuses).toEqual(["HTTP/1.1 405"]);
  });

  it("an /api path answers the JSON shape", async () => {
    const socket = connect(port, "127.0.0.1");
    const text = await new Promise<string>((ok) => {
      let received = "";
      socket.on("data", (c) => (received += c.toString()));
      socket.on("close", () => ok(received));
      socket.write(`TRACE /api/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 405/);
    expect(text).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE/i);
    expect(text).toContain('{"success":false,"error":"Method not allowed"}');
  });
});

describe("a request answered before its body was read", () => {
  const login = (headers: string) => `POST /api/session/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${headers}\r\n`;
  const next = () => `GET /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
  const big = 3 * 1024 * 1024;

  it("a 413 for a declared length over the limit leaves the connection usable for the next request", async () => {
    expect(await raw([login(`Content-Length: ${big}\r\n`), Buffer.alloc(big, 0x20), next()], 2)).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
  });

  it("so does a 413 for a chunked body that runs over it, which is answered at all", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const chunks: (string | Buffer)[] = [];
    for (let i = 0; i < 40; i++) chunks.push(`${chunk.length.toString(16)}\r\n`, chunk, "\r\n");
    expect(await raw([login("Transfer-Encoding: chunked\r\n"), ...chunks, "0\r\n\r\n", next()], 2)).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
  });

  it("and a refusal before the body (a cross-origin write) leaves it usable too", async () => {
    const size = 512 * 1024;
    const post = `POST /order-tracking HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${EVIL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`;
    expect(await raw([post, Buffer.alloc(size, 0x61), next()], 2)).toEqual(["HTTP/1.1 403", "HTTP/1.1 200"]);
  });
});
