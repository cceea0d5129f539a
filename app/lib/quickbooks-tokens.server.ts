// QuickBooks tokens at rest: AES-256-GCM with a key derived (HKDF-SHA-256) from QBO_TOKEN_KEY, bound to the
// column and the company, so the database never holds a token QuickBooks would accept. WebCrypto only.
import type { AppContext } from "./context.server";
import { toBase64Url } from "./crypto.server";

const encoder = new TextEncoder();
const TOKEN_FORMAT = "v1";
const keyCache = new Map<string, Promise<CryptoKey>>();

/** The AES key for stored tokens, derived from QBO_TOKEN_KEY with HKDF (so the secret's form does not matter). */
function tokenKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("golden-grain/qbo-tokens"), info: encoder.encode("aes-256-gcm v1") },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keyCache.set(secret, key);
  }
  return key;
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Which column a ciphertext belongs to (and of which company): a token copied to the other column fails to open. */
function tokenAad(kind: "access" | "refresh", realmId: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`qbo_connections.${kind}_token|${realmId}`);
}

/** 'v1.<iv>.<ciphertext+tag>', base64url. */
export async function sealToken(ctx: AppContext, plain: string, kind: "access" | "refresh", realmId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: tokenAad(kind, realmId) }, await tokenKey(ctx.env.QBO_TOKEN_KEY), encoder.encode(plain));
  return `${TOKEN_FORMAT}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(data))}`;
}

/** The plain token, or null when it does not open (another key, a plain legacy value, tampering). */
export async function openSealedToken(ctx: AppContext, sealed: string, kind: "access" | "refresh", realmId: string): Promise<string | null> {
  const [format, iv, data] = sealed.split(".");
  if (format !== TOKEN_FORMAT || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: tokenAad(kind, realmId) },
      await tokenKey(ctx.env.QBO_TOKEN_KEY),
      fromBase64Url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
