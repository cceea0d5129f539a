// Log Out has been pressed on this page: calls the page would still make in the background (the bell's refresh
// and poll) are not sent, since the session they would carry is ending and each would come back 401. The mark
// lapses by itself, so a sign-in on the same page later (a passcode session) is never left without its bell.
const LAPSE_MS = 15_000;
let until = 0;

/** The event the bell listens for, to abort its calls in flight: their answers would come after the session ends. */
export const SIGNING_OUT_EVENT = "rice:signing-out";

export function markSigningOut(now = Date.now()): void {
  until = now + LAPSE_MS;
  if (typeof window !== "undefined") window.dispatchEvent(new Event(SIGNING_OUT_EVENT));
}

export function isSigningOut(now = Date.now()): boolean {
  return now < until;
}
