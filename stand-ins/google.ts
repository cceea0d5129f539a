// Local stand-in for Google's OpenID Connect provider: an account chooser listing the seeded staff,
// the authorization-code flow, RS256 ID tokens with a persisted key, userinfo and the JWK set.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { roles, users } from "../db/schema";
import type { StandinsConfig } from "./config";
import {
  basicCredentials,
  bearerToken,
  escapeHtml,
  hiddenInputs,
  HttpError,
  isHttpUrl,
  page,
  readForm,
  readJson,
  redirect,
  sendHtml,
  sendJson,
  withParams,
  type Route,
} from "./http";

const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_S = 3600;

type Profile = { sub: string; email: string; name: string; givenName: string; familyName: string; picture: string; hd?: string };
type PendingCode = { profile: Profile; clientId: string; redirectUri: string; scope: string; nonce?: string; expiresAt: number };
type AccessGrant = { profile: Profile; scope: string; expiresAt: number };
type SigningKey = { kid: string; privateKey: KeyObject; publicJwk: Record<string, unknown> };
type StaffAccount = { email: string; name: string; avatarUrl: string | null; role: string | null };

const testIdTokenSchema = z.object({
  email: z.string().min(3).includes("@"),
  name: z.string().optional(),
  hd: z.string().nullable().optional(),
  expSeconds: z.number().int().optional(),
  aud: z.string().optional(),
  iss: z.string().optional(),
  emailVerified: z.boolean().optional(),
  nonce: z.string().optional(),
});

/** The key survives restarts so tokens and cached JWK sets stay valid across `npm run dev` sessions. */
export function loadSigningKey(dataDir: string): SigningKey {
  const path = join(dataDir, "standins-idp-key.json");
  mkdirSync(dataDir, { recursive: true });
  const fromFile = (): SigningKey => {
    const saved = JSON.parse(readFileSync(path, "utf8")) as { kid: string; privateJwk: Record<string, unknown> };
    const privateKey = createPrivateKey({ key: saved.privateJwk as never, format: "jwk" });
    return { kid: saved.kid, privateKey, publicJwk: publicJwk(saved.kid, privateKey) };
  };
  try {
    return fromFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  try {
    // "wx": when two processes start at once, the second one reads the first one's key.
    writeFileSync(path, JSON.stringify({ kid, privateJwk: privateKey.export({ format: "jwk" }) }), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fromFile();
    throw error;
  }
  return { kid, privateKey, publicJwk: publicJwk(kid, privateKey) };
}

function publicJwk(kid: string, privateKey: KeyObject) {
  return { ...createPublicKey(privateKey).export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
}

export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: "RS256", kid: key.kid, typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), key.privateKey).toString("base64url");
  return `${header}.${payload}.${signature}`;
}

/** Google subjects are long decimal strings; derive one from the email so it is stable across runs. */
function subjectFor(email: string): string {
  const hex = createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16);
  return `1${BigInt(`0x${hex}`).toString().padStart(20, "0")}`;
}

function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? email;
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

export function googleStandin(config: StandinsConfig): Route {
  const key = loadSigningKey(config.dataDir);
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessGrant>();
  const issuer = `${config.publicUrl}/google`;

  async function staffAccounts(): Promise<StaffAccount[]> {
    return config.db
      .select({ email: users.email, name: users.name, avatarUrl: users.avatarUrl, role: roles.name })
      .from(users)
      .leftJoin(roles, eq(users.roleId, roles.id))
      .orderBy(users.email);
  }

  async function profileFor(email: string, fallbackName?: string): Promise<Profile> {
    const normalized = email.trim().toLowerCase();
    let staff: { name: string; avatarUrl: string | null } | undefined;
    try {
      [staff] = await config.db
        .select({ name: users.name, avatarUrl: users.avatarUrl })
        .from(users)
        .where(sql`lower(${users.email}) = ${normalized}`)
        .limit(1);
    } catch {
      staff = undefined; // an unmigrated database still lets outsiders sign in
    }
    const name = staff?.name || fallbackName?.trim() || nameFromEmail(normalized);
    const [givenName, ...rest] = name.split(" ");
    const domain = normalized.split("@")[1] ?? "";
    return {
      sub: subjectFor(normalized),
      email: normalized,
      name,
      givenName: givenName ?? name,
      familyName: rest.join(" "),
      picture: staff?.avatarUrl || `${issuer}/avatar?name=${encodeURIComponent(name)}`,
      // Google sets hd only for Workspace accounts: here only the company's own domain is one.
      hd: domain === config.companyDomain.toLowerCase() ? domain : undefined,
    };
  }

  function idTokenClaims(profile: Profile, opts: { aud: string; nonce?: string; expSeconds?: number; iss?: string; emailVerified?: boolean }) {
    const iat = Math.floor(Date.now() / 1000);
    return {
      iss: opts.iss ?? issuer,
      azp: opts.aud,
      aud: opts.aud,
      sub: profile.sub,
      email: profile.email,
      email_verified: opts.emailVerified ?? true,
      ...(profile.hd ? { hd: profile.hd } : {}),
      ...(opts.nonce ? { nonce: opts.nonce } : {}),
      name: profile.name,
      picture: profile.picture,
      given_name: profile.givenName,
      family_name: profile.familyName,
      iat,
      exp: iat + (opts.expSeconds ?? TOKEN_TTL_S),
    };
  }

  function authorizeError(res: ServerResponse, message: string) {
    sendHtml(res, 400, page("Local Google sign-in: error", `<h1>Local Google sign-in</h1><p class="error" role="alert">${escapeHtml(message)}</p>`));
  }

  /** Checks the authorization request the way Google does before showing the chooser. */
  function checkAuthorizeParams(params: URLSearchParams): string | null {
    const clientId = params.get("client_id");
    if (!clientId) return "Error 400: invalid_request. Missing required parameter: client_id";
    if (clientId !== config.googleClient.id) return `Error 401: invalid_client. The OAuth client was not found: ${clientId}`;
    if (!isHttpUrl(params.get("redirect_uri"))) return "Error 400: invalid_request. Missing or invalid parameter: redirect_uri";
    if (params.get("response_type") !== "code") return "Error 400: unsupported_response_type. Only response_type=code is supported";
    return null;
  }

  async function showChooser(res: ServerResponse, params: URLSearchParams) {
    const problem = checkAuthorizeParams(params);
    if (problem) return authorizeError(res, problem);
    let accounts: StaffAccount[] = [];
    let note = "";
    try {
      accounts = await staffAccounts();
      if (accounts.length === 0) note = "No staff users in the database yet: run the seed (npm run db:seed).";
    } catch (error) {
      // drizzle wraps the driver's error; its cause says what is wrong (e.g. no such table: users).
      const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      note = `Could not read staff users from the database (${reason}). Run the migrations and the seed.`;
    }
    const hidden = hiddenInputs(params, ["account", "email", "name"]);
    const list = accounts
      .map(
        (a) => `<li><button class="account" type="submit" name="account" value="${escapeHtml(a.email)}">
  <strong>${escapeHtml(a.name || a.email)}</strong>
  <span>${escapeHtml(a.email)}</span>
  <span class="muted">${escapeHtml(a.role ?? "no role")}</span>
</button></li>`,
      )
      .join("\n");
    const body = `<h1>Local Google sign-in</h1>
<p class="muted">Stand-in for accounts.google.com. Choose a seeded staff account to continue to the app.</p>
${note ? `<p class="error" role="status">${escapeHtml(note)}</p>` : ""}
<form method="post" action="/google/authorize" aria-label="Seeded staff accounts">
${hidden}
<ul class="accounts">
${list}
</ul>
</form>
<hr>
<form method="post" action="/google/authorize" aria-label="Another account">
${hidden}
<h2 style="font-size:1rem">Use another account</h2>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="off" placeholder="someone@example.com">
<label for="name">Name (optional)</label>
<input id="name" name="name" type="text" autocomplete="off">
<button class="primary" type="submit">Continue with this email</button>
</form>`;
    sendHtml(res, 200, page("Local Google sign-in", body));
  }

  async function choose(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const problem = checkAuthorizeParams(form);
    if (problem) return authorizeError(res, problem);
    const email = (form.get("account") || form.get("email") || "").trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return authorizeError(res, "Enter a valid email address.");
    const profile = await profileFor(email, form.get("name") ?? undefined);
    const code = `4/${randomBytes(24).toString("base64url")}`;
    codes.set(code, {
      profile,
      clientId: form.get("client_id") as string,
      redirectUri: form.get("redirect_uri") as string,
      scope: form.get("scope") ?? "openid email profile",
      nonce: form.get("nonce") ?? undefined,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    redirect(res, withParams(form.get("redirect_uri") as string, { code, state: form.get("state") ?? undefined, scope: form.get("scope") ?? undefined }));
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const basic = basicCredentials(req);
    const clientId = basic?.id ?? form.get("client_id");
    const clientSecret = basic?.secret ?? form.get("client_secret");
    if (clientId !== config.googleClient.id || clientSecret !== config.googleClient.secret) {
      return sendJson(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    }
    if (form.get("grant_type") !== "authorization_code") {
      return sendJson(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type: " + (form.get("grant_type") ?? "") });
    }
    const code = form.get("code") ?? "";
    const pending = codes.get(code);
    codes.delete(code); // one use only, even when the exchange fails
    if (!pending || pending.expiresAt < Date.now() || pending.clientId !== clientId) {
      return sendJson(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    }
    if (pending.redirectUri !== form.get("redirect_uri")) {
      return sendJson(res, 400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
    }
    const accessToken = `ya29.${randomBytes(32).toString("base64url")}`;
    accessTokens.set(accessToken, { profile: pending.profile, scope: pending.scope, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
    const idToken = signJwt(key, idTokenClaims(pending.profile, { aud: clientId, nonce: pending.nonce }));
    sendJson(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_S, scope: pending.scope, id_token: idToken });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const grant = accessTokens.get(bearerToken(req) ?? "");
    if (!grant || grant.expiresAt < Date.now()) {
      return sendJson(res, 401, { error: "invalid_request", error_description: "Invalid Credentials" }, { "www-authenticate": 'Bearer error="invalid_token"' });
    }
    const p = grant.profile;
    sendJson(res, 200, {
      sub: p.sub,
      name: p.name,
      given_name: p.givenName,
      family_name: p.familyName,
      picture: p.picture,
      email: p.email,
      email_verified: true,
      ...(p.hd ? { hd: p.hd } : {}),
      locale: "en",
    });
  }

  async function testIdToken(req: IncomingMessage, res: ServerResponse) {
    const parsed = testIdTokenSchema.safeParse(await readJson(req, { error: "invalid JSON body" }));
    if (!parsed.success) return sendJson(res, 400, { error: "invalid body", issues: parsed.error.issues });
    const input = parsed.data;
    const profile = await profileFor(input.email, input.name);
    if (input.name) Object.assign(profile, { name: input.name, givenName: input.name.split(" ")[0], familyName: input.name.split(" ").slice(1).join(" ") });
    if (input.hd !== undefined) profile.hd = input.hd ?? undefined;
    const idToken = signJwt(key, idTokenClaims(profile, { ...input, aud: input.aud ?? config.googleClient.id }));
    sendJson(res, 200, { idToken });
  }

  function avatar(res: ServerResponse, url: URL) {
    const name = url.searchParams.get("name") ?? "?";
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0].toUpperCase())
      .join("");
    const hue = parseInt(createHash("sha256").update(name).digest("hex").slice(0, 2), 16) * 1.4;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue.toFixed(0)} 55% 42%)"/><text x="48" y="60" font-family="sans-serif" font-size="38" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
    res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" });
    res.end(svg);
  }

  return async (req, res, url) => {
    const path = url.pathname.slice("/google".length) || "/";
    const route = `${req.method} ${path}`;
    if (route === "GET /authorize") return showChooser(res, url.searchParams);
    if (route === "POST /authorize") return choose(req, res);
    if (route === "POST /token") return token(req, res);
    if (route === "GET /userinfo" || route === "POST /userinfo") return userinfo(req, res);
    if (route === "GET /jwks") return sendJson(res, 200, { keys: [key.publicJwk] });
    if (route === "GET /avatar") return avatar(res, url);
    if (route === "POST /test/id-token") return testIdToken(req, res);
    if (route === "GET /.well-known/openid-configuration") {
      return sendJson(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    throw new HttpError(404, { error: "not_found", error_description: `No stand-in route for ${route} under /google` });
  };
}
