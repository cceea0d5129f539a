// The Worker's environment (vars, secrets, bindings), parsed once with zod. Local processes get the same
// shape from config/local-env.ts, so the app never knows whether it talks to real or stand-in services.
import { z } from "zod";

export const envSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  APP_URL: z.url(),
  DATABASE_URL: z.string().min(1),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  SESSION_SECRET: z.string().min(16),
  FILE_SIGNING_SECRET: z.string().min(16),
  PASSCODE_PEPPER: z.string().min(16),
  PARTY_TOKEN_SECRET: z.string().min(16),
  PARTYKIT_HOST: z.string().min(1),
  COMPANY_DOMAIN: z.string().min(3),
  GOOGLE_CLIENT_ID: z.string().min(1),
  GOOGLE_CLIENT_SECRET: z.string().min(1),
  GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://www.googleapis.com/oauth2/v3/userinfo"),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUERS: z.string().default("https://accounts.google.com,accounts.google.com"),
  RESEND_API_KEY: z.string().min(1),
  RESEND_BASE_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3),
  QBO_CLIENT_ID: z.string().min(1),
  QBO_CLIENT_SECRET: z.string().min(1),
  QBO_API_BASE_URL: z.url().default("https://quickbooks.api.intuit.com"),
  QBO_AUTHORIZATION_URL: z.url().default("https://appcenter.intuit.com/connect/oauth2"),
  QBO_TOKEN_URL: z.url().default("https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer"),
  /** Encrypts the stored QuickBooks tokens (AES-256-GCM, key derived with HKDF); rotating it asks for a reconnect. */
  QBO_TOKEN_KEY: z.string().min(32),
  /** How long one QuickBooks call may take before the screen is told it timed out. */
  QBO_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** Local only: the Resend catcher's inbox is readable in the app by admins. */
  MAIL_CATCHER_URL: z.url().optional(),
  /**
   * Day one: company accounts (comma-separated) that become admins at their first sign-in while they have no
   * role (services/auth.server.ts). Never demotes; an address outside COMPANY_DOMAIN refuses the whole env.
   */
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) => [...new Set(list.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.email())),
}).superRefine((env, issues) => {
  const outside = env.ADMIN_EMAILS.filter((email) => !email.endsWith(`@${env.COMPANY_DOMAIN.toLowerCase()}`));
  if (outside.length) {
    issues.addIssue({ code: "custom", path: ["ADMIN_EMAILS"], message: `not accounts of ${env.COMPANY_DOMAIN}: ${outside.join(", ")}` });
  }
});

export type AppEnv = z.infer<typeof envSchema>;

/** Cloudflare bindings next to the parsed vars. */
export type Bindings = { FILES: R2Bucket };

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}

export function isLocal(env: AppEnv) {
  return env.ENVIRONMENT !== "production";
}
