// The browser side of a live picking room: a reconnecting partysocket, a localStorage outbox of line
// changes the room has not acknowledged yet (resent on every reconnect; newest-wins makes that harmless),
// and the Lamport-ish clock that stamps each change. Client-only (never imported by server code).
import PartySocket from "partysocket";
import type { RoomAccess } from "~/domain/picking/contract";
import type { RoomStatus } from "~/domain/picking/pick-list-state";
import { apiFetch, contractOf } from "~/lib/api-client";
import { HEARTBEAT_MS } from "../../party/claims";
import { parseServerMessage, type ClaimEntry, type ServerMessage } from "../../party/protocol";
import type { PickLine } from "~/domain/picking/lines";
import {
  nextRev,
  outboxAck,
  outboxKey,
  outboxLines,
  outboxPut,
  parseOutbox,
  toSynced,
  type Outbox,
  type PresenceEntry,
  type SyncedLine,
} from "~/domain/picking/sync";

const contract = contractOf(() => import("~/domain/picking/contract"));

export type { RoomStatus };

export type { RoomAccess };

export type PickingRoomEvents = {
  onLines(lines: SyncedLine[], initial: boolean): void;
  onPresence(presence: PresenceEntry[]): void;
  onSaved(saved: Record<string, unknown>): void;
  onStatus(status: RoomStatus, detail?: string): void;
  /** Who holds which line; `you` is this picker's id in the room (its claims are its own). A quiet holder's `quietSince` is on this phone's clock. */
  onClaims?(claims: ClaimEntry[], you: string | null): void;
  /**
   * The room sent back a claim or a change. `line` is the room's copy; `reason` says why (another picker holds
   * the line, it was taken over from this phone, or someone changed it since); `yours` is the change sent back.
   */
  onRefused?(lineId: string, holder: string, line: SyncedLine | null, reason: RefusalReason, yours: SyncedLine | null): void;
  /** A line this phone held was taken over while it was quiet: by whom, and when (this phone's clock, ms). */
  onTakenOver?(lineId: string, by: string, at: number): void;
};

export type RefusalReason = "held" | "taken-over" | "conflict";

export type PickingRoom = {
  readonly selfId: string;
  readonly deviceId: string;
  /** Stamps the lines with a fresh rev, queues them in the outbox and sends them when connected. */
  publish(lines: PickLine[]): SyncedLine[];
  focus(lineId: string | null): void;
  /** Holds a line for this picker (the room refuses it while someone else holds it). */
  claim(lineId: string): void;
  /** Takes a line over from a holder whose phone has gone quiet (the room refuses it otherwise). */
  takeOver(lineId: string): void;
  release(lineId: string): void;
  /** Advances the clock past revs seen elsewhere (sync, log merge). */
  observe(rev: number): void;
  pending(): number;
  close(): void;
};

const DEVICE_KEY = "picklist:device";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function randomId(length = 10) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
}

/** A per-device id kept in localStorage (the `by` of every change this device makes). */
export function deviceId(): string {
  const store = storage();
  const existing = store?.getItem(DEVICE_KEY);
  if (existing) return existing;
  const id = `d-${randomId()}`;
  store?.setItem(DEVICE_KEY, id);
  return id;
}

class AccessDenied extends Error {}

/** A fresh room token; a refusal of who this is (401, 403, 404) is AccessDenied, any other failure an Error, both in plain words. */
async function fetchAccess(orderNumber: string): Promise<RoomAccess> {
  const result = await apiFetch(`/api/picklists/${encodeURIComponent(orderNumber)}/room`, contract("RoomAccessAnswer"));
  if (result.ok) return result.data;
  const { status, message } = result.error;
  if (status === 401 || status === 403 || status === 404) throw new AccessDenied(message);
  throw new Error(message);
}

/**
 * Connects to the order's room. `access` is the first token (the caller already fetched it to learn the
 * host); later reconnects fetch a fresh one shortly before it expires.
 */
export function connectPickingRoom(orderNumber: string, first: RoomAccess, events: PickingRoomEvents, opts: { WebSocket?: unknown } = {}): PickingRoom {
  const store = storage();
  const key = outboxKey(orderNumber);
  const device = deviceId();
  const selfId = `${device}-${randomId(4)}`;
  let outbox: Outbox = parseOutbox(store?.getItem(key) ?? null);
  let lastRev = 0;
  let access = first;
  let closed = false;
  let focused: string | null = null;

  const saveOutbox = () => {
    try {
      if (Object.keys(outbox).length) store?.setItem(key, JSON.stringify(outbox));
      else store?.removeItem(key);
    } catch {
      // A full storage only loses offline durability; the in-memory outbox still resends.
    }
  };

  const socket = new PartySocket({
    host: first.host,
    room: first.room,
    party: first.party,
    id: selfId,
    // Our own outbox replaces partysocket's in-memory queue (which would not survive a reload).
    maxEnqueuedMessages: 0,
    minReconnectionDelay: 300,
    maxReconnectionDelay: 4000,
    reconnectionDelayGrowFactor: 1.5,
    connectionTimeout: 4000,
    query: async () => {
      if (Date.parse(access.expiresAt) - Date.now() < 60_000) {
        try {
          access = await fetchAccess(orderNumber);
        } catch (error) {
          if (error instanceof AccessDenied) {
            events.onStatus("denied", error.message);
            socket.close();
          }
          throw error;
        }
      }
      return { token: access.token };
    },
    ...(opts.WebSocket ? { WebSocket: opts.WebSocket as typeof WebSocket } : {}),
  });

  const sendRaw = (message: unknown) => {
    if (socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const flush = () => {
    const lines = outboxLines(outbox);
    for (let i = 0; i < lines.length; i += 200) sendRaw({ type: "lines", lines: lines.slice(i, i + 200) });
  };

  // A heartbeat while connected: the room tells a quiet (dead, out of range) phone from a picker who is only thinking.
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };
  /** What to add to a room time to read it on this phone's clock (from the room's last `now`). */
  let clockOffset = 0;
  const onClock = (claims: ClaimEntry[], roomNow: number | undefined) => {
    if (roomNow !== undefined) clockOffset = Date.now() - roomNow;
    return claims.map((c) => (c.quietSince === undefined ? c : { ...c, quietSince: c.quietSince + clockOffset }));
  };

  const onOpen = () => {
    events.onStatus("live");
    stopHeartbeat();
    heartbeat = setInterval(() => sendRaw({ type: "ping" }), HEARTBEAT_MS);
    flush();
    if (focused) sendRaw({ type: "focus", lineId: focused });
  };
  const onClose = () => {
    stopHeartbeat();
    if (!closed) events.onStatus(typeof navigator !== "undefined" && navigator.onLine === false ? "offline" : "connecting");
  };
  const onMessage = (event: MessageEvent) => {
    const message: ServerMessage | null = parseServerMessage(String(event.data));
    if (!message) return;
    switch (message.type) {
      case "sync":
        lastRev = Math.max(lastRev, ...message.lines.map((l) => l.rev));
        events.onLines(message.lines, true);
        events.onPresence(message.presence);
        events.onClaims?.(onClock(message.claims, message.now), message.you || null);
        if (message.saved) events.onSaved(message.saved);
        break;
      case "claims":
        events.onClaims?.(onClock(message.claims, message.now), null);
        break;
      case "refused":
        events.onRefused?.(message.lineId, message.holder.name || "Another picker", message.line, message.reason, message.yours ?? null);
        break;
      case "taken-over":
        // The room's clock, read against the sync it sent just before (same connection, same moment).
        events.onTakenOver?.(message.lineId, message.by || "Another picker", message.at + clockOffset);
        break;
      case "lines":
        lastRev = Math.max(lastRev, ...message.lines.map((l) => l.rev));
        events.onLines(message.lines, false);
        break;
      case "presence":
        events.onPresence(message.presence);
        break;
      case "saved":
        events.onSaved(message.saved);
        break;
      case "ack":
        outbox = outboxAck(outbox, message.lines);
        saveOutbox();
        break;
    }
  };
  socket.addEventListener("open", onOpen);
  socket.addEventListener("close", onClose);
  socket.addEventListener("message", onMessage);

  // Browsers keep a dead socket "open" for a long time after the network drops: follow the OS signal.
  const goOffline = () => {
    events.onStatus("offline");
    socket.close();
  };
  const goOnline = () => {
    if (closed) return;
    events.onStatus("connecting");
    socket.reconnect();
  };
  if (typeof window !== "undefined") {
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
  }
  events.onStatus("connecting");

  return {
    selfId,
    deviceId: device,
    publish(lines) {
      // Each change says which copy of the line it was made on: the room asks about one made on a stale copy.
      const synced = lines.map((l) => {
        lastRev = nextRev(lastRev, Date.now());
        return { ...toSynced(l, lastRev, device), base: l.rev ?? 0 };
      });
      outbox = outboxPut(outbox, synced);
      saveOutbox();
      for (let i = 0; i < synced.length; i += 200) sendRaw({ type: "lines", lines: synced.slice(i, i + 200) });
      return synced;
    },
    focus(lineId) {
      focused = lineId;
      sendRaw({ type: "focus", lineId });
    },
    claim(lineId) {
      sendRaw({ type: "claim", lineId });
    },
    takeOver(lineId) {
      sendRaw({ type: "takeover", lineId });
    },
    release(lineId) {
      sendRaw({ type: "release", lineId });
    },
    observe(rev) {
      lastRev = Math.max(lastRev, rev);
    },
    pending() {
      return Object.keys(outbox).length;
    },
    close() {
      closed = true;
      stopHeartbeat();
      if (typeof window !== "undefined") {
        window.removeEventListener("offline", goOffline);
        window.removeEventListener("online", goOnline);
      }
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      socket.removeEventListener("message", onMessage);
      socket.close();
    },
  };
}

export { fetchAccess as fetchRoomAccess, AccessDenied };
