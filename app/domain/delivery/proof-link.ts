// Who may receive a customer's proof of delivery and how often it may be sent (decision 026). Pure: the
// service gives it the customer's addresses and the times of earlier sends, read from the audit trail.

/** A proof link names the customer, address, receiver, signature, place and photos: it goes to the customer. */
export const PROOF_LINK_LIMITS = {
  /** Sends of one order's proof in the window: enough to resend after a typo, too few to spam the customer. */
  perOrder: 3,
  /** Sends by one person in the window, across orders: a busy office hour, not a mailing. */
  perUser: 20,
  windowMs: 3600_000,
} as const;

export const PROOF_LINK_MESSAGES = {
  noCustomerEmail: "No customer e-mail on this order",
  invalidEmail: "Invalid email address",
  notCustomerAddress: "Only an admin can send the proof of delivery to an address that is not the customer's own (on the order or the customer record)",
} as const;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export type RecipientChoice = { ok: true; to: string; source: "customer" | "typed" } | { ok: false; status: 400 | 403; error: string; field?: "email" };

/**
 * The proof goes to the address asked for when it is one of the customer's (anyone who may send) or when an
 * admin typed it; without one, to the customer's first address. `customerEmails` lists the order's e-mail
 * first, then the customer record's.
 */
export function chooseProofRecipient(input: { typed: string | null | undefined; isAdmin: boolean; customerEmails: readonly string[] }): RecipientChoice {
  const typed = (input.typed ?? "").trim();
  const known = input.customerEmails.map((e) => e.trim()).filter(Boolean);
  if (!typed) {
    const first = known[0];
    return first ? { ok: true, to: first, source: "customer" } : { ok: false, status: 400, error: PROOF_LINK_MESSAGES.noCustomerEmail };
  }
  if (!EMAIL.test(typed)) return { ok: false, status: 400, error: PROOF_LINK_MESSAGES.invalidEmail, field: "email" };
  const own = known.find((e) => sameAddress(e, typed));
  if (own) return { ok: true, to: own, source: "customer" };
  if (input.isAdmin) return { ok: true, to: typed, source: "typed" };
  return { ok: false, status: 403, error: PROOF_LINK_MESSAGES.notCustomerAddress };
}

export type ProofLinkRate = { allowed: true } | { allowed: false; limit: "order" | "user"; retryAfterSeconds: number };

function waitFor(sends: readonly string[], max: number, now: Date, windowMs: number): number {
  const since = now.getTime() - windowMs;
  const recent = sends.map((s) => Date.parse(s)).filter((t) => t > since).sort((a, b) => a - b);
  if (recent.length < max) return 0;
  // A place frees up when the oldest send that keeps the count at the limit leaves the window.
  const oldestCounting = recent[recent.length - max]!;
  return Math.max(1, Math.ceil((oldestCounting + windowMs - now.getTime()) / 1000));
}

/** Whether one more send fits both limits; if not, which one is full and when a place frees up. */
export function proofLinkRate(orderSends: readonly string[], userSends: readonly string[], now: Date, limits: { perOrder: number; perUser: number; windowMs: number } = PROOF_LINK_LIMITS): ProofLinkRate {
  const order = waitFor(orderSends, limits.perOrder, now, limits.windowMs);
  const user = waitFor(userSends, limits.perUser, now, limits.windowMs);
  if (!order && !user) return { allowed: true };
  return order >= user ? { allowed: false, limit: "order", retryAfterSeconds: order } : { allowed: false, limit: "user", retryAfterSeconds: user };
}

export function proofLinkLimitMessage(rate: Extract<ProofLinkRate, { allowed: false }>, limits: { perOrder: number; perUser: number } = PROOF_LINK_LIMITS): string {
  const minutes = Math.max(1, Math.ceil(rate.retryAfterSeconds / 60));
  const wait = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return rate.limit === "order"
    ? `This order's proof of delivery was already e-mailed ${limits.perOrder} times in the last hour. ${wait}`
    : `You have e-mailed ${limits.perUser} proofs of delivery in the last hour, the most allowed. ${wait}`;
}
