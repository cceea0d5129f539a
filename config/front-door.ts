// The dev server's front door, the Vite-side twin of what workers/app.ts does before Remix: TRACE and its
// kin get 405, a cross-site write (to a page too) gets the gate's 403, both before Remix's own origin check
// or Node's Request constructor can turn them into a 500. And a request a route answered without reading its
// whole body (a 413, a 401 before parsing) has the rest drained, so the connection it came on stays usable
// (decision 027).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";
import { frontDoor, type RequestHead } from "../app/lib/request-gate.server";

/** Past this, an unread remainder is not worth draining: the connection is closed instead. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** What the gate reads of a Node request: no body, and the URL from the Host the client connected to. */
function requestHead(req: IncomingMessage): RequestHead | null {
  try {
    return { method: req.method ?? "GET", url: new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`).href, headers: headersOf(req.headers) };
  } catch {
    return null;
  }
}

async function send(answer: Response, res: ServerResponse) {
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * Keeps the connection usable when a route answers without reading the whole body. Remix's Node adapter wraps
 * the request in a web stream that pauses it, so Node's own draining never starts and the next request on the
 * connection is never parsed; and a route that stops reading (a chunked body over its limit) cancels that
 * stream, which destroys the socket before the 413 is written. Instead the rest is read and discarded, up to
 * DRAIN_LIMIT_BYTES, after which the connection is closed after all.
 */
function drainWhenAnsweredEarly(req: IncomingMessage, res: ServerResponse) {
  const destroy = req.destroy.bind(req);
  let draining = false;
  function drain() {
    if (draining || req.complete || req.destroyed) return;
    draining = true;
    let drained = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) destroy();
    });
    req.resume();
  }
  req.destroy = ((error?: Error) => {
    // The client went away, or the answer is already out: a real destroy.
    if (error || res.writableFinished || res.destroyed || req.socket.destroyed) return destroy(error);
    drain();
    return req;
  }) as typeof req.destroy;
  res.once("finish", drain);
}

/** The middleware itself (Connect's signature), first in line after the connecting-address one. */
export function frontDoorMiddleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
  const head = requestHead(req);
  const refused = head ? frontDoor(head) : new Response("Malformed URL", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (refused) {
    send(refused, res).catch(next);
    return;
  }
  drainWhenAnsweredEarly(req, res);
  next();
}

/** Node closes an idle keep-alive socket after 5 s, racing a client that reuses it at that instant (a test's
 * request client then reads ECONNRESET before the app sees the request). Idle sockets are kept for 65 s, as
 * Cloudflare's edge keeps them, so the client gives one up first. */
export const DEV_KEEP_ALIVE_MS = 65_000;

export function keepConnectionsLonger(server: { keepAliveTimeout: number; headersTimeout: number }) {
  server.keepAliveTimeout = DEV_KEEP_ALIVE_MS;
  // headersTimeout must exceed keepAliveTimeout, or Node may drop a reused socket while its next request's headers arrive.
  server.headersTimeout = Math.max(server.headersTimeout, DEV_KEEP_ALIVE_MS + 1_000);
}

export function frontDoorPlugin(): Plugin {
  return {
    name: "gg-front-door",
    configureServer(server) {
      server.middlewares.use(frontDoorMiddleware);
      // The dev server is plain HTTP/1.1 (no https option), so its server has Node's keep-alive settings.
      const http = server.httpServer as { keepAliveTimeout?: number; headersTimeout?: number } | null;
      if (http && typeof http.keepAliveTimeout === "number") keepConnectionsLonger(http as { keepAliveTimeout: number; headersTimeout: number });
    },
  };
}
