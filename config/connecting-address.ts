// The dev server's stand-in for Cloudflare's CF-Connecting-IP: a Vite middleware writes the socket's
// address into one header before Remix sees the request, deleting whatever the client sent under that
// name. Forwarded headers (X-Forwarded-For) count only when the socket is a proxy listed in TRUSTED_PROXIES.
// It also answers a malformed path with 400 before Vite's middlewares would fail on it with a 500.
import type { Plugin } from "vite";

export const CONNECTING_ADDRESS_HEADER = "x-gg-connecting-address";

export function connectingAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: readonly string[]): string {
  const socket = socketAddress ?? "";
  if (forwardedFor && trusted.includes(socket)) {
    // The last hop the trusted proxy appended is the one it saw; earlier ones are the client's to invent.
    const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
    return hops[hops.length - 1] ?? socket;
  }
  return socket;
}

export function connectingAddressPlugin(trusted = (process.env.TRUSTED_PROXIES ?? "").split(",").map((s) => s.trim()).filter(Boolean)): Plugin {
  return {
    name: "gg-connecting-address",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // Vite's own middlewares fail on a malformed path with a 500; production answers 400 (the guard).
        try {
          decodeURIComponent((req.url ?? "/").split("?")[0]!);
        } catch {
          res.statusCode = 400;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Malformed URL");
          return;
        }
        const forwarded = req.headers["x-forwarded-for"];
        req.headers[CONNECTING_ADDRESS_HEADER] = connectingAddress(
          req.socket.remoteAddress,
          Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
          trusted,
        );
        next();
      });
    },
  };
}
