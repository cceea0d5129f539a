// Day one in production (issue 21), the parts that need no account: every variable the Worker reads is documented
// and configured, the real deploy refuses naming what is missing, the migrations reach a libSQL server over HTTP
// sending nothing Turso's server refuses, and a backup dumped over HTTP restores into a new file with equal counts.
// (`npm run deploy -- --dry-run`, a stage of `npm test`, adds the production build and its size.)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client/node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFromClient } from "~/lib/db.server";
import { createClient as createWebClient } from "@libsql/client/web";
import { migrateDatabase } from "../../db/node";
import { compareDatabases, dumpDatabase, restoreDatabase } from "../../scripts/backup";
import { deployProblems, envKeys, readWranglerVars, requiredEnvKeys, OPTIONAL_VARS, WORKER_SECRETS } from "../../scripts/deploy-config";
import { startSqldRulesProxy, type SqldRulesProxy } from "../../scripts/sqld-rules";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";
import { createSeededTestDatabase } from "../support/db";

const run = promisify(execFile);

/** What an operator would have filled in: real-looking values for every var and secret. */
const FILLED_VARS = {
  ENVIRONMENT: "production",
  APP_URL: "https://ops.goldengrain.co",
  DATABASE_URL: "libsql://rice-ops-goldengrain.turso.io",
  PARTYKIT_HOST: "rice-ops-picking.goldengrain.partykit.dev",
  COMPANY_DOMAIN: "goldengrain.co",
  GOOGLE_CLIENT_ID: "1234-abc.apps.googleusercontent.com",
  MAIL_FROM: "Golden Grain Ops <ops@goldengrain.co>",
  QBO_CLIENT_ID: "ABcd1234",
};
const FILLED_ENV = {
  CLOUDFLARE_API_TOKEN: "cf-token",
  CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef",
  PARTYKIT_LOGIN: "goldengrain",
  PARTYKIT_TOKEN: "pk-token",
  DATABASE_URL: FILLED_VARS.DATABASE_URL,
  SESSION_SECRET: "s".repeat(43),
  FILE_SIGNING_SECRET: "f".repeat(43),
  PASSCODE_PEPPER: "p".repeat(43),
  PARTY_TOKEN_SECRET: "t".repeat(43),
  DATABASE_AUTH_TOKEN: "eyJ.turso.token",
  GOOGLE_CLIENT_SECRET: "GOCSPX-secret",
  RESEND_API_KEY: "re_live_key",
  QBO_CLIENT_SECRET: "qbo-secret",
  QBO_TOKEN_KEY: "k".repeat(44),
};

describe("configuration drift", () => {
  const keys = envKeys();
  const example = readFileSync(".dev.vars.example", "utf8");
  const guide = readFileSync("docs/deploy.md", "utf8");
  const vars = readWranglerVars();

  it.each(keys)("%s is in .dev.vars.example and named in docs/deploy.md", (key) => {
    expect(example).toMatch(new RegExp(`^${key}=`, "m"));
    expect(guide).toContain(key);
  });

  it("every variable the Worker cannot start without is a secret the deploy uploads or a var in wrangler.toml", () => {
    const provided = new Set([...WORKER_SECRETS, ...Object.keys(vars)]);
    expect(requiredEnvKeys().filter((k) => !provided.has(k))).toEqual([]);
    expect(keys.filter((k) => !provided.has(k) && !OPTIONAL_VARS.has(k))).toEqual([]);
    expect(Object.keys(vars).filter((k) => (WORKER_SECRETS as readonly string[]).includes(k))).toEqual([]);
  });

  it("the nine secrets are the ones the guide and wrangler.toml list", () => {
    expect(WORKER_SECRETS).toHaveLength(9);
    const header = readFileSync("wrangler.toml", "utf8");
    for (const name of WORKER_SECRETS) {
      expect(header).toContain(name);
      expect(guide).toMatch(new RegExp(`\\| \`${name}\` \\|`));
    }
  });
});

describe("the real deploy refuses, naming what is missing, before it touches anything", () => {
  it("with the repository as it is (placeholders) and no account: every credential, secret and placeholder is named", async () => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" };
    const result = await run("node_modules/.bin/tsx", ["scripts/deploy.mjs"], { env }).then(
      () => ({ code: 0, out: "" }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
    );
    expect(result.code).toBe(1);
    for (const name of [...Object.keys(FILLED_ENV), "APP_URL", "PARTYKIT_HOST", "COMPANY_DOMAIN", "GOOGLE_CLIENT_ID", "MAIL_FROM", "QBO_CLIENT_ID"]) {
      expect(result.out).toMatch(new RegExp(`^  ${name}: `, "m"));
    }
    expect(result.out).toContain("deploy refused");
    expect(result.out).not.toContain("1/4 migrate");
  }, 60_000);

  it("accepts a complete set", () => {
    expect(deployProblems(FILLED_ENV, FILLED_VARS)).toEqual([]);
  });

  it.each([
    ["a missing secret", { ...FILLED_ENV, QBO_TOKEN_KEY: undefined }, FILLED_VARS, "QBO_TOKEN_KEY", /missing secret/],
    ["a secret the Worker would refuse", { ...FILLED_ENV, SESSION_SECRET: "short" }, FILLED_VARS, "SESSION_SECRET", /env schema/],
    ["no PartyKit token", { ...FILLED_ENV, PARTYKIT_TOKEN: "" }, FILLED_VARS, "PARTYKIT_TOKEN", /partykit token generate/],
    ["a missing var", FILLED_ENV, { ...FILLED_VARS, MAIL_FROM: undefined }, "MAIL_FROM", /wrangler.toml/],
    ["a placeholder left in", FILLED_ENV, { ...FILLED_VARS, QBO_CLIENT_ID: "set-in-dashboard" }, "QBO_CLIENT_ID", /placeholder/],
    ["a stand-in address", FILLED_ENV, { ...FILLED_VARS, RESEND_BASE_URL: "http://127.0.0.1:4010/resend" }, "RESEND_BASE_URL", /local address/],
    ["a secret among the vars", FILLED_ENV, { ...FILLED_VARS, SESSION_SECRET: "x".repeat(40) }, "SESSION_SECRET", /remove it/],
    ["migrations aimed at another database", { ...FILLED_ENV, DATABASE_URL: "libsql://other-db.turso.io" }, FILLED_VARS, "DATABASE_URL", /another database/],
    ["not production", FILLED_ENV, { ...FILLED_VARS, ENVIRONMENT: "development" }, "ENVIRONMENT", /production/],
    ["an admin outside the company", FILLED_ENV, { ...FILLED_VARS, ADMIN_EMAILS: "boss@gmail.com" }, "ADMIN_EMAILS", /goldengrain.co/],
  ])("refuses %s, naming it", (_label, env, vars, name, why) => {
    const problems = deployProblems(env as Record<string, string | undefined>, Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as Record<string, string>);
    expect(problems.map((p) => p.name)).toEqual([name]);
    expect(problems[0]!.problem).toMatch(why);
    // A value is never printed, only the name.
    expect(JSON.stringify(problems)).not.toContain("short\"");
  });
});

describe("migrations over libSQL's HTTP protocol, as they reach Turso", () => {
  let server: LibsqlStandin;
  let proxy: SqldRulesProxy;
  let file: string;

  beforeAll(async () => {
    file = join(mkdtempSync(join(tmpdir(), "deploy-migrate-")), "empty.db");
    server = await startLibsqlStandin({ file, port: 0, host: "127.0.0.1" });
    proxy = await startSqldRulesProxy(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it("npm run db:migrate with DATABASE_URL=http://… and DATABASE_AUTH_TOKEN migrates an empty database, sending nothing sqld refuses", async () => {
    const { stdout } = await run("node_modules/.bin/tsx", ["db/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: proxy.url, DATABASE_AUTH_TOKEN: "a-turso-token" },
    });
    expect(stdout).toContain(`migrated ${proxy.url}`);
    expect(proxy.refused).toEqual([]);
    const local = createClient({ url: `file:${file}` });
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    expect(Number((await local.execute("SELECT count(*) FROM __drizzle_migrations")).rows[0]![0])).toBe(journal.entries.length);
    expect((await local.execute("SELECT name FROM sqlite_master WHERE name IN ('users', 'orders', 'sessions', 'audit_events')")).rows).toHaveLength(4);
    local.close();
  }, 60_000);

  it("the file-database set-up (journal mode, busy timeout, optimize) would be refused by Turso's server", async () => {
    const db = databaseFromClient(createWebClient({ url: proxy.url }));
    const error = await migrateDatabase(db).then(() => null, (e: unknown) => e);
    const chain: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) chain.push(String(e.message));
    expect(chain.join(" ← ")).toMatch(/PRAGMA journal_mode[\s\S]*unsupported statement/);
    expect(proxy.refused.join("\n")).toMatch(/PRAGMA journal_mode with an argument/);
  });
});

describe("the restore drill", () => {
  it("a dump taken over HTTP restores into a new file with every table's rows, integrity and search intact", async () => {
    const db = await createSeededTestDatabase({ orders: 60 });
    const dir = mkdtempSync(join(tmpdir(), "restore-drill-"));
    const snapshot = join(dir, "source.db");
    await db.run(sql`VACUUM INTO ${snapshot}`);
    const server = await startLibsqlStandin({ file: snapshot, port: 0, host: "127.0.0.1" });
    const remote = createClient({ url: server.url, intMode: "bigint" });
    try {
      const dumpFile = join(dir, "backup.sql");
      const counts = await dumpDatabase(remote, dumpFile);
      expect(counts.orders).toBe(60);
      const target = `file:${join(dir, "restored.db")}`;
      await restoreDatabase(dumpFile, target);
      await expect(restoreDatabase(dumpFile, target)).rejects.toThrow(/already exists/);
      const restored = createClient({ url: target });
      const result = await compareDatabases(remote, restored);
      expect(result.differ).toEqual([]);
      expect(result.rows.find((r) => r.table === "_orders_search")?.b).toBe(60);
      expect(result.integrity).toBe("ok");
      expect(result.foreignKeys).toBe(0);
      restored.close();
    } finally {
      remote.close();
      await server.close();
    }
  }, 60_000);
});
