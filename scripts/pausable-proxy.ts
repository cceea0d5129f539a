// A TCP proxy that can stop passing bytes on command: a database server that stops answering, for the fault
// tests (tests/integration/database-faults.test.ts, tests/preview/faults.spec.ts). Paused, it accepts
// connections and holds every byte in both directions, as a frozen process would leave them in its socket
// buffers; resumed, it delivers what it held, in order, then carries on. `pauseOn` pauses at the first
// client chunk that matches (a statement of a transaction), so a test can stop the server mid-write.
//
// As a program (npm run preview starts it when LIBSQL_PROXY_PORT is set; decision 027):
//   tsx scripts/pausable-proxy.ts --port 8099 --target 127.0.0.1:8098 --control 8100
// with a control server on loopback: POST /pause, POST /resume, POST /pause-on?match=<text>, GET /state.
import { createServer as createHttpServer } from "node:http";
import { connect, createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export type PausableProxy = {
  port: number;
  readonly paused: boolean;
  pause(): void;
  resume(): void;
  /** Pauses at the first client→server chunk containing `match` (that chunk is held); resolves then. */
  pauseOn(match: string): Promise<void>;
  close(): Promise<void>;
};

type Held = { to: Socket; data: Buffer | "end" };

export async function startPausableProxy(options: { target: { host: string; port: number }; port?: number; host?: string }): Promise<PausableProxy> {
  let paused = false;
  let trigger: { match: string; fired: () => void } | null = null;
  const connections = new Set<{ client: Socket; upstream: Socket; held: Held[] }>();

  function deliver(held: Held) {
    if (held.to.destroyed) return;
    if (held.data === "end") held.to.end();
    else held.to.write(held.data);
  }

  const server = createServer((client) => {
    const upstream = connect(options.target.port, options.target.host);
    const conn = { client, upstream, held: [] as Held[] };
    connections.add(conn);
    const pass = (to: Socket, data: Buffer | "end", fromClient: boolean) => {
      if (!paused && fromClient && trigger && data !== "end" && data.includes(trigger.match)) {
        paused = true;
        const { fired } = trigger;
        trigger = null;
        fired();
      }
      if (paused) conn.held.push({ to, data });
      else deliver({ to, data });
    };
    client.on("data", (chunk: Buffer) => pass(upstream, chunk, true));
    upstream.on("data", (chunk: Buffer) => pass(client, chunk, false));
    client.on("end", () => pass(upstream, "end", true));
    upstream.on("end", () => pass(client, "end", false));
    // A side that fails takes the other down, unless bytes for it are still held: then they go first.
    client.on("error", () => (paused ? conn.held.push({ to: upstream, data: "end" }) : upstream.destroy()));
    upstream.on("error", () => client.destroy());
    client.on("close", () => {
      if (!paused && !conn.held.length) connections.delete(conn);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => ok());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    get paused() {
      return paused;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const conn of connections) for (const held of conn.held.splice(0)) deliver(held);
    },
    pauseOn(match) {
      return new Promise<void>((fired) => {
        trigger = { match, fired };
      });
    },
    async close() {
      for (const { client, upstream } of connections) {
        client.destroy();
        upstream.destroy();
      }
      connections.clear();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

// Run as a program: the proxy plus its control server, both on loopback.
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const [targetHost, targetPort] = (flag("target") ?? "127.0.0.1:8080").split(":");
  const proxy = await startPausableProxy({ target: { host: targetHost!, port: Number(targetPort) }, port: Number(flag("port") ?? 0) });
  const control = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const answer = (body: unknown) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/pause") proxy.pause();
    else if (req.method === "POST" && url.pathname === "/resume") proxy.resume();
    else if (req.method === "POST" && url.pathname === "/pause-on" && url.searchParams.get("match")) void proxy.pauseOn(url.searchParams.get("match")!);
    else if (!(req.method === "GET" && url.pathname === "/state")) {
      res.statusCode = 404;
      return answer({ error: "POST /pause, /resume, /pause-on?match=…, GET /state" });
    }
    answer({ paused: proxy.paused });
  });
  control.listen(Number(flag("control") ?? 0), "127.0.0.1", () => {
    const at = control.address();
    console.log(`pausable proxy 127.0.0.1:${proxy.port} → ${targetHost}:${targetPort} (control 127.0.0.1:${typeof at === "object" && at ? at.port : "?"})`);
  });
}
