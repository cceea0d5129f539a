// The local stand-ins for outside services in one loopback HTTP server: Google sign-in (/google), the
// Resend mail catcher (/resend) and the QuickBooks Online sandbox (/qbo). `tsx stand-ins/server.ts`
// runs it for dev; tests call startStandins({port: 0}).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "../app/lib/db.server";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { openDatabase } from "../db/node";
import type { StandinsConfig } from "./config";
import { googleStandin } from "./google";
import { escapeHtml, HttpError, page, sendHtml, sendJson, type Route } from "./http";
import { qboStandin, QBO_SANDBOX_REALM } from "./qbo";
import { resendStandin } from "./resend";

export type StandinsOptions = {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  /** Where the sign-in page reads staff from; ignored when `db` is given. */
  databaseUrl?: string;
  db?: Database;
  /** Persistent state (signing key, caught mail, QuickBooks tokens); `.data` by default. */
  dataDir?: string;
  /** The URL the app uses to reach the stand-ins, if not http://host:port (it is the token issuer). */
  publicUrl?: string;
  companyDomain?: string;
  googleClient?: { id: string; secret: string };
  qboClient?: { id: string; secret: string };
};

export type RunningStandins = { url: string; close: () => Promise<void> };

export async function startStandins(options: StandinsOptions = {}): Promise<RunningStandins> {
  const env = process.env;
  const host = options.host ?? "127.0.0.1";
  const ownsDb = !options.db;
  const db = options.db ?? openDatabase(options.databaseUrl ?? env.DATABASE_URL ?? LOCAL_DEFAULTS.DATABASE_URL);

  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? Number(env.STANDINS_PORT ?? LOCAL_DEFAULTS.STANDINS_PORT), host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  const config: StandinsConfig = {
    publicUrl: (options.publicUrl ?? url).replace(/\/$/, ""),
    dataDir: resolve(options.dataDir ?? ".data"),
    db,
    companyDomain: options.companyDomain ?? env.COMPANY_DOMAIN ?? LOCAL_DEFAULTS.COMPANY_DOMAIN,
    googleClient: options.googleClient ?? {
      id: env.GOOGLE_CLIENT_ID ?? LOCAL_DEFAULTS.GOOGLE_CLIENT_ID,
      secret: env.GOOGLE_CLIENT_SECRET ?? LOCAL_DEFAULTS.GOOGLE_CLIENT_SECRET,
    },
    qboClient: options.qboClient ?? {
      id: env.QBO_CLIENT_ID ?? LOCAL_DEFAULTS.QBO_CLIENT_ID,
      secret: env.QBO_CLIENT_SECRET ?? LOCAL_DEFAULTS.QBO_CLIENT_SECRET,
    },
  };
  const routes: Record<string, Route> = { google: googleStandin(config), resend: resendStandin(config), qbo: qboStandin(config) };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    void handle(routes, req, res);
  });

  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      // drizzle keeps the libSQL client on $client; the app's Database type does not expose it.
      if (ownsDb) (db as unknown as { $client?: { close(): void } }).$client?.close();
    },
  };
}

async function handle(routes: Record<string, Route>, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://stand-ins.local");
  try {
    const service = url.pathname.split("/")[1] ?? "";
    const route = routes[service];
    if (route) return await route(req, res, url);
    if (url.pathname === "/health") return sendJson(res, 200, { ok: true, services: Object.keys(routes) });
    if (url.pathname === "/" && req.method === "GET") return sendHtml(res, 200, indexPage());
    sendJson(res, 404, { error: "not_found", message: `No stand-in serves ${url.pathname}` });
  } catch (error) {
    if (res.headersSent) return void res.end();
    if (error instanceof HttpError) return sendJson(res, error.status, error.body);
    console.error("stand-ins: unexpected error on", req.method, url.pathname, error);
    sendJson(res, 500, { error: "internal_error", message: (error as Error).message });
  }
}

function indexPage() {
  const links = [
    ["/google/.well-known/openid-configuration", "Google OpenID provider (sign-in page at /google/authorize, started by the app)"],
    ["/resend", "Resend mail catcher: caught messages"],
    [`/qbo/v3/company/${QBO_SANDBOX_REALM}/query`, "QuickBooks Online sandbox API (needs a token; connect from the app)"],
  ];
  return page(
    "Local stand-ins",
    `<h1>Local stand-ins</h1><ul>${links.map(([href, label]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`).join("")}</ul>`,
  );
}

function isMain() {
  return Boolean(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  const running = await startStandins({ publicUrl: process.env.STANDINS_URL, dataDir: process.env.STANDINS_DATA_DIR });
  console.log(`stand-ins listening on ${running.url} (google, resend, qbo)`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
