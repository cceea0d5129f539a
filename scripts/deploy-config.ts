// What a production deploy needs, in one place: the Worker's secrets and vars (from app/lib/env.server.ts), what
// the deploy itself needs to reach Cloudflare, Turso and PartyKit, and the checks that refuse a deploy naming
// each missing or wrong value. Read by scripts/deploy.mjs and tests/integration/deploy-dry-run.test.ts.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { envSchema } from "../app/lib/env.server";

/** The Worker's secrets, set with every deploy (wrangler deploy --secrets-file) from the deploy's environment. */
export const WORKER_SECRETS = [
  "SESSION_SECRET",
  "FILE_SIGNING_SECRET",
  "PASSCODE_PEPPER",
  "PARTY_TOKEN_SECRET",
  "DATABASE_AUTH_TOKEN",
  "GOOGLE_CLIENT_SECRET",
  "RESEND_API_KEY",
  "QBO_CLIENT_SECRET",
  "QBO_TOKEN_KEY",
] as const;

/** What the deploy itself signs in with; never given to the Worker. */
export const DEPLOY_CREDENTIALS = {
  CLOUDFLARE_API_TOKEN: "a Cloudflare API token with the 'Edit Cloudflare Workers' template (docs/deploy.md, step 1)",
  CLOUDFLARE_ACCOUNT_ID: "the Cloudflare account id (dashboard → Workers & Pages → Account details)",
  PARTYKIT_LOGIN: "the PartyKit user name (npx partykit whoami)",
  PARTYKIT_TOKEN: "a PartyKit token (npx partykit token generate)",
  DATABASE_URL: "the Turso database URL, the same as DATABASE_URL in wrangler.toml (turso db show rice-ops --url)",
} as const;

/** Vars the Worker may leave unset in production; each is a local stand-in's address or a tuning knob. */
export const OPTIONAL_VARS = new Set([
  "GOOGLE_AUTHORIZATION_URL",
  "GOOGLE_TOKEN_URL",
  "GOOGLE_USERINFO_URL",
  "GOOGLE_JWKS_URL",
  "GOOGLE_ISSUERS",
  "RESEND_BASE_URL",
  "QBO_API_BASE_URL",
  "QBO_AUTHORIZATION_URL",
  "QBO_TOKEN_URL",
  "QBO_TIMEOUT_MS",
  "MAIL_CATCHER_URL",
  "ADMIN_EMAILS",
]);

/** Every variable and secret the Worker's env schema reads. */
export function envKeys(): string[] {
  return Object.keys(envSchema.shape);
}

/** The keys the Worker cannot start without (no default, not optional). */
export function requiredEnvKeys(): string[] {
  return Object.entries(envSchema.shape)
    .filter(([, field]) => !field.isOptional())
    .map(([key]) => key);
}

/** The [vars] table of wrangler.toml: `KEY = "value"` lines (the file keeps to that form; see its header). */
export function wranglerVars(toml: string): Record<string, string> {
  const out: Record<string, string> = {};
  let inVars = false;
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (line.startsWith("[")) {
      inVars = line === "[vars]";
      continue;
    }
    if (!inVars || !line || line.startsWith("#")) continue;
    const match = /^([A-Z0-9_]+)\s*=\s*"((?:[^"\\]|\\.)*)"$/.exec(line);
    if (match) out[match[1]!] = JSON.parse(`"${match[2]}"`) as string;
  }
  return out;
}

export function readWranglerVars(root = process.cwd()): Record<string, string> {
  return wranglerVars(readFileSync(resolve(root, "wrangler.toml"), "utf8"));
}

/** Placeholders the repository ships with: a deploy must not go out with them. */
const PLACEHOLDER = /set-in-dashboard|your-|\.example\b|example\.com|127\.0\.0\.1|localhost/i;

export type Problem = { name: string; problem: string };

/**
 * Checks made without any account, before a real deploy touches anything: every credential and secret present
 * in the deploy's environment, every Worker var in wrangler.toml and not a placeholder, and the whole set
 * accepted by the Worker's own env schema. Each problem names its variable; values are never printed.
 */
export function deployProblems(env: Record<string, string | undefined>, vars: Record<string, string>): Problem[] {
  const problems: Problem[] = [];
  const missing = (name: string, problem: string) => problems.push({ name, problem });

  for (const [name, what] of Object.entries(DEPLOY_CREDENTIALS)) if (!env[name]) missing(name, `missing: ${what}`);
  for (const name of WORKER_SECRETS) if (!env[name]) missing(name, "missing secret: export it in the deploy's environment (docs/deploy.md, 'The secrets')");

  const secrets = new Set<string>(WORKER_SECRETS);
  for (const key of envKeys()) {
    if (secrets.has(key)) continue;
    const value = vars[key];
    if (value === undefined) {
      if (!OPTIONAL_VARS.has(key)) missing(key, "missing var: add it to [vars] in wrangler.toml");
      continue;
    }
    if (PLACEHOLDER.test(value)) missing(key, "still the repository's placeholder (or a local address) in wrangler.toml [vars]");
  }
  for (const key of Object.keys(vars)) if (secrets.has(key)) missing(key, "is a secret: remove it from wrangler.toml [vars]");
  if (vars.ENVIRONMENT !== "production") missing("ENVIRONMENT", 'must be "production" in wrangler.toml [vars] (Secure cookies, no stand-in tools)');
  if (vars.APP_URL && !vars.APP_URL.startsWith("https://")) missing("APP_URL", "must be the public https:// origin");
  if (env.DATABASE_URL && vars.DATABASE_URL && env.DATABASE_URL !== vars.DATABASE_URL) {
    missing("DATABASE_URL", "differs from DATABASE_URL in wrangler.toml [vars]: the migrations would go to another database than the Worker reads");
  }
  if (env.DATABASE_URL && !/^(libsql|https):\/\//.test(env.DATABASE_URL)) missing("DATABASE_URL", "must be a libsql:// or https:// Turso URL");

  // Last, the Worker's own judgement of the whole set (lengths, URLs, ADMIN_EMAILS in the company domain).
  if (!problems.length) {
    const candidate: Record<string, unknown> = { ...vars };
    for (const name of WORKER_SECRETS) candidate[name] = env[name];
    const parsed = envSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) missing(issue.path.join("."), `refused by the Worker's env schema: ${issue.message}`);
    }
  }
  return problems;
}

/** Limits on the Worker after compression (developers.cloudflare.com/workers/platform/limits, 'Worker size'). */
export const WORKER_SIZE_LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 } as const;
