// Pick List Check and the picking screen tell one story (issue 24): the check starts from the order's saved
// picks (the latest pick log) and the live room's lines when they are newer, turned into the check's rows
// (ok / short / over), and names who is picking it. Pure; the page's loader reads the log and the room.
import type { CheckRow } from "../pick-list/check";

/** A line as the latest saved pick has it (pick log results). */
export type SavedPickLine = { lineItemId: string; quantityPicked: number; status: string; note?: string };
/** A line as the room has it (party/protocol.ts lineState): `rev` is its writer's clock in ms. */
export type RoomPickLine = { lineId: string; status: string; pickState: string; pickedQty: number; note?: string; rev: number; by: string };

export type SavedPicks = {
  /** When the pick was saved (ISO) and by whom (the signed-in name). */
  at: string | null;
  by: string | null;
  lines: SavedPickLine[];
};

function row(ordered: number, picked: number, status: string, note: string): CheckRow | null {
  if (status === "Pending" && picked <= 0) return null;
  const pickedQty = Math.max(0, Math.round(picked));
  return { pickedQty, status: pickedQty < ordered ? "short" : pickedQty > ordered ? "over" : "ok", note };
}

/**
 * The check's rows for an order: each line from the room when its copy is newer than the saved pick, else from
 * the saved pick; an untouched line has no row (it counts as not done, as before). A line picked in full reads
 * 'ok' with the ordered quantity, so Done and Units agree with the picking screen.
 */
export function rowsFromPicks(lines: readonly { lineItemId: string; quantity: number }[], saved: SavedPicks | null, room: readonly RoomPickLine[] | null): Record<string, CheckRow> {
  const savedAt = saved?.at ? Date.parse(saved.at) : NaN;
  const fromLog = new Map((saved?.lines ?? []).map((l) => [l.lineItemId, l]));
  const fromRoom = new Map((room ?? []).map((l) => [l.lineId, l]));
  const rows: Record<string, CheckRow> = {};
  for (const line of lines) {
    const live = fromRoom.get(line.lineItemId);
    const logged = fromLog.get(line.lineItemId);
    const roomWins = live && (!logged || Number.isNaN(savedAt) || live.rev > savedAt);
    const next = roomWins
      ? row(line.quantity, live.pickState === "full" ? line.quantity : live.pickedQty, live.status, live.note ?? "")
      : logged
        ? row(line.quantity, logged.quantityPicked, logged.status, logged.note ?? "")
        : null;
    if (next) rows[line.lineItemId] = next;
  }
  return rows;
}

/** Who is picking the order: the room's latest writer when it is newer than the saved pick, else who saved it, else the person signed in. */
export function pickerOf(saved: SavedPicks | null, room: readonly RoomPickLine[] | null, signedIn: string): string {
  const savedAt = saved?.at ? Date.parse(saved.at) : NaN;
  const latest = [...(room ?? [])].filter((l) => l.by).sort((a, b) => b.rev - a.rev)[0];
  if (latest && (Number.isNaN(savedAt) || latest.rev > savedAt)) return latest.by;
  return saved?.by || signedIn;
}
