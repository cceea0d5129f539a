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

/** A line change as a client sends it: any `by` it carries (older clients send their device id) is replaced. */
const clientLineState = lineState.extend({ by: z.string().max(200).optional() });

export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("focus"), lineId: z.string().max(100).nullable() }),
  z.object({ type: z.literal("lines"), lines: z.array(clientLineState).min(1).max(500) }),
  /** Holds a line for this picker (party/claims.ts); refused while another picker holds it. */
  z.object({ type: z.literal("claim"), lineId: z.string().min(1).max(100) }),
  z.object({ type: z.literal("release"), lineId: z.string().min(1).max(100) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const presence = z.object({ id: z.string(), name: z.string(), lineId: z.string().nullable() });

export const claim = z.object({ lineId: z.string(), sub: z.string(), name: z.string(), at: z.number() });
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
  }),
  z.object({ type: z.literal("claims"), claims: z.array(claim) }),
  /** To the sender only: a claim or a change on a line another picker holds; `line` is the room's copy to go back to. */
  z.object({ type: z.literal("refused"), lineId: z.string(), holder: z.object({ sub: z.string(), name: z.string() }), line: lineState.nullable() }),
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
