// Whether a floor screen on show is the phone's kept copy rather than a fresh answer, and from when (issue 23:
// "with the time of the last refresh shown"). The server stamps the time it rendered the page; a page shown
// more than COPY_AFTER_MS after that came from the phone's copy (the service worker answered with no signal).

/** Older than this when it arrives: a kept copy. Generous, so a phone clock a little off never cries wolf. */
export const COPY_AFTER_MS = 2 * 60_000;

/** The copy's time in the person's words ('9:41 AM', or 'Nov 27, 9:41 AM' when not today), or null when fresh. */
export function keptCopyTime(servedAt: string | null | undefined, now: number, timeZone?: string): string | null {
  if (!servedAt) return null;
  const at = Date.parse(servedAt);
  if (Number.isNaN(at) || now - at < COPY_AFTER_MS) return null;
  const sameDay = new Date(at).toLocaleDateString("en-US", { timeZone }) === new Date(now).toLocaleDateString("en-US", { timeZone });
  const time = new Date(at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
  return sameDay ? time : `${new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone })}, ${time}`;
}
