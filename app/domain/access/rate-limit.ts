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

/** A burst: this many failures across at least BURST_MIN_ADDRESSES addresses inside the window alerts admins. */
export const BURST_FAILURES = 20;
export const BURST_MIN_ADDRESSES = 5;

export function isFailureBurst(failures: number, addresses: number): boolean {
  return failures >= BURST_FAILURES && addresses >= BURST_MIN_ADDRESSES;
}

function ipv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function ipv6Groups(text: string): number[] | null {
  let hex = text;
  // An embedded IPv4 tail ('::ffff:1.2.3.4') is the last two groups.
  const lastColon = hex.lastIndexOf(":");
  if (hex.includes(".")) {
    const v4 = ipv4(hex.slice(lastColon + 1));
    if (!v4) return null;
    hex = `${hex.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = hex.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...left, ...right].some(Number.isNaN)) return null;
  if (halves.length === 1) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  if (missing < 1) return null;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

/**
 * The rate-limit key of a connecting address: IPv4 as four plain numbers ('1.2.3.004' → '1.2.3.4'), any
 * port removed ('1.2.3.4:1', '[::1]:80'), IPv4-mapped IPv6 as its IPv4 ('::ffff:1.2.3.4'), and other IPv6
 * addresses by their /64 network, which one subscriber usually holds whole. Anything else is one shared
 * bucket, 'unknown', so garbage cannot mint fresh buckets.
 */
export function normalizeAddress(raw: string | null | undefined): string {
  let text = (raw ?? "").trim().toLowerCase();
  if (!text) return "unknown";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, ""); // a zone index ('fe80::1%eth0')
  const v4 = ipv4(text);
  if (v4) return v4.join(".");
  const v6 = ipv6Groups(text);
  if (!v6) return "unknown";
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  if (mapped) return [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255].join(".");
  if (v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1) return "::1";
  return `${v6.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}
