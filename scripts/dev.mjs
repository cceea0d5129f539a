#!/usr/bin/env node
// `npm run dev`: migrates and seeds the embedded database on first start, then runs the whole product
// locally: the stand-ins (Google, Resend, QuickBooks), PartyKit dev and Remix's Vite dev server.
// Flags: --fresh (delete the database file first; used by the e2e run).
import { existsSync, rmSync } from "node:fs";
import { bin, mustRun, partykitDev, quietEnv, supervisor } from "./processes.mjs";

const env = { ...quietEnv };
const appPort = env.APP_PORT ?? "5173";
const standinsPort = env.STANDINS_PORT ?? "4010";
const partyPort = env.PARTYKIT_PORT ?? "1999";
const dbUrl = env.DATABASE_URL ?? "file:.data/app.db";
env.DATABASE_URL = dbUrl;

// Room state lives beside the database so that --fresh starts both from nothing.
const partyState = env.PARTYKIT_STATE_DIR ?? (dbUrl.startsWith("file:") ? `${dbUrl.slice(5)}.partykit` : ".data/partykit");
if (process.argv.includes("--fresh") && dbUrl.startsWith("file:")) {
  const file = dbUrl.slice(5);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
  rmSync(partyState, { recursive: true, force: true });
}

const seedArgs = ["db/seed.ts", "--if-empty", ...(env.SEED_ORDERS ? ["--orders", env.SEED_ORDERS] : [])];
for (const args of [["db/migrate.ts"], seedArgs]) mustRun(bin("tsx"), args, env);

const { run } = supervisor({ env, graceMs: 300 });

run("standins", bin("tsx"), ["stand-ins/server.ts"]);
run("cron", bin("tsx"), ["scripts/cron.ts"]);
const partySecret = env.PARTY_TOKEN_SECRET ?? "dev-party-token-secret-00000001";
run("party", ...partykitDev(["--port", partyPort, "--persist", partyState, "--disable-request-cf-fetch", "--no-hotkeys", "--var", `PARTY_TOKEN_SECRET=${partySecret}`]));
run("app", bin("remix"), ["vite:dev", "--host", "127.0.0.1", "--port", appPort, "--strictPort"]);
console.log(`\n  Golden Grain Ops → http://127.0.0.1:${appPort}  (stand-ins :${standinsPort}, party :${partyPort})\n`);
