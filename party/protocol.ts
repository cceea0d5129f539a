// The picking room's message protocol, shared by the room and its clients: one zod discriminated union.
import { z } from "zod";

export const lineState = z.object({
  lineId: z.string().min(1).max(100),
  status: z.enum(["Pending", "Picked", "Issue"]),
  pickState: z.enum(["unset", "full", "short"]),
  pickedQty: z.number().int().min(0).max(1_000_000),
  note: z.string().max(2000).optional(),
  /** Client clock + client id: the room keeps the newest write per line (last writer wins, stable ties). */
  rev: z.number().int().min(0),
  by: z.string().max(200),
});
export type LineState = z.infer<typeof lineState>;

export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("focus"), lineId: z.string().max(100).nullable() }),
  z.object({ type: z.literal("lines"), lines: z.array(lineState).min(1).max(500) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const presence = z.object({ id: z.string(), name: z.string(), lineId: z.string().nullable() });

export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("sync"), lines: z.array(lineState), presence: z.array(presence), saved: z.record(z.string(), z.unknown()).nullable() }),
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
