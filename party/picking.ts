// The picking room (one per order number): line states, who is on which line, and what the app saved.
// Connections need a token signed by the app; messages that fail the protocol, or name a line the order does
// not have (the token lists its lines), are dropped and logged. A change's `by` is the token's name.
import type * as Party from "partykit/server";
import { isConflict } from "../app/domain/picking/conflicts";
import {
  blockedBy,
  claimLine,
  claimsToTell,
  expireClaims,
  finishesLine,
  holderOf,
  nextExpiry,
  nextQuiet,
  quietHolders,
  releaseLine,
  staleAfterTakeOver,
  takeOverLine,
  type ClaimMap,
  type SeenMap,
  type TakeOver,
} from "./claims";
import { clientMessage, savedNotice, type LineState, type ServerMessage } from "./protocol";
import { verifyRoomToken } from "./token";

const FLUSH_MS = 250;

/**
 * `holder`: who claims as, the signed identity plus the device (several phones share one passcode). `name` and
 * `lines` come from the token: the picker's display name, and the order's line ids when it was signed.
 */
type ConnState = { sub: string; holder: string; name: string; lineId: string | null; lines: readonly string[] };

function newer(a: LineState, b: LineState | undefined) {
  return !b || a.rev > b.rev || (a.rev === b.rev && a.by > b.by);
}

export default class PickingRoom implements Party.Server {
  lines = new Map<string, LineState>();
  dirty = new Map<string, LineState>();
  flushTimer: ReturnType<typeof setTimeout> | null = null;
  saved: Record<string, unknown> | null = null;
  /** Who holds which line (memory only: a restarted room starts with none, and pickers claim again). */
  claims: ClaimMap = new Map();
  expiryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Each connection's line ids as a set (rebuilt from its state after a restart). */
  known = new Map<string, Set<string>>();
  /** When the room last heard from each holder (any message, heartbeats included). */
  seen: SeenMap = new Map();
  /** Holders last told to everyone as quiet: a change of this set is news. */
  quiet = new Set<string>();
  /** Lines taken over from a quiet phone, until that phone has been told and its unsent picks sent back (memory only). */
  takeovers = new Map<string, TakeOver>();
  /** Who (holder) wrote each line's copy in this room's life: a conflict is a change on someone else's newer copy. */
  writers = new Map<string, string>();

  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(req: Party.Request, lobby: Party.Lobby) {
    const token = new URL(req.url).searchParams.get("token") ?? "";
    const secret = String(lobby.env.PARTY_TOKEN_SECRET ?? "");
    const claims = secret ? await verifyRoomToken(secret, token, lobby.id) : null;
    if (!claims) return new Response("Unauthorized", { status: 401 });
    req.headers.set("x-room-sub", claims.sub);
    // Header values are bytes: a name or line id outside Latin-1 travels percent-encoded.
    req.headers.set("x-room-name", encodeURIComponent(claims.name));
    req.headers.set("x-room-lines", encodeURIComponent(JSON.stringify(claims.lines)));
    return req;
  }

  async onStart() {
    // One storage key per line: a write costs one small put, not a rewrite of the whole order.
    const stored = await this.room.storage.list<LineState>({ prefix: "line:" });
    this.lines = new Map([...stored.values()].map((l) => [l.lineId, l]));
    this.saved = (await this.room.storage.get<Record<string, unknown>>("saved")) ?? null;
  }

  presence(leaving?: string) {
    return [...this.room.getConnections<ConnState>()].filter((c) => c.id !== leaving).map((c) => ({ id: c.id, name: c.state?.name ?? "", lineId: c.state?.lineId ?? null }));
  }

  send(conn: Party.Connection, message: ServerMessage) {
    conn.send(JSON.stringify(message));
  }

  broadcast(message: ServerMessage, without: string[] = []) {
    this.room.broadcast(JSON.stringify(message), without);
  }

  onConnect(conn: Party.Connection<ConnState>, ctx: Party.ConnectionContext) {
    const sub = ctx.request.headers.get("x-room-sub") ?? "";
    const name = decodeURIComponent(ctx.request.headers.get("x-room-name") ?? "").slice(0, 200);
    const lines = JSON.parse(decodeURIComponent(ctx.request.headers.get("x-room-lines") ?? "%5B%5D")) as string[];
    conn.setState({ sub, holder: holderOf(sub, conn.id), name, lineId: null, lines });
    this.expire();
    this.heard(conn.state!.holder);
    // Only the order's lines: anything stored under another id (before the room checked them) stays unsent.
    const real = this.knownLines(conn);
    const stored = [...this.lines.values()].filter((l) => real.has(l.lineId));
    const now = Date.now();
    this.send(conn, { type: "sync", lines: stored, presence: this.presence(), saved: this.saved, claims: claimsToTell(this.claims, this.seen, now), you: conn.state!.holder, now });
    this.broadcast({ type: "presence", presence: this.presence() }, [conn.id]);
    this.tellTakeOvers(conn);
  }

  onClose(conn: Party.Connection) {
    this.known.delete(conn.id);
    this.broadcast({ type: "presence", presence: this.presence(conn.id) }, [conn.id]);
  }

  knownLines(conn: Party.Connection<ConnState>): Set<string> {
    let set = this.known.get(conn.id);
    if (!set) {
      set = new Set(conn.state?.lines ?? []);
      this.known.set(conn.id, set);
    }
    return set;
  }

  dropped(sender: Party.Connection, lineIds: string[]) {
    console.warn(`[room ${this.room.id}] dropped a message from ${sender.id} naming lines the order does not have: ${lineIds.slice(0, 5).join(", ")}`);
  }

  onMessage(raw: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection<ConnState>) {
    let parsed;
    try {
      parsed = clientMessage.safeParse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw as ArrayBuffer)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      console.warn(`[room ${this.room.id}] dropped a message from ${sender.id} that fails the protocol${parsed ? `: ${parsed.error.issues[0]?.message ?? ""}` : " (not JSON)"}`);
      return;
    }
    const message = parsed.data;
    const who = { sub: sender.state?.holder ?? "", name: sender.state?.name ?? "" };
    // Any message is a sign of life: a quiet holder who is heard from again is news for everyone.
    this.heard(who.sub);
    this.tellTakeOvers(sender);
    if (message.type === "ping") return;
    const real = this.knownLines(sender);
    if (message.type !== "lines" && message.lineId !== null && !real.has(message.lineId)) {
      this.dropped(sender, [message.lineId]);
      return;
    }
    const now = Date.now();
    let claimsChanged = this.expire(false);
    if (message.type === "focus") {
      if (claimsChanged) this.broadcastClaims();
      if (sender.state?.lineId === message.lineId) return;
      sender.setState({ ...sender.state!, lineId: message.lineId });
      this.broadcast({ type: "presence", presence: this.presence() });
      return;
    }
    if (message.type === "takeover") {
      const result = takeOverLine(this.claims, message.lineId, who, this.seen, now);
      if (!result.ok) this.refuse(sender, message.lineId, result.holder);
      else {
        if (result.from) {
          this.takeovers.set(message.lineId, { lineId: message.lineId, from: result.from.sub, fromName: result.from.name, by: who.sub, byName: who.name, at: now, told: false });
          console.info(`[room ${this.room.id}] ${who.name} took over line ${message.lineId} from ${result.from.name} (quiet)`);
        }
        claimsChanged = true;
      }
      if (claimsChanged) this.broadcastClaims();
      return;
    }
    if (message.type === "claim" || message.type === "release") {
      if (message.type === "release") claimsChanged = releaseLine(this.claims, message.lineId, who.sub) || claimsChanged;
      else {
        const result = claimLine(this.claims, message.lineId, who, now);
        if (result.ok) claimsChanged = result.changed || claimsChanged;
        else this.refuse(sender, message.lineId, result.holder);
      }
      if (claimsChanged) this.broadcastClaims();
      return;
    }
    const accepted: LineState[] = [];
    const unknown = message.lines.filter((l) => !real.has(l.lineId)).map((l) => l.lineId);
    if (unknown.length) this.dropped(sender, unknown);
    // Not acknowledged either: a line the next token names (added to the order since) is sent again then.
    const incoming = message.lines.filter((l) => real.has(l.lineId));
    const changes = incoming.map(({ base: _base, ...l }): LineState => ({ ...l, by: who.name }));
    for (const [i, l] of changes.entries()) {
      // Unsent picks of a phone the line was taken from: back to that phone, to be shown and asked about.
      const takeover = this.takeovers.get(l.lineId);
      if (staleAfterTakeOver(takeover, who.sub, l.rev)) {
        this.refuse(sender, l.lineId, { sub: takeover!.by, name: takeover!.byName }, "taken-over", l);
        continue;
      }
      if (takeover?.from === who.sub) this.takeovers.delete(l.lineId);
      // A line another picker holds is theirs until done, released or idle: the change goes back to its sender.
      const holder = blockedBy(this.claims, l.lineId, who.sub, now);
      if (holder) {
        this.refuse(sender, l.lineId, holder, "held", l);
        continue;
      }
      const stored = this.lines.get(l.lineId);
      // Made on a copy someone else has changed since (a pick saved offline on a line completed online): ask, do not pick one silently.
      if (isConflict({ ...l, base: incoming[i]!.base }, stored, this.writers.get(l.lineId), who.sub)) {
        this.refuse(sender, l.lineId, { sub: this.writers.get(l.lineId) ?? "", name: stored!.by }, "conflict", l);
        continue;
      }
      if (!newer(l, stored)) continue;
      this.lines.set(l.lineId, l);
      this.writers.set(l.lineId, who.sub);
      this.dirty.set(l.lineId, l);
      accepted.push(l);
      if (finishesLine(l)) claimsChanged = releaseLine(this.claims, l.lineId, who.sub) || claimsChanged;
      else {
        const result = claimLine(this.claims, l.lineId, who, now);
        claimsChanged = (result.ok && result.changed) || claimsChanged;
      }
    }
    if (accepted.length) {
      this.broadcast({ type: "lines", lines: accepted }, [sender.id]);
      this.scheduleFlush();
    }
    if (claimsChanged) this.broadcastClaims();
    // Superseded writes are acknowledged too: resending them could never win.
    if (changes.length) this.send(sender, { type: "ack", lines: changes.map((l) => ({ lineId: l.lineId, rev: l.rev })) });
  }

  refuse(conn: Party.Connection, lineId: string, holder: { sub: string; name: string }, reason: "held" | "taken-over" | "conflict" = "held", yours?: LineState) {
    this.send(conn, { type: "refused", lineId, holder: { sub: holder.sub, name: holder.name }, line: this.lines.get(lineId) ?? null, reason, ...(yours ? { yours } : {}) });
  }

  broadcastClaims() {
    const now = Date.now();
    this.quiet = quietHolders(this.claims, this.seen, now);
    this.broadcast({ type: "claims", claims: claimsToTell(this.claims, this.seen, now), now });
    this.scheduleExpiry();
  }

  /** Notes a sign of life from a holder; one that was announced quiet is announced back. */
  heard(holder: string) {
    if (!holder) return;
    this.seen.set(holder, Date.now());
    if (this.quiet.has(holder)) this.broadcastClaims();
  }

  /** Tells a phone (once) which of its lines were taken over while it was quiet, by whom and when. */
  tellTakeOvers(conn: Party.Connection<ConnState>) {
    const holder = conn.state?.holder;
    if (!holder) return;
    for (const t of this.takeovers.values()) {
      if (t.from !== holder || t.told) continue;
      this.send(conn, { type: "taken-over", lineId: t.lineId, by: t.byName, at: t.at });
      t.told = true;
    }
  }

  /**
   * Drops idle claims (telling everyone unless `announce` is false: the caller will); true when some ended.
   * A holder who went quiet since the last telling is news too.
   */
  expire(announce = true): boolean {
    const now = Date.now();
    const ended = expireClaims(this.claims, now).length > 0;
    const quiet = quietHolders(this.claims, this.seen, now);
    const quietChanged = quiet.size !== this.quiet.size || [...quiet].some((q) => !this.quiet.has(q));
    if ((ended || quietChanged) && announce) this.broadcastClaims();
    return ended || quietChanged;
  }

  /** Wakes when the next claim goes idle or its holder quiet, so others hear of it without anyone writing. */
  scheduleExpiry() {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const expiry = nextExpiry(this.claims);
    const quiet = nextQuiet(this.claims, this.seen, Date.now());
    const next = expiry === null ? quiet : quiet === null ? expiry : Math.min(expiry, quiet);
    if (next === null) return;
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      // A holder heard from since (heartbeats) is not quiet yet: wake again at its new time.
      if (!this.expire()) this.scheduleExpiry();
    }, Math.max(0, next - Date.now()) + 50);
  }

  /**
   * Storage is written in batches a few times a second, never awaited per message: awaiting a write per
   * update holds the room's input gate and queues every picker behind the disk (seconds at 200 updates/s).
   * The database is the source of truth; the room's copy only spares a late joiner a blank start.
   */
  scheduleFlush() {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      if (!this.dirty.size) return;
      const entries = Object.fromEntries([...this.dirty.values()].map((l) => [`line:${l.lineId}`, l]));
      this.dirty.clear();
      this.room.storage.put(entries, { allowUnconfirmed: true }).catch((error: unknown) => console.error(`[room ${this.room.id}] storing lines failed`, error));
    }, FLUSH_MS);
  }

  /**
   * The app tells the room what the server saved (POST), and reads the room's lines for Pick List Check (GET),
   * both with the same token secret as a bearer.
   */
  async onRequest(req: Party.Request) {
    if (req.method !== "POST" && req.method !== "GET") return new Response("Method not allowed", { status: 405 });
    const secret = String(this.room.env.PARTY_TOKEN_SECRET ?? "");
    if (!secret || req.headers.get("authorization") !== `Bearer ${secret}`) return new Response("Unauthorized", { status: 401 });
    if (req.method === "GET") return Response.json({ lines: [...this.lines.values()] });
    const parsed = savedNotice.safeParse(await req.json().catch(() => null));
    if (!parsed.success) return new Response("Bad request", { status: 400 });
    this.saved = parsed.data.saved;
    await this.room.storage.put("saved", this.saved);
    this.broadcast({ type: "saved", saved: this.saved });
    return Response.json({ ok: true });
  }
}
