// Log Out has been pressed on this page: calls the page would still make in the background (the bell's refresh
// and poll) are not sent, since the session they would carry is ending and each would come back 401. The mark
// lapses by itself, so a sign-in on the same page later (a passcode session) is never left without its bell.
const LAPSE_MS = 15_000;
let until = 0;

export function markSigningOut(now = Date.now()): void {
  until = now + LAPSE_MS;
}

export function isSigningOut(now = Date.now()): boolean {
  return now < until;
}
