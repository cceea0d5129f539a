// Failed passcode attempts: at most 5 per client in a sliding 15-minute window, then 429 with Retry-After.
export const PASSCODE_MAX_FAILURES = 5;
export const PASSCODE_WINDOW_MS = 15 * 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** `failures` are ISO times of this client's failed attempts (any order). */
export function passcodeRateDecision(failures: readonly string[], now: Date, max = PASSCODE_MAX_FAILURES, windowMs = PASSCODE_WINDOW_MS): RateDecision {
  const since = now.getTime() - windowMs;
  const recent = failures.map((f) => Date.parse(f)).filter((t) => t > since).sort((a, b) => a - b);
  if (recent.length < max) return { allowed: true };
  // The window frees up when the oldest failure that keeps us at the limit ages out.
  const oldestCounting = recent[recent.length - max]!;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldestCounting + windowMs - now.getTime()) / 1000)) };
}
