// Taking over a line held by a phone gone quiet (issue 23), as the picking screen words it: who holds a line
// and for how long their phone has been silent, the prompt before taking it, and what the first phone is told
// when it returns. Pure; the room's rules are in party/claims.ts.
import type { ClaimEntry } from "../../../party/protocol";
import { CLAIM_IDLE_MS } from "../../../party/claims";

/** Another picker's hold on a line: their name, and how long their phone has been quiet (seconds), or null while it is heard from. */
export type Hold = { name: string; quietFor: number | null };

/** Who else holds a line now (a lapsed claim no longer counts; this picker's own claims never block), or null. */
export function lineHold(claims: ReadonlyMap<string, ClaimEntry>, you: string | null, lineId: string, now: number): Hold | null {
  const claim = claims.get(lineId);
  if (!claim || claim.sub === you || now - claim.at >= CLAIM_IDLE_MS) return null;
  const quietFor = claim.quietSince === undefined ? null : Math.max(0, Math.floor((now - claim.quietSince) / 1000));
  return { name: claim.name || "Another picker", quietFor };
}

/** '40 s' under two minutes, then '3 min': a picker reads it at a glance. */
export function quietTime(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`;
}

/** What a held line says: 'Ann is picking', or 'Main floor phones — not seen for 40 s' once their phone is quiet. */
export function holdText(hold: Hold): string {
  return hold.quietFor === null ? `${hold.name} is picking` : `${hold.name} — not seen for ${quietTime(hold.quietFor)}`;
}

/** The app's question before taking a line over (the app's own dialog). */
export function takeOverPrompt(hold: Hold): { title: string; message: string; confirmLabel: string; cancelLabel: string } {
  return {
    title: "Take over this line?",
    message: `${hold.name} was picking it and has not been seen for ${quietTime(hold.quietFor ?? 0)}. Their unsent picks on this line will be shown to them when they return.`,
    confirmLabel: "Take over",
    cancelLabel: "Leave it",
  };
}

/** What the first phone is told when it is back: 'Your line BRN-10 was taken over by Maria at 2:41 PM'. */
export function takenOverMessage(sku: string, by: string, atMs: number, formatTime: (ms: number) => string): string {
  return `Your line ${sku || "(unknown)"} was taken over by ${by || "another picker"} at ${formatTime(atMs)}.`;
}
