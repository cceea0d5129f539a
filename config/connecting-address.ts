// The dev server's stand-in for Cloudflare's CF-Connecting-IP: a Vite middleware writes the socket's
// address into one header before Remix sees the request, deleting whatever the client sent under that
// name. Forwarded headers (X-Forwarded-For) count only when the socket is a proxy listed in TRUSTED_PROXIES.
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
      server.middlewares.use((req, _res, next) => {
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
