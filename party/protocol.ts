// The picking room's message protocol, shared by the room and its clients: one zod discriminated union.
import { z } from "zod";

export const lineState = z.object({
  lineId: z.string().min(1).max(100),
  status: z.enum(["Pending", "Picked", "Issue"]),
  pickState: z.enum(["unset", "full", "short"]),
  pickedQty: z.number().int().min(0).max(1_000_000),
  note: z.string().max(2000).optional(),
  /** A short line's reason label ('Stockout'); the server checks it against the managed list on save. */
  reason: z.string().max(80).optional(),
  /** Client clock: the room keeps the newest write per line (last writer wins, ties broken by `by`). */
  rev: z.number().int().min(0),
  /** Who made the change: the picker's name from the room token, written by the room (never the sender's word). */
  by: z.string().max(200),
});
export type LineState = z.infer<typeof lineState>;

/**
 * A line change as a client sends it: any `by` it carries (older clients send their device id) is replaced.
 * `base` is the rev of the room's copy the change was made on: a change made on a copy someone else has since
 * changed (a pick saved offline on a line completed online) is a conflict the sender is asked about.
 */
const clientLineState = lineState.extend({ by: z.string().max(200).optional(), base: z.number().int().min(0).optional() });

export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("focus"), lineId: z.string().max(100).nullable() }),
  z.object({ type: z.literal("lines"), lines: z.array(clientLineState).min(1).max(500) }),
  /** Holds a line for this picker (party/claims.ts); refused while another picker holds it. */
  z.object({ type: z.literal("claim"), lineId: z.string().min(1).max(100) }),
  z.object({ type: z.literal("release"), lineId: z.string().min(1).max(100) }),
  /** Takes a line over from a holder whose phone has gone quiet (party/claims.ts QUIET_MS); refused otherwise. */
  z.object({ type: z.literal("takeover"), lineId: z.string().min(1).max(100) }),
  /** A heartbeat (every HEARTBEAT_MS): the room tells a quiet phone from a picker who is only thinking. */
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const presence = z.object({ id: z.string(), name: z.string(), lineId: z.string().nullable() });

/** `quietSince` (room clock) is there only while the holder's phone is quiet: the last time the room heard from it. */
export const claim = z.object({ lineId: z.string(), sub: z.string(), name: z.string(), at: z.number(), quietSince: z.number().optional() });
export type ClaimEntry = z.infer<typeof claim>;

export const serverMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sync"),
    lines: z.array(lineState),
    presence: z.array(presence),
    saved: z.record(z.string(), z.unknown()).nullable(),
    /** Who holds which line, and who this connection is (its claims are its own). */
    claims: z.array(claim).default([]),
    you: z.string().default(""),
    /** The room's clock when it sent this, so a phone can read `quietSince` on its own clock. */
    now: z.number().optional(),
  }),
  z.object({ type: z.literal("claims"), claims: z.array(claim), now: z.number().optional() }),
  /**
   * To the sender only: a claim or a change it may not make; `line` is the room's copy to go back to. `reason`:
   * another picker holds the line ("held"), it was taken over from this phone while it was quiet ("taken-over"),
   * or someone else changed it after the copy this change was made on ("conflict"). `yours` is the change sent
   * back, so the phone can show both and ask which to keep.
   */
  z.object({
    type: z.literal("refused"),
    lineId: z.string(),
    holder: z.object({ sub: z.string(), name: z.string() }),
    line: lineState.nullable(),
    reason: z.enum(["held", "taken-over", "conflict"]).default("held"),
    yours: lineState.optional(),
  }),
  /** To the phone a line was taken from, when it is heard from again: who took it and when (room clock, ms). */
  z.object({ type: z.literal("taken-over"), lineId: z.string(), by: z.string(), at: z.number() }),
  z.object({ type: z.literal("lines"), lines: z.array(lineState) }),
  z.object({ type: z.literal("presence"), presence: z.array(presence) }),
  z.object({ type: z.literal("saved"), saved: z.record(z.string(), z.unknown()) }),
  /** To the sender only: these (lineId, rev) reached the room (kept, or superseded by a newer write), so the outbox can drop them. */
  z.object({ type: z.literal("ack"), lines: z.array(z.object({ lineId: z.string(), rev: z.number() })) }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Parses a room message on the client; anything else is ignored (null). */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  try {
    const parsed = serverMessage.safeParse(typeof raw === "string" ? JSON.parse(raw) : raw);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const savedNotice = z.object({ type: z.literal("saved"), saved: z.record(z.string(), z.unknown()) });
