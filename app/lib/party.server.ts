// The app's side of the picking rooms: short-lived room tokens for clients, and telling a room what the
// server saved (the database stays the source of truth; the room only relays).
import { signRoomToken } from "../../party/token";
import type { AppContext } from "./context.server";

export const ROOM_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * The stored order number itself, never case-folded: order numbers are unique only as written (an integration
 * may send 'so-1' beside 'SO-1'), so a folded name would put two orders, possibly of two warehouses, in one room.
 */
export function roomName(orderNumber: string) {
  return orderNumber.trim();
}

function partyBase(ctx: AppContext) {
  const host = ctx.env.PARTYKIT_HOST;
  const local = host.startsWith("127.") || host.startsWith("localhost");
  return { http: `${local ? "http" : "https"}://${host}`, ws: `${local ? "ws" : "wss"}://${host}` };
}

/**
 * A token for one order's room, and where to connect (partysocket host + room). It carries the picker's name
 * from the session and the order's line ids: the room writes the one as `by` and accepts only the others.
 */
export async function roomAccess(ctx: AppContext, orderNumber: string, who: { sub: string; name: string }, lines: readonly string[]) {
  const room = roomName(orderNumber);
  const exp = Math.floor(ctx.now().getTime() / 1000) + ROOM_TOKEN_TTL_SECONDS;
  const token = await signRoomToken(ctx.env.PARTY_TOKEN_SECRET, { room, sub: who.sub, name: who.name, lines: [...lines], exp });
  return { host: ctx.env.PARTYKIT_HOST, room, party: "main", token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Best effort: a room that is down must never fail a save the database already accepted. */
export async function notifyRoomSaved(ctx: AppContext, orderNumber: string, saved: Record<string, unknown>): Promise<void> {
  const url = `${partyBase(ctx).http}/parties/main/${encodeURIComponent(roomName(orderNumber))}`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.env.PARTY_TOKEN_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "saved", saved }),
      signal: AbortSignal.timeout(2000),
    });
    if (!res.ok) console.warn(`room ${orderNumber} refused the saved notice: ${res.status}`);
  } catch (error) {
    console.warn(`room ${orderNumber} unreachable for the saved notice: ${(error as Error).message}`);
  }
}
