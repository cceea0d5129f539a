#!/usr/bin/env node
// `npm run dev`: migrates and seeds the embedded database on first start, then runs the whole product
// locally: the stand-ins (Google, Resend, QuickBooks), PartyKit dev and Remix's Vite dev server.
// Flags: --fresh (delete the database file first; used by the e2e run).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  PARTYKIT_TELEMETRY_DISABLED: "1",
};
const appPort = env.APP_PORT ?? "5173";
const standinsPort = env.STANDINS_PORT ?? "4010";
const partyPort = env.PARTYKIT_PORT ?? "1999";
const dbUrl = env.DATABASE_URL ?? "file:.data/app.db";
env.DATABASE_URL = dbUrl;

const bin = (name) => resolve("node_modules/.bin", name);

// Room state lives beside the database so that --fresh starts both from nothing.
const partyState = env.PARTYKIT_STATE_DIR ?? (dbUrl.startsWith("file:") ? `${dbUrl.slice(5)}.partykit` : ".data/partykit");
if (process.argv.includes("--fresh") && dbUrl.startsWith("file:")) {
  const file = dbUrl.slice(5);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
  rmSync(partyState, { recursive: true, force: true });
}

const seedArgs = ["db/seed.ts", "--if-empty", ...(env.SEED_ORDERS ? ["--orders", env.SEED_ORDERS] : [])];
for (const args of [["db/migrate.ts"], seedArgs]) {
  const r = spawnSync(bin("tsx"), args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [];
function run(name, cmd, args) {
  const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => `[${name}] ${l}`)
      .join("\n") + "\n";
  child.stdout.on("data", (c) => process.stdout.write(prefix(c)));
  child.stderr.on("data", (c) => process.stderr.write(prefix(c)));
  child.on("exit", (code) => {
    if (!shuttingDown) {
      console.error(`[${name}] exited with ${code}; stopping`);
      shutdown(code ?? 1);
    }
  });
  children.push(child);
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 300);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

run("standins", bin("tsx"), ["stand-ins/server.ts"]);
run("cron", bin("tsx"), ["scripts/cron.ts"]);
const partySecret = env.PARTY_TOKEN_SECRET ?? "dev-party-token-secret-00000001";
run("party", bin("partykit"), ["dev", "--port", partyPort, "--persist", partyState, "--disable-request-cf-fetch", "--no-hotkeys", "--var", `PARTY_TOKEN_SECRET=${partySecret}`]);
run("app", bin("remix"), ["vite:dev", "--host", "127.0.0.1", "--port", appPort, "--strictPort"]);
console.log(`\n  Golden Grain Ops → http://127.0.0.1:${appPort}  (stand-ins :${standinsPort}, party :${partyPort})\n`);
