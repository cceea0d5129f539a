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

// ---------------------------------------------------------------- quiet holders and take-over (issue 23)

/**
 * Every phone in a room sends a heartbeat this often while its socket is open, and the room counts any message
 * as a sign of life. A holder is quiet after QUIET_MS without one: four missed beats, so a slow network or a
 * throttled tab does not make a working picker look gone, while a picker waiting on a dead phone waits 20 s
 * (not the 3 minutes a claim takes to lapse) before the line can be taken over, and only after a prompt.
 */
export const HEARTBEAT_MS = 5_000;
export const QUIET_MS = 20_000;

/** When the room last heard from each holder (room clock, ms). */
export type SeenMap = Map<string, number>;

/** A holder the room has not heard from for QUIET_MS (or never, since the room started) is quiet. */
export function isQuiet(seen: SeenMap, sub: string, now: number): boolean {
  const at = seen.get(sub);
  return at === undefined || now - at >= QUIET_MS;
}

/** The claims as the room tells them: a quiet holder's claim says since when it has been silent. */
export function claimsToTell(claims: ClaimMap, seen: SeenMap, now: number): (Claim & { quietSince?: number })[] {
  return [...claims.values()].map((c) => (isQuiet(seen, c.sub, now) ? { ...c, quietSince: seen.get(c.sub) ?? c.at } : c));
}

/** Holders of claims who are quiet now (to tell everyone when the set changes). */
export function quietHolders(claims: ClaimMap, seen: SeenMap, now: number): Set<string> {
  const out = new Set<string>();
  for (const c of claims.values()) if (isQuiet(seen, c.sub, now)) out.add(c.sub);
  return out;
}

/** When the next holder of a claim goes quiet (to wake the room then), or null. */
export function nextQuiet(claims: ClaimMap, seen: SeenMap, now: number): number | null {
  let next: number | null = null;
  for (const c of claims.values()) {
    const at = seen.get(c.sub);
    if (at !== undefined && !isQuiet(seen, c.sub, now)) next = Math.min(next ?? Infinity, at + QUIET_MS);
  }
  return next;
}

/** What the room remembers of a take-over: told to the first phone when it is heard from again. */
export type TakeOver = { lineId: string; from: string; fromName: string; by: string; byName: string; at: number; told: boolean };

/**
 * Takes a line for a picker: granted when nobody holds it, when the picker already does, or when its holder's
 * phone is quiet (`from` is that claim); refused (with the holder) while the holder is still heard from.
 */
export function takeOverLine(
  claims: ClaimMap,
  lineId: string,
  who: Holder,
  seen: SeenMap,
  now: number,
): { ok: true; from: Claim | null } | { ok: false; holder: Claim } {
  const holder = blockedBy(claims, lineId, who.sub, now);
  if (holder && !isQuiet(seen, holder.sub, now)) return { ok: false, holder };
  if (holder) claims.delete(lineId);
  const result = claimLine(claims, lineId, who, now);
  return result.ok ? { ok: true, from: holder } : { ok: false, holder: result.holder };
}

/**
 * A change from the phone a line was taken from, stamped before the take-over (its unsent picks): the room
 * sends it back instead of letting it overwrite the new holder's work. A change it makes afterwards (having
 * seen the take-over) goes through as any other.
 */
export function staleAfterTakeOver(record: TakeOver | undefined, sub: string, rev: number): boolean {
  return !!record && record.from === sub && rev < record.at;
}
