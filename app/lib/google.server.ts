// Google sign-in: remix-auth-google pointed at the configured endpoints (Google in production, the local
// OpenID stand-in in dev and tests), and ID token verification against the provider's published keys.
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import type { AppEnv } from "./env.server";
import { isLocal } from "./env.server";

export type GoogleIdentity = { email: string; name: string; picture: string | null; tokenExp: string | null };

export class IdentityError extends Error {}

/** The production class, with its hard-coded Google URLs swapped for the configured ones. */
class ConfiguredGoogleStrategy<User> extends GoogleStrategy<User> {
  constructor(env: AppEnv, verify: ConstructorParameters<typeof GoogleStrategy<User>>[1]) {
    super(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: `${env.APP_URL}/auth/google/callback`,
        scope: ["openid", "email", "profile"],
        prompt: "select_account",
        hd: env.COMPANY_DOMAIN,
      },
      verify,
    );
    this.authorizationURL = env.GOOGLE_AUTHORIZATION_URL;
    this.tokenURL = env.GOOGLE_TOKEN_URL;
    (this as unknown as { userInfoURL: string }).userInfoURL = env.GOOGLE_USERINFO_URL;
  }
}

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Claims an ID token must carry. jwtVerify checks `exp` only when it is present, so without this list a token
 * minted with no expiry (or no subject) would verify and open a session that no clock ever ends.
 */
export const REQUIRED_ID_TOKEN_CLAIMS = ["exp", "iat", "iss", "aud", "sub", "email"] as const;

/** Verifies signature, issuer, audience and expiry, then the company rules: verified email in our domain. */
export async function verifyGoogleIdToken(env: AppEnv, idToken: string): Promise<GoogleIdentity> {
  let jwks = jwksByUrl.get(env.GOOGLE_JWKS_URL);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL));
    jwksByUrl.set(env.GOOGLE_JWKS_URL, jwks);
  }
  let payload: JWTPayload & Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: env.GOOGLE_ISSUERS.split(",").map((s) => s.trim()),
      audience: env.GOOGLE_CLIENT_ID,
      requiredClaims: [...REQUIRED_ID_TOKEN_CLAIMS],
    }));
  } catch (error) {
    throw new IdentityError(`Invalid ID token: ${(error as Error).message}`);
  }
  return companyIdentity(env, payload);
}

export function companyIdentity(env: AppEnv, claims: Record<string, unknown>): GoogleIdentity {
  const raw = typeof claims.email === "string" ? claims.email : "";
  // Lower-casing folds some non-ASCII letters onto ASCII ones (KELVIN SIGN 'K' becomes 'k'), which would make
  // another member's address out of one that is not theirs; company addresses are ASCII, so nothing else is one.
  if (/[^\x21-\x7e]/.test(raw)) throw new IdentityError("Only company Google accounts may sign in");
  const email = raw.toLowerCase();
  if (!email || claims.email_verified !== true) throw new IdentityError("Google account email is not verified");
  if (claims.hd !== env.COMPANY_DOMAIN || !email.endsWith(`@${env.COMPANY_DOMAIN}`)) {
    throw new IdentityError("Only company Google accounts may sign in");
  }
  return {
    email,
    name: typeof claims.name === "string" ? claims.name : email,
    picture: typeof claims.picture === "string" ? claims.picture : null,
    tokenExp: typeof claims.exp === "number" ? new Date(claims.exp * 1000).toISOString() : null,
  };
}

/** The short-lived cookie that carries OAuth state and the post-login target across the round trip. */
export function oauthStateStorage(env: AppEnv) {
  return createCookieSessionStorage({
    cookie: {
      name: "__oauth",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 600,
      secure: !isLocal(env),
      secrets: [env.SESSION_SECRET],
    },
  });
}

export function googleAuthenticator(env: AppEnv) {
  const authenticator = new Authenticator<GoogleIdentity>(oauthStateStorage(env), { throwOnError: true });
  authenticator.use(
    new ConfiguredGoogleStrategy<GoogleIdentity>(env, async ({ extraParams }) => {
      // The ID token, not the userinfo call, is the proof: its signature, audience and hd are checked.
      return verifyGoogleIdToken(env, extraParams.id_token);
    }),
    "google",
  );
  return authenticator;
}
