#!/usr/bin/env node
// `npm run preview`: the product as production serves it, on this machine. Builds the app, then runs the
// built Worker (workers/app.ts) inside workerd through `wrangler dev` with local R2, and everything it
// talks to on loopback: the local libSQL server (Hrana over HTTP on .data/preview.db, reached through the
// same @libsql/client/web code path as Turso), the stand-ins (Google, Resend, QuickBooks) and PartyKit.
// What it is for: measuring and trying what users get (bench, the smoke journey), not for editing code —
// there is no hot reload. Decision 019. The cron triggers of wrangler.toml run on their schedule, as in production
// (scripts/preview-cron.ts calls the Worker's /__scheduled once it is up, then at each time a trigger names).
// Flags: --fresh (start from a new database), --no-build (reuse the last build).
// Ports: PREVIEW_PORT (8787), LIBSQL_PORT (8080), STANDINS_PORT (4010), PARTYKIT_PORT (1999).
// LIBSQL_PROXY_PORT (unset: none): the Worker reaches the database through a proxy the fault tests pause
// (scripts/pausable-proxy.ts), controlled on LIBSQL_PROXY_CONTROL_PORT (the proxy's port + 1). Decision 027.
import { existsSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { bin, mustRun as mustRunIn, partykitDev, quietEnv, supervisor } from "./processes.mjs";

const base = { ...quietEnv };
const port = base.PREVIEW_PORT ?? "8787";
const libsqlPort = base.LIBSQL_PORT ?? "8080";
const standinsPort = base.STANDINS_PORT ?? "4010";
const partyPort = base.PARTYKIT_PORT ?? "1999";
const proxyPort = base.LIBSQL_PROXY_PORT;
const proxyControlPort = base.LIBSQL_PROXY_CONTROL_PORT ?? (proxyPort ? String(Number(proxyPort) + 1) : undefined);
const dbFile = base.PREVIEW_DB_FILE ?? ".data/preview.db";
const persist = base.PREVIEW_STATE_DIR ?? ".wrangler/preview";
const partyState = `${dbFile}.partykit`;
// Node processes (seed, stand-ins) open the file; the Worker only ever gets the HTTP URL.
const nodeEnv = { ...base, DATABASE_URL: `file:${dbFile}`, STANDINS_PORT: standinsPort, PARTYKIT_PORT: partyPort, APP_PORT: port };

if (process.argv.includes("--fresh")) {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) if (existsSync(f)) rmSync(f);
  rmSync(partyState, { recursive: true, force: true });
  rmSync(persist, { recursive: true, force: true });
}

const mustRun = (cmd, args) => mustRunIn(cmd, args, nodeEnv);

if (!process.argv.includes("--no-build")) mustRun("npm", ["run", "build"]);
const seedArgs = ["db/seed.ts", "--if-empty", ...(base.SEED_ORDERS ? ["--orders", base.SEED_ORDERS] : [])];
mustRun(bin("tsx"), ["db/migrate.ts"]);
mustRun(bin("tsx"), seedArgs);

// The Worker's environment: the local defaults (config/local-env.ts) with the database behind HTTP.
const { localEnv } = await import("../config/local-env.ts"); // run through tsx (package.json)
const workerVars = { ...localEnv(nodeEnv), DATABASE_URL: `http://127.0.0.1:${proxyPort ?? libsqlPort}`, APP_URL: `http://127.0.0.1:${port}` };

const { run } = supervisor({ env: nodeEnv, graceMs: 500 });

run("libsql", bin("tsx"), ["stand-ins/libsql-http.ts", "--file", dbFile, "--port", libsqlPort]);
if (proxyPort) run("db-proxy", bin("tsx"), ["scripts/pausable-proxy.ts", "--port", proxyPort, "--target", `127.0.0.1:${libsqlPort}`, "--control", proxyControlPort]);
run("standins", bin("tsx"), ["stand-ins/server.ts"]);
run("party", ...partykitDev(["--port", partyPort, "--persist", partyState, "--disable-request-cf-fetch", "--no-hotkeys", "--var", `PARTY_TOKEN_SECRET=${workerVars.PARTY_TOKEN_SECRET}`]));
await sleep(300);
const varArgs = Object.entries(workerVars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
run("worker", bin("wrangler"), [
  "dev",
  "--ip", "127.0.0.1",
  "--port", port,
  "--persist-to", persist,
  "--show-interactive-dev-session=false",
  "--test-scheduled",
  ...varArgs,
], base);
// The cron triggers, as production runs them: once when the Worker is up, then on wrangler.toml's schedule.
run("cron", bin("tsx"), ["scripts/preview-cron.ts", "--port", port]);
console.log(`\n  Golden Grain Ops (production build) → http://127.0.0.1:${port}  (libSQL :${libsqlPort}, stand-ins :${standinsPort}, party :${partyPort})\n`);
