// Line claims in a picking room: a picker who taps or scans a line holds it softly, so nobody else picks the
// same line at the same time. One open line per picker; a claim ends when the line is done, released, taken
// by the same picker's next line, or left idle. Pure (the room keeps the map; tests drive the clock).

export const CLAIM_IDLE_MS = 3 * 60_000;

export type Claim = { lineId: string; sub: string; name: string; at: number };
export type Holder = { sub: string; name: string };

export type ClaimMap = Map<string, Claim>;

/**
 * Who holds a claim: the token's signed identity and the device. The device is the connection id without
 * the tab's random suffix (app/lib/picking-client.ts: `${deviceId}-${4 chars}`), so a reload on the same
 * phone keeps its claims, and two phones signed in with one shared passcode are two pickers.
 */
export function holderOf(sub: string, connectionId: string): string {
  return `${sub}@${connectionId.replace(/-[a-z0-9]{4}$/, "")}`;
}

/** The live claim on a line (an idle one no longer counts). */
export function liveClaim(claims: ClaimMap, lineId: string, now: number): Claim | null {
  const claim = claims.get(lineId);
  return claim && now - claim.at < CLAIM_IDLE_MS ? claim : null;
}

/** Who else holds this line now, or null when this picker may work on it. */
export function blockedBy(claims: ClaimMap, lineId: string, sub: string, now: number): Claim | null {
  const claim = liveClaim(claims, lineId, now);
  return claim && claim.sub !== sub ? claim : null;
}

/**
 * Claims a line for a picker: refused (with the holder) while someone else holds it; otherwise the picker's
 * other claim ends (one open line each) and this one starts or is refreshed. `changed` says whether anyone
 * needs to hear about it (a refresh alone does not).
 */
export function claimLine(claims: ClaimMap, lineId: string, who: Holder, now: number): { ok: true; changed: boolean } | { ok: false; holder: Claim } {
  const holder = blockedBy(claims, lineId, who.sub, now);
  if (holder) return { ok: false, holder };
  let changed = false;
  for (const [id, claim] of claims) {
    if (claim.sub === who.sub && id !== lineId) {
      claims.delete(id);
      changed = true;
    }
  }
  const mine = claims.get(lineId);
  if (!mine || mine.sub !== who.sub || now - mine.at >= CLAIM_IDLE_MS) changed = true;
  claims.set(lineId, { lineId, sub: who.sub, name: who.name, at: now });
  return { ok: true, changed };
}

/** Ends a picker's claim on a line (only its holder can). True when a claim ended. */
export function releaseLine(claims: ClaimMap, lineId: string, sub: string): boolean {
  const claim = claims.get(lineId);
  if (!claim || claim.sub !== sub) return false;
  claims.delete(lineId);
  return true;
}

/** Drops idle claims; the ids that ended. */
export function expireClaims(claims: ClaimMap, now: number): string[] {
  const ended: string[] = [];
  for (const [id, claim] of claims) {
    if (now - claim.at >= CLAIM_IDLE_MS) {
      claims.delete(id);
      ended.push(id);
    }
  }
  return ended;
}

/** When the next claim goes idle (to set the room's timer), or null with no claims. */
export function nextExpiry(claims: ClaimMap): number | null {
  let next: number | null = null;
  for (const claim of claims.values()) next = Math.min(next ?? Infinity, claim.at + CLAIM_IDLE_MS);
  return next;
}

/** A line change that finishes the line (picked, short with its count, or reset) ends its claim. */
export function finishesLine(line: { status: string; pickState: string; pickedQty: number }): boolean {
  return line.status !== "Pending" || (line.pickState === "unset" && line.pickedQty === 0);
}
