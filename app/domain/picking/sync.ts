// Live picking sync rules, shared by the browser client and tests: the Lamport-ish clock, newest-wins
// merging of room lines, the offline outbox (pure operations on a plain map) and presence summaries.
import type { PickLine, PickState, PickStatus } from "./lines";

/** A line's synced fields, as the room relays them (party/protocol.ts `lineState`). */
export type SyncedLine = {
  lineId: string;
  status: PickStatus;
  pickState: PickState;
  pickedQty: number;
  note?: string;
  reason?: string;
  rev: number;
  by: string;
  /** On an outgoing change: the rev of the copy it was made on (the room asks about a change made on a stale copy). */
  base?: number;
};

/** Next revision: wall-clock based but always above anything seen, so a slow clock still wins after it saw a newer edit. */
export function nextRev(lastSeen: number, nowMs: number): number {
  return Math.max(Math.floor(nowMs), Math.floor(lastSeen) + 1);
}

/** Newest wins: higher rev, ties broken by the device id so every replica picks the same winner. */
export function isNewer(a: { rev: number; by: string }, b: { rev?: number; by?: string } | undefined | null): boolean {
  if (!b || b.rev === undefined) return true;
  return a.rev > b.rev || (a.rev === b.rev && a.by > (b.by ?? ""));
}

export function toSynced(line: PickLine, rev: number, by: string): SyncedLine {
  return {
    lineId: line.id,
    status: line.status,
    pickState: line.pickState,
    pickedQty: Math.max(0, Math.round(line.pickedQty || 0)),
    ...(line.note ? { note: line.note } : {}),
    ...(line.reason ? { reason: line.reason } : {}),
    rev,
    by,
  };
}

/** Applies remote lines to local ones where they are newer; returns the result and the ids that changed. */
export function applyRemote(lines: PickLine[], remote: SyncedLine[]): { lines: PickLine[]; changed: string[] } {
  if (!remote.length) return { lines, changed: [] };
  const incoming = new Map<string, SyncedLine>();
  for (const r of remote) if (isNewer(r, incoming.get(r.lineId))) incoming.set(r.lineId, r);
  const changed: string[] = [];
  const next = lines.map((line) => {
    const r = incoming.get(line.id);
    if (!r || !isNewer(r, line)) return line;
    changed.push(line.id);
    return { ...line, status: r.status, pickState: r.pickState, pickedQty: r.pickedQty, note: r.note, reason: r.reason, rev: r.rev, by: r.by };
  });
  return { lines: changed.length ? next : lines, changed };
}

/** The highest rev in a list (to advance the clock after a sync). */
export function maxRev(lines: { rev?: number }[]): number {
  return lines.reduce((m, l) => Math.max(m, l.rev ?? 0), 0);
}

// ---------------------------------------------------------------- outbox

/** Outgoing changes not yet acknowledged by the room, newest per line (older ones are superseded anyway). */
export type Outbox = Record<string, SyncedLine>;

export function outboxPut(outbox: Outbox, lines: SyncedLine[]): Outbox {
  const next = { ...outbox };
  for (const l of lines) if (isNewer(l, next[l.lineId])) next[l.lineId] = l;
  return next;
}

/** The room acknowledged these (lineId, rev): drop them unless a newer local change is waiting. */
export function outboxAck(outbox: Outbox, acked: { lineId: string; rev: number }[]): Outbox {
  let next: Outbox | null = null;
  for (const a of acked) {
    const pending = (next ?? outbox)[a.lineId];
    if (pending && pending.rev <= a.rev) {
      next ??= { ...outbox };
      delete next[a.lineId];
    }
  }
  return next ?? outbox;
}

export function outboxLines(outbox: Outbox): SyncedLine[] {
  return Object.values(outbox);
}

export function parseOutbox(text: string | null): Outbox {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Outbox = {};
    for (const [k, v] of Object.entries(value as Record<string, SyncedLine>)) {
      if (v && typeof v === "object" && typeof v.rev === "number" && typeof v.by === "string" && v.lineId === k) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

export function outboxKey(orderNumber: string) {
  return `picklist-outbox:${orderNumber}`;
}

// ---------------------------------------------------------------- presence

export type PresenceEntry = { id: string; name: string; lineId: string | null };

/** Other connections (not this tab), one entry per name+line so a user's second tab does not double up. */
export function othersHere(presence: PresenceEntry[], selfId: string): PresenceEntry[] {
  const seen = new Set<string>();
  const out: PresenceEntry[] = [];
  for (const p of presence) {
    if (p.id === selfId) continue;
    const key = `${p.name}\u0000${p.lineId ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** 'Also here: Ann, Bo' (names deduplicated), or null when alone. */
export function alsoHereLabel(others: PresenceEntry[]): string | null {
  const names = [...new Set(others.map((o) => o.name || "Someone"))];
  return names.length ? `Also here: ${names.join(", ")}` : null;
}

export function initials(name: string): string {
  const parts = name.replace(/[^\p{L}\p{N}\s]/gu, " ").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return "?";
  if (parts.length === 1) return parts[0]!.slice(0, 2).toUpperCase();
  return (parts[0]![0]! + parts[parts.length - 1]![0]!).toUpperCase();
}

/** Who is on each line (lineId → names). */
export function presenceByLine(others: PresenceEntry[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const o of others) {
    if (!o.lineId) continue;
    const list = map.get(o.lineId) ?? [];
    if (!list.includes(o.name)) list.push(o.name);
    map.set(o.lineId, list);
  }
  return map;
}

/** 'Saved by Ann at 3:04 PM' from the room's saved notice (by/at fields), or null. */
export function savedHint(saved: Record<string, unknown> | null | undefined, formatTime: (iso: string) => string): string | null {
  if (!saved) return null;
  const text = (...keys: string[]) => {
    for (const k of keys) if (typeof saved[k] === "string" && saved[k]) return saved[k] as string;
    return "";
  };
  const by = text("by", "savedBy", "actorName", "actor");
  const at = text("at", "savedAt");
  if (!by && !at) return null;
  return `Saved by ${by || "someone"}${at ? ` at ${formatTime(at)}` : ""}`;
}
