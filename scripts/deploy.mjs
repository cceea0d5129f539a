#!/usr/bin/env node
// `npm run deploy`: the code part of a production deploy, in order — migrate Turso, build, `wrangler deploy`
// (the Worker with its nine secrets), `partykit deploy` (the picking rooms with the same PARTY_TOKEN_SECRET),
// then a check that the live app answers and reaches its database. It refuses to start, naming each missing or
// placeholder secret or variable, before touching anything. The accounts and one-time set-up are in docs/deploy.md.
//
// `npm run deploy -- --dry-run` does everything that needs no account (part of `npm test`): the config checks,
// the production build accepted by `wrangler deploy --dry-run`, its compressed size under the Workers plan's
// limit, and the migrations applied from an empty database through libSQL's HTTP protocol (the local stand-in
// behind a proxy that refuses what Turso's server refuses), then the schema checked and a second run a no-op.
// Flags: --dry-run, --no-build (reuse the build `npm test` just made), --plan free|paid (default paid).
// Run through tsx (package.json) so it can import the app's TypeScript.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values: flags } = parseArgs({
  options: { "dry-run": { type: "boolean" }, "no-build": { type: "boolean" }, plan: { type: "string", default: "paid" } },
  strict: true,
});
const dryRun = !!flags["dry-run"];
const plan = flags.plan;

const { deployProblems, envKeys, readWranglerVars, WORKER_SECRETS, WORKER_SIZE_LIMITS } = await import("./deploy-config.ts");

const bin = (name) => resolve("node_modules/.bin", name);
// Nothing but the registry and, in a real deploy, the three providers: no telemetry either way.
const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false", PARTYKIT_TELEMETRY_DISABLED: "1" };
let failures = 0;
const ok = (what) => console.log(`  ok    ${what}`);
const fail = (what) => {
  failures += 1;
  console.error(`  FAIL  ${what}`);
};

function step(title) {
  console.log(`\n=== ${title}`);
}

/** A step that must succeed: its failure ends the deploy with its status. */
function mustRun(cmd, args, env = quiet) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\ndeploy stopped: ${[cmd.split("/").pop(), ...args.filter((a) => !a.includes("="))].join(" ")} exited ${r.status ?? r.signal}`);
    process.exit(r.status ?? 1);
  }
}

/** A child whose output we read while this process keeps serving (the stand-in lives in this process). */
function runAsync(cmd, args, env) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("close", (code) => done({ code, out }));
  });
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
}

function build() {
  if (flags["no-build"] && existsSync("build/server/index.js")) {
    ok("reusing the build in build/ (--no-build)");
    return;
  }
  mustRun("npm", ["run", "build"]);
}

// ---------------------------------------------------------------- checks that need no account

function checkConfigNames() {
  step("configuration: every variable the Worker reads is documented and configured");
  const keys = envKeys();
  const vars = readWranglerVars();
  const example = readFileSync(".dev.vars.example", "utf8");
  const guide = existsSync("docs/deploy.md") ? readFileSync("docs/deploy.md", "utf8") : "";
  const secrets = new Set(WORKER_SECRETS);
  for (const key of keys) {
    if (!new RegExp(`^${key}=`, "m").test(example)) fail(`${key} is not in .dev.vars.example`);
    if (!guide.includes(key)) fail(`${key} is not named in docs/deploy.md`);
  }
  for (const name of WORKER_SECRETS) if (!keys.includes(name)) fail(`secret ${name} is not read by app/lib/env.server.ts`);
  for (const key of Object.keys(vars)) if (!keys.includes(key)) fail(`wrangler.toml [vars] ${key} is not read by the Worker`);
  for (const key of Object.keys(vars)) if (secrets.has(key)) fail(`wrangler.toml [vars] holds the secret ${key}`);
  if (!failures) ok(`${keys.length} variables: ${WORKER_SECRETS.length} secrets, ${Object.keys(vars).length} vars in wrangler.toml, the rest optional`);
}

async function checkWorkerBundle() {
  step(`the production Worker: wrangler deploy --dry-run, compressed size under the Workers ${plan} limit`);
  const outdir = mkdtempSync(join(tmpdir(), "rice-ops-deploy-"));
  try {
    const env = { ...quiet, CLOUDFLARE_CF_FETCH_ENABLED: "false" };
    const r = await runAsync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], env);
    if (r.code !== 0) {
      fail(`wrangler deploy --dry-run exited ${r.code}:\n${r.out.trim().split("\n").slice(-20).join("\n")}`);
      return;
    }
    const files = filesUnder(outdir).filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"));
    // Wrangler's own figure is what Cloudflare counts; our gzip of the bundle is the fallback if its wording changes.
    const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(r.out);
    const raw = reported ? Number(reported[1]) * 1024 : files.reduce((n, f) => n + statSync(f).size, 0);
    const gzip = reported ? Number(reported[2]) * 1024 : files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    const limit = WORKER_SIZE_LIMITS[plan];
    if (!limit) return fail(`--plan ${plan}: use free or paid`);
    const mib = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
    const line = `${files.length} module(s), ${mib(raw)} raw, ${mib(gzip)} gzipped (Workers Free ${mib(WORKER_SIZE_LIMITS.free)}, Paid ${mib(WORKER_SIZE_LIMITS.paid)})`;
    if (gzip > limit) fail(`the Worker is over the ${plan} plan's limit: ${line}`);
    else ok(`wrangler accepts the build: ${line}; entry ${relative(outdir, files.find((f) => f.endsWith(".js")) ?? outdir)}`);
    if (!/env\.FILES \(rice-ops-files\)\s+R2 Bucket/.test(r.out)) fail("wrangler did not bind the R2 bucket: env.FILES (rice-ops-files) is missing from its bindings");
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function checkMigrationsOverHttp() {
  step("the migrations, from an empty database, through libSQL's HTTP protocol (as they reach Turso)");
  const { startLibsqlStandin } = await import("../stand-ins/libsql-http.ts");
  const { startSqldRulesProxy } = await import("./sqld-rules.ts");
  const dir = mkdtempSync(join(tmpdir(), "rice-ops-migrate-"));
  const file = join(dir, "empty.db");
  const server = await startLibsqlStandin({ file, port: 0, host: "127.0.0.1" });
  const proxy = await startSqldRulesProxy(server.url);
  try {
    const env = { ...quiet, DATABASE_URL: proxy.url, DATABASE_AUTH_TOKEN: "dry-run-token" };
    const first = await runAsync("npm", ["run", "--silent", "db:migrate"], env);
    if (first.code !== 0) {
      fail(`npm run db:migrate over HTTP exited ${first.code}${proxy.refused.length ? ` (Turso would refuse: ${proxy.refused.join("; ")})` : ""}:\n${first.out.trim().split("\n").slice(-8).join("\n")}`);
      return;
    }
    ok(`npm run db:migrate with DATABASE_URL=http://… applied the migrations (${proxy.statements} statements, none that Turso refuses)`);
    await checkSchema(file);
    const before = proxy.statements;
    const again = await runAsync("npm", ["run", "--silent", "db:migrate"], env);
    if (again.code !== 0) fail(`a second npm run db:migrate failed:\n${again.out.trim().split("\n").slice(-5).join("\n")}`);
    else ok(`a second run is a no-op (${proxy.statements - before} statements: the journal check only)`);
  } finally {
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function checkSchema(file) {
  const { default: Database } = await import("libsql");
  const { is } = await import("drizzle-orm");
  const { getTableConfig, SQLiteTable } = await import("drizzle-orm/sqlite-core");
  const schema = await import("../db/schema.ts");
  const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8"));
  const db = new Database(file, { readonly: true });
  try {
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all().map((r) => r.name));
    const expected = Object.values(schema)
      .filter((v) => is(v, SQLiteTable))
      .map((t) => getTableConfig(t).name);
    const absent = expected.filter((t) => !tables.has(t));
    if (absent.length) fail(`tables missing after the migrations: ${absent.join(", ")}`);
    const applied = db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get().n;
    if (applied !== journal.entries.length) fail(`${applied} migrations recorded, the journal has ${journal.entries.length}`);
    const integrity = db.prepare("PRAGMA integrity_check").get().integrity_check;
    if (integrity !== "ok") fail(`integrity_check: ${integrity}`);
    if (!absent.length && applied === journal.entries.length && integrity === "ok") {
      ok(`schema checked: all ${expected.length} tables of db/schema.ts, ${applied} migrations recorded, integrity ok`);
    }
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- the real deploy

function preflight() {
  step("preflight: every secret and variable, before anything is touched");
  const problems = deployProblems(process.env, readWranglerVars());
  if (problems.length) {
    for (const p of problems) console.error(`  ${p.name}: ${p.problem}`);
    console.error(`\ndeploy refused: ${problems.length} problem(s) above; nothing was changed. See docs/deploy.md.`);
    process.exit(1);
  }
  ok("all credentials, secrets and vars present and accepted by the Worker's env schema");
}

async function deploy() {
  preflight();
  const vars = readWranglerVars();

  step("1/4 migrate the production database (Turso)");
  mustRun("npm", ["run", "db:migrate"], { ...quiet, DATABASE_URL: process.env.DATABASE_URL, DATABASE_AUTH_TOKEN: process.env.DATABASE_AUTH_TOKEN });

  step("2/4 build");
  build();

  step("3/4 wrangler deploy (the Worker, its assets, R2 binding, cron triggers and secrets)");
  // The secrets travel with this version of the Worker in a file only this user can read, removed right after.
  const dir = mkdtempSync(join(tmpdir(), "rice-ops-secrets-"));
  const secretsFile = join(dir, "secrets.json");
  try {
    writeFileSync(secretsFile, JSON.stringify(Object.fromEntries(WORKER_SECRETS.map((n) => [n, process.env[n]]))), { mode: 0o600 });
    mustRun(bin("wrangler"), ["deploy", "--secrets-file", secretsFile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  step("4/4 partykit deploy (the picking rooms, with the Worker's PARTY_TOKEN_SECRET)");
  mustRun(bin("partykit"), ["deploy", "--var", `PARTY_TOKEN_SECRET=${process.env.PARTY_TOKEN_SECRET}`]);

  step("check: the live app answers and reaches its database");
  await liveCheck(vars.APP_URL);
  if (failures) process.exit(1);
  console.log(`\ndeployed ${vars.APP_URL}. The first admin: docs/deploy.md, 'The first admin'.`);
}

async function liveCheck(appUrl) {
  // Fresh Workers take a few seconds to reach every location; try for up to a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      const login = await fetch(`${appUrl}/login`);
      const html = await login.text();
      // A session cookie the database does not know: 401 proves the Worker queried Turso (a 500 would not).
      const me = await fetch(`${appUrl}/api/me`, { headers: { cookie: "__session=deploy-check", accept: "application/json" } });
      if (login.status === 200 && html.includes("Sign in") && me.status === 401) {
        ok(`${appUrl}/login answers 200; /api/me with an unknown session answers 401 (the database answered)`);
        return;
      }
      if (attempt >= 12) return fail(`${appUrl}: /login ${login.status}, /api/me ${me.status} (wrangler tail shows why)`);
    } catch (error) {
      if (attempt >= 12) return fail(`${appUrl} does not answer: ${error.message}`);
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
}

// ----------------------------------------------------------------

if (dryRun) {
  console.log("deploy --dry-run: everything that needs no account");
  checkConfigNames();
  step("build");
  build();
  await checkWorkerBundle();
  await checkMigrationsOverHttp();
  console.log(failures ? `\ndry run failed: ${failures} problem(s)` : "\ndry run passed: the build, its size and the migrations are ready for production");
  process.exit(failures ? 1 : 0);
} else {
  await deploy();
}
