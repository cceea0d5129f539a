// The embedded defaults for local runs (dev, tests, bench): every outside service is a stand-in on
// loopback, every secret a fixed dev value. process.env overrides any of them (tests use other ports).
export const LOCAL_DEFAULTS = {
  ENVIRONMENT: "development",
  APP_PORT: "5173",
  STANDINS_PORT: "4010",
  PARTYKIT_PORT: "1999",
  DATABASE_URL: "file:.data/app.db",
  SESSION_SECRET: "dev-session-secret-change-me-0001",
  FILE_SIGNING_SECRET: "dev-file-signing-secret-0000001",
  PASSCODE_PEPPER: "dev-passcode-pepper-00000000001",
  PARTY_TOKEN_SECRET: "dev-party-token-secret-00000001",
  COMPANY_DOMAIN: "goldengrain.test",
  GOOGLE_CLIENT_ID: "local-client-id",
  GOOGLE_CLIENT_SECRET: "local-client-secret",
  RESEND_API_KEY: "re_local_dev_key",
  MAIL_FROM: "Golden Grain Ops <ops@goldengrain.test>",
  QBO_CLIENT_ID: "local-qbo-client",
  QBO_CLIENT_SECRET: "local-qbo-secret",
  QBO_TOKEN_KEY: "dev-qbo-token-key-change-me-00000000001",
} as const;

/** The environment a local process hands the app, derived from process.env and the defaults. */
export function localEnv(source: Record<string, string | undefined> = process.env): Record<string, string> {
  const pick = (k: keyof typeof LOCAL_DEFAULTS) => source[k] ?? LOCAL_DEFAULTS[k];
  const appUrl = source.APP_URL ?? `http://127.0.0.1:${pick("APP_PORT")}`;
  const standins = source.STANDINS_URL ?? `http://127.0.0.1:${pick("STANDINS_PORT")}`;
  return {
    ENVIRONMENT: pick("ENVIRONMENT"),
    APP_URL: appUrl,
    DATABASE_URL: pick("DATABASE_URL"),
    SESSION_SECRET: pick("SESSION_SECRET"),
    FILE_SIGNING_SECRET: pick("FILE_SIGNING_SECRET"),
    PASSCODE_PEPPER: pick("PASSCODE_PEPPER"),
    PARTY_TOKEN_SECRET: pick("PARTY_TOKEN_SECRET"),
    PARTYKIT_HOST: source.PARTYKIT_HOST ?? `127.0.0.1:${pick("PARTYKIT_PORT")}`,
    COMPANY_DOMAIN: pick("COMPANY_DOMAIN"),
    GOOGLE_CLIENT_ID: pick("GOOGLE_CLIENT_ID"),
    GOOGLE_CLIENT_SECRET: pick("GOOGLE_CLIENT_SECRET"),
    GOOGLE_AUTHORIZATION_URL: `${standins}/google/authorize`,
    GOOGLE_TOKEN_URL: `${standins}/google/token`,
    GOOGLE_USERINFO_URL: `${standins}/google/userinfo`,
    GOOGLE_JWKS_URL: `${standins}/google/jwks`,
    GOOGLE_ISSUERS: `${standins}/google`,
    RESEND_API_KEY: pick("RESEND_API_KEY"),
    RESEND_BASE_URL: `${standins}/resend`,
    MAIL_FROM: pick("MAIL_FROM"),
    MAIL_CATCHER_URL: `${standins}/resend`,
    QBO_CLIENT_ID: pick("QBO_CLIENT_ID"),
    QBO_CLIENT_SECRET: pick("QBO_CLIENT_SECRET"),
    QBO_API_BASE_URL: `${standins}/qbo`,
    QBO_AUTHORIZATION_URL: `${standins}/qbo/connect`,
    QBO_TOKEN_URL: `${standins}/qbo/oauth2/token`,
    QBO_TOKEN_KEY: pick("QBO_TOKEN_KEY"),
    ...(source.QBO_TIMEOUT_MS ? { QBO_TIMEOUT_MS: source.QBO_TIMEOUT_MS } : {}),
  };
}
