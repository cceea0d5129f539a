// Return requests' pure rules: statuses and the transitions the server allows (DESIGN §8), item decisions,
// receiving (received, damaged, restock, mismatch) and the list's search, filter and sort names. Client-safe.

/** Request statuses (spec 000 §4); 'review' is the legacy spelling of under_review. */
export const RETURN_STATUSES = ["pending", "under_review", "approved", "declined", "review"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** What a request may be set to (a legacy 'review' is read, never written). */
export const RETURN_DECISIONS = ["pending", "under_review", "approved", "declined"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/** Item statuses: pending until someone decides; 'review' asks for another look (spec 000 §2). */
export const ITEM_STATUSES = ["pending", "approved", "declined", "review"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_DECISIONS = ["approved", "declined", "review"] as const;

export const RETURN_SEARCH_FIELDS = ["companyName", "returnID", "orderNum", "status", "email", "phone", "submittedAt"] as const;
export type ReturnSearchField = (typeof RETURN_SEARCH_FIELDS)[number];
export const RETURN_SORT_FIELDS = ["companyName", "orderNum", "location", "items", "status", "submittedAt"] as const;
export type ReturnSortField = (typeof RETURN_SORT_FIELDS)[number];

export const RETURN_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  under_review: "Under Review",
  review: "Under Review",
  approved: "Approved",
  declined: "Declined",
};

export function returnStatusLabel(status: string): string {
  return RETURN_STATUS_LABELS[status] ?? status.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export type Tone = "green" | "amber" | "red" | "gray";

/** Spec 000 §2: Approved green, Pending amber, Declined red, others gray. */
export function statusTone(status: string): Tone {
  const s = status.toLowerCase();
  if (s === "approved") return "green";
  if (s === "pending") return "amber";
  if (s === "declined") return "red";
  return "gray";
}

/** A legacy 'review' is the same state as under_review. */
export function normalizeReturnStatus(status: string): string {
  return status === "review" ? "under_review" : status;
}

export type TransitionCheck = { ok: true } | { ok: false; reason: string };

/**
 * DESIGN §8: pending → under_review → approved | declined; an admin may reopen (a decided request back to
 * under_review or pending, or an under_review one back to pending). Setting the status it already has is
 * allowed (a remarks-only update).
 */
export function checkReturnTransition(from: string, to: ReturnDecision, isAdmin: boolean): TransitionCheck {
  const current = normalizeReturnStatus(from);
  if (current === to) return { ok: true };
  if (current === "pending" && to === "under_review") return { ok: true };
  if (current === "under_review" && (to === "approved" || to === "declined")) return { ok: true };
  const reopening = (current === "approved" || current === "declined") && (to === "under_review" || to === "pending");
  const backToPending = current === "under_review" && to === "pending";
  if ((reopening || backToPending) && isAdmin) return { ok: true };
  if (reopening || backToPending) return { ok: false, reason: `Only an admin may reopen a request that is ${returnStatusLabel(current)}` };
  if (current === "pending") return { ok: false, reason: `A pending request must be put under review before it is ${returnStatusLabel(to).toLowerCase()}` };
  return { ok: false, reason: `A request that is ${returnStatusLabel(current)} cannot become ${returnStatusLabel(to)}` };
}

/** The request decisions offered from a status (the screen shows these buttons; the server checks the same rule). */
export function nextReturnStatuses(from: string, isAdmin: boolean): ReturnDecision[] {
  return RETURN_DECISIONS.filter((to) => to !== normalizeReturnStatus(from) && checkReturnTransition(from, to, isAdmin).ok);
}

/** Items may be decided while the request is open; a decided request's items are frozen until it is reopened. */
export function checkItemDecision(requestStatus: string): TransitionCheck {
  const s = normalizeReturnStatus(requestStatus);
  if (s === "approved" || s === "declined") {
    return { ok: false, reason: `The request is ${returnStatusLabel(s)}: reopen it before changing an item's decision` };
  }
  return { ok: true };
}

// ---------------------------------------------------------------- receiving

export type ReceivingLine = { index: number; received: number; damaged: number };
export type ReceivingItem = { position: number; count: number };
export type ReceivedLine = ReceivingLine & { restock: number; mismatch: boolean };

export const MAX_ITEM_QUANTITY = 100_000;

/**
 * Receiving: damaged is part of what was received, only the sellable rest is marked for restock, and a
 * received quantity other than the requested count is a mismatch that flags the request for review.
 */
export function receiveLines(items: readonly ReceivingItem[], lines: readonly ReceivingLine[]): { ok: true; lines: ReceivedLine[]; mismatch: boolean } | { ok: false; reason: string } {
  const seen = new Set<number>();
  const out: ReceivedLine[] = [];
  for (const line of lines) {
    const item = items.find((i) => i.position === line.index);
    if (!item) return { ok: false, reason: `Item ${line.index} does not exist on this request` };
    if (seen.has(line.index)) return { ok: false, reason: `Item ${line.index} is listed twice` };
    seen.add(line.index);
    if (line.damaged > line.received) return { ok: false, reason: `Item ${line.index}: damaged (${line.damaged}) cannot be more than received (${line.received})` };
    out.push({ ...line, restock: line.received - line.damaged, mismatch: line.received !== item.count });
  }
  if (!out.length) return { ok: false, reason: "Record at least one item" };
  return { ok: true, lines: out, mismatch: out.some((l) => l.mismatch) };
}

/** Receiving is for a request that is not declined (the goods of a declined request go back to the customer). */
export function checkReceiving(requestStatus: string): TransitionCheck {
  return normalizeReturnStatus(requestStatus) === "declined" ? { ok: false, reason: "A declined request's goods are not received" } : { ok: true };
}

// ---------------------------------------------------------------- search

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD' (2025-02-30 is not one). */
export function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The UTC bounds of a calendar day: submittedAt matches when start <= t < end. */
export function dayBounds(day: string): { start: string; end: string } {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 86_400_000).toISOString() };
}

/** LIKE pattern for a case-insensitive substring, with the wildcards escaped (ESCAPE '\\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** FTS5's trigram tokenizer finds substrings of at least this many characters; shorter ones keep the plain LIKE. */
export const TRIGRAM_MIN_CHARS = 3;

/** SQLite's lower() and LIKE fold ASCII letters only (no ICU): the same folding, in JavaScript. */
export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The FTS5 query for a substring search over a case-sensitive trigram index (db/migrations/0008): the whole
 * text as one quoted phrase (inner quotes doubled), so nothing in it is FTS syntax (AND, NOT, -, *, ^, :,
 * parentheses). `foldCase` lowers ASCII letters for a field indexed as lower(field), which makes the phrase
 * match exactly what `field LIKE '%text%'` matches. Null when the index cannot answer: fewer than 3
 * characters (counted in code points, not UTF-16 units) or a NUL (SQLite's LIKE stops at one); the caller
 * keeps the plain LIKE or instr then.
 */
export function trigramPhrase(text: string, foldCase: boolean): string | null {
  if (Array.from(text).length < TRIGRAM_MIN_CHARS || text.includes("\u0000")) return null;
  return `"${(foldCase ? lowerAscii(text) : text).replace(/"/g, '""')}"`;
}

/**
 * How to page a substring search the trigram index answers, from counts taken first: `matches` rows match
 * the text, `total` of them pass the filters too, `rows` is the table's size and `need` the rows up to the
 * end of the page (offset + limit). Driving from the index costs a row lookup per match, then a sort;
 * walking the sort order's index and testing each row stops after about need × rows / total rows (every row
 * when fewer than `need` match). A common text ('kitchen' in every name) walks; a rare one is driven.
 */
export function walkSortOrder(counts: { matches: number; total: number; rows: number; need: number }): boolean {
  const { matches, total, rows, need } = counts;
  if (total <= 0) return false;
  const walked = total >= need ? (need * rows) / total : rows;
  return walked * 2 < matches;
}

/** Searching 'status' by a label: 'under review' finds under_review and the legacy review. */
export function statusSearchValues(text: string): string[] {
  const t = text.trim().toLowerCase();
  return RETURN_STATUSES.filter((s) => s.includes(t.replace(/\s+/g, "_")) || returnStatusLabel(s).toLowerCase().includes(t));
}

export function returnReference(now: Date, random: string): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, "");
  return `RET-${d}-${random.toUpperCase()}`;
}

/** The longest return reason label. Here (not in schemas.ts) so screens read it without loading zod. */
export const REASON_MAX = 80;
/** The reason that asks for the customer's own words. */
export const OTHER_REASON = "Other";
