// A keyboard-wedge scanner told apart from typing on the picking screen: its keys come within milliseconds and end
// with Enter. Pure and client-safe.

/** A scanner types a whole code within a few milliseconds per key; a person takes far longer per key. */
export const WEDGE_KEY_GAP_MS = 80;
export const WEDGE_MIN_LENGTH = 3;

export type WedgeState = { buffer: string; lastAt: number };
export const WEDGE_START: WedgeState = { buffer: "", lastAt: -Infinity };

/**
 * Feeds one keydown to the wedge detector: printable keys build the code while they come fast, Enter (or
 * Tab, which some scanners send) ends it. A slow key starts a new buffer, so typing is never a scan.
 */
export function feedWedge(state: WedgeState, key: string, at: number): { state: WedgeState; scan: string | null } {
  const fast = at - state.lastAt <= WEDGE_KEY_GAP_MS;
  if (key === "Enter" || key === "Tab") {
    const scan = fast && state.buffer.length >= WEDGE_MIN_LENGTH ? state.buffer : null;
    return { state: WEDGE_START, scan };
  }
  if (key.length !== 1) return { state, scan: null };
  return { state: { buffer: (fast ? state.buffer : "") + key, lastAt: at }, scan: null };
}
