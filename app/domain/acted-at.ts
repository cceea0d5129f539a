// When a floor write happened (issue 23, decision 040): the phone's `X-Acted-At`, read as a bounded time only.
// A queued write reaches the server late; its receipt time is not when the picker or driver acted. The
// phone's clock is believed only inside [lower bound, receipt]: never the future, never before the order or
// the previous step of the same flow, never more than 30 days back. It is never identity and never order of
// arrival (idempotency keys and versions decide those).

export const ACTED_AT_HEADER = "X-Acted-At";

/** The 400's plain reason for a header that is not a date and time. */
export const ACTED_AT_PROBLEM = "X-Acted-At must be a date and time, e.g. 2026-11-25T14:41:00Z";

/** The oldest act a queued write may claim: the same window the body's `completedAt` has always had. */
export const ACTED_AT_MAX_AGE_MS = 30 * 86_400_000;

/**
 * The acted time of this request, given the lower bound the service knows (the order's creation, the previous
 * step of the flow). Without a header it is the receipt time.
 */
export type ActedAt = ((lowerBound?: string | Date | null) => string) & {
  /** The phone sent a time: a service may skip reading its lower bound when this is not set. */
  fromPhone?: boolean;
};

export type ActedAtClaim = { kind: "absent" } | { kind: "malformed" } | { kind: "time"; ms: number };

// ISO 8601 date and time with seconds optional, a fraction optional, and Z or an offset (read as UTC).
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The header as the phone sent it: absent (or blank), not a real date and time, or an instant. */
export function parseActedAt(raw: string | null | undefined): ActedAtClaim {
  const value = (raw ?? "").trim();
  if (!value) return { kind: "absent" };
  if (value.length > 40) return { kind: "malformed" };
  const m = ISO.exec(value);
  if (!m) return { kind: "malformed" };
  const [, y, mo, d, h, mi, s] = m;
  // Date.parse rolls 2026-02-30 over into March; a day that does not exist is malformed, not a guess.
  const probe = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (probe.getUTCFullYear() !== Number(y) || probe.getUTCMonth() !== Number(mo) - 1 || probe.getUTCDate() !== Number(d)) return { kind: "malformed" };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return { kind: "malformed" };
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? { kind: "time", ms } : { kind: "malformed" };
}

function toMs(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The bounded acted time (ISO 8601 UTC): absent → the receipt time; later than the receipt → the receipt (a
 * phone clock ahead never writes the future); earlier than the lower bound or than 30 days before the receipt
 * → the later of the two. A lower bound after the receipt (a clock skew between writers) is ignored.
 */
export function boundActedAt(claim: ActedAtClaim, received: Date, lowerBound?: string | Date | null): string {
  const receivedMs = received.getTime();
  if (claim.kind !== "time") return received.toISOString();
  const bound = toMs(lowerBound);
  const floor = Math.max(receivedMs - ACTED_AT_MAX_AGE_MS, bound !== null && bound <= receivedMs ? bound : -Infinity);
  return new Date(Math.min(receivedMs, Math.max(floor, claim.ms))).toISOString();
}

/** The acted time of a request's header as a function of the lower bound (throws nothing: check `malformed` first). */
export function actedAtOf(claim: ActedAtClaim, received: Date): ActedAt {
  return Object.assign((lowerBound?: string | Date | null) => boundActedAt(claim, received, lowerBound), { fromPhone: claim.kind === "time" });
}

/** The later of two instants (ISO strings): the previous step of a flow as a lower bound over the order's creation. */
export function laterOf(...times: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestMs = -Infinity;
  for (const t of times) {
    const ms = toMs(t);
    if (ms !== null && ms > bestMs) {
      best = t!;
      bestMs = ms;
    }
  }
  return best;
}

/** More than a minute between the act and its receipt: the history says when it was sent. */
export const ACTED_GAP_MS = 60_000;

export function sentLater(actedAt: string | null | undefined, receivedAt: string): boolean {
  const a = toMs(actedAt);
  const r = toMs(receivedAt);
  return a !== null && r !== null && r - a > ACTED_GAP_MS;
}

// ---------------------------------------------------------------- conflicts the office must hear about

const FLOOR_TIME_ZONE = "America/New_York";

function floorParts(iso: string): { day: string; time: string } | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: FLOOR_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")} ${get("dayPeriod").toUpperCase()}` };
}

/** '2:41 PM' on the floor's clock (Eastern), what the driver and the history read. */
export function floorTime(iso: string | null | undefined): string {
  return (iso && floorParts(iso)?.time) || "";
}

/** '2026-11-25 2:41 PM ET', for a notice the office reads later. */
export function floorDateTime(iso: string | null | undefined): string {
  const p = iso ? floorParts(iso) : null;
  return p ? `${p.day} ${p.time} ET` : "";
}

/**
 * The driver's or picker's 409 when the office cancelled the order meanwhile: when it happened, whether that
 * was after the person acted (they were offline), and what to do.
 */
export function cancelledMeanwhileMessage(orderNumber: string, cancelledAt: string | null, actedAt: string): string {
  if (!cancelledAt) return `The office cancelled ${orderNumber}. Nothing was recorded; call the office.`;
  const after = Date.parse(cancelledAt) > Date.parse(actedAt) ? ", after you went offline" : "";
  return `The office cancelled ${orderNumber} at ${floorTime(cancelledAt)}${after}. Nothing was recorded; call the office.`;
}

/** The office's notice of the same refusal: who, which order, what was attempted, when they acted and when it arrived. */
export function cancelledMeanwhileNotice(input: { who: string; orderNumber: string; customerName?: string | null; attempted: string; actedAt: string; receivedAt: string; cancelledAt: string | null }): string {
  const customer = input.customerName ? ` (${input.customerName})` : "";
  const sent = sentLater(input.actedAt, input.receivedAt) ? `, sent at ${floorDateTime(input.receivedAt)}` : "";
  const cancelled = input.cancelledAt ? `the office cancelled it at ${floorDateTime(input.cancelledAt)}` : "the order is cancelled";
  return `${input.who} tried to ${input.attempted} for ${input.orderNumber}${customer} at ${floorDateTime(input.actedAt)}${sent}, but ${cancelled}. Nothing was recorded; they were told to call the office.`;
}
