// Room tokens: short-lived, HMAC-signed by the app, checked by the room in onBeforeConnect.
// Format: base64url(JSON {room, sub, name, lines, exp}) + "." + hex HMAC-SHA256. WebCrypto only (app and room).
/**
 * `name` is the picker's display name from the server session (the room writes it as `by` on every change);
 * `lines` are the order's real line ids when the token was signed (the room drops messages naming others).
 */
export type RoomClaims = { room: string; sub: string; name: string; lines: string[]; exp: number };

const enc = new TextEncoder();

async function hmac(secret: string, message: string) {
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return Array.from(sig, (b) => b.toString(16).padStart(2, "0")).join("");
}

function b64url(text: string) {
  return btoa(String.fromCharCode(...enc.encode(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export async function signRoomToken(secret: string, claims: RoomClaims): Promise<string> {
  const body = b64url(JSON.stringify(claims));
  return `${body}.${await hmac(secret, body)}`;
}

export async function verifyRoomToken(secret: string, token: string, room: string, nowMs = Date.now()): Promise<RoomClaims | null> {
  const [body, sig] = token.split(".");
  if (!body || !sig) return null;
  const expected = await hmac(secret, body);
  if (expected.length !== sig.length) return null;
  let diff = 0;
  for (let i = 0; i < sig.length; i++) diff |= sig.charCodeAt(i) ^ expected.charCodeAt(i);
  if (diff !== 0) return null;
  try {
    const claims = JSON.parse(fromB64url(body)) as RoomClaims;
    if (claims.room !== room || typeof claims.exp !== "number" || claims.exp * 1000 < nowMs) return null;
    // A token without the order's lines (signed before they were added to it) opens nothing: the app signs anew.
    if (typeof claims.name !== "string" || !Array.isArray(claims.lines) || !claims.lines.every((l) => typeof l === "string")) return null;
    return claims;
  } catch {
    return null;
  }
}
