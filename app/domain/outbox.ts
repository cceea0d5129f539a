// The floor outbox's rules (issue 23), pure so they are tested as tables: what a queued write looks like, how long
// to wait before trying again, what the server's answer means for it, which entries go next, and the words the
// header and the /outbox screen show. The IndexedDB side is app/lib/outbox.ts.
import type { FieldErrors } from "~/domain/api-messages";

export type StoredBody =
  | { kind: "json"; text: string }
  | { kind: "form"; parts: { name: string; value: string | Blob; filename?: string }[] }
  | { kind: "none" };

export type EntryState = "waiting" | "refused" | "signin";

export type OutboxEntry = {
  id: string;
  path: string;
  method: string;
  body: StoredBody;
  idempotencyKey: string;
  /** When the person acted, by the phone's clock (ISO 8601 UTC): sent as X-Acted-At. */
  actedAt: string;
  /** When it was kept (ms): the order of sending. */
  createdAt: number;
  /** What a person reads: "COD photo for SO-1042", "Pick list SO-1042 completed". */
  label: string;
  /** The order number or report id: entries of one group go one after the other, never overtaking. */
  group: string;
  /** Who kept it (the signed-in e-mail or the passcode session's): another session does not send it. */
  owner: string;
  attempts: number;
  nextAttemptAt: number;
  state: EntryState;
  refusal?: { status: number; message: string; fieldErrors: FieldErrors };
};

export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** While entries wait, the outbox tries again this often (also when no event tells it the signal is back). */
export const OUTBOX_TICK_MS = 30_000;
/** How long the header says "All sent" after the last entry went. */
export const ALL_SENT_SHOWN_MS = 4_000;

/**
 * The wait before the next try after `attempts` failed ones: 2 s doubling up to 5 min, spread by ±20 % so
 * phones that regain signal together do not all knock at once. `random` is in [0, 1).
 */
export function backoffMs(attempts: number, random: number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(Math.min(BACKOFF_MAX_MS, base * (0.8 + 0.4 * random)));
}

/** What an answer (or no answer) means for a queued write. */
export type Verdict = "sent" | "signin" | "refused" | "retry";

/** `status` 0 is no answer (no signal, or none in time). */
export function verdictOf(status: number): Verdict {
  if (status >= 200 && status < 300) return "sent";
  if (status === 401) return "signin";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  // 400, 403, 404, 409, 422 and any other refusal: sending it again would not change the server's mind.
  return "refused";
}

/**
 * The entries to try now, in order: this owner's, oldest first, and per group only up to the first one that
 * cannot go (refused, waiting for sign-in, or not due yet): a later write of an order never overtakes an
 * earlier one (out for delivery before the completion). `force` ignores the backoff (the person pressed
 * Try again, or the signal just came back).
 */
export function dueEntries(entries: readonly OutboxEntry[], owner: string, now: number, force = false): OutboxEntry[] {
  const blocked = new Set<string>();
  const due: OutboxEntry[] = [];
  for (const entry of sortedOldestFirst(entries)) {
    if (!sameOwner(entry.owner, owner) || blocked.has(entry.group)) continue;
    if (entry.state !== "waiting" || (!force && entry.nextAttemptAt > now)) {
      blocked.add(entry.group);
      continue;
    }
    due.push(entry);
  }
  return due;
}

/** An entry kept before anyone was known (no owner) is sent by whoever is signed in: the server checks it. */
export function sameOwner(entryOwner: string, owner: string): boolean {
  return !entryOwner || entryOwner.toLowerCase() === owner.toLowerCase();
}

export function sortedOldestFirst(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export type OutboxCounts = { waiting: number; needsYou: number };

export function countsOf(entries: readonly Pick<OutboxEntry, "state">[]): OutboxCounts {
  let waiting = 0;
  let needsYou = 0;
  for (const e of entries) {
    if (e.state === "waiting") waiting++;
    else needsYou++;
  }
  return { waiting, needsYou };
}

export type HeaderState = { tone: "none" | "waiting" | "sent" | "needs"; text: string };

/**
 * The header's one line: nothing when nothing waits and nothing was queued this session; red when a write
 * needs the person (refused, or waiting for sign-in); amber while writes wait; green "All sent" for a few
 * seconds after the last one went.
 */
export function headerState(counts: OutboxCounts, justSent: boolean): HeaderState {
  if (counts.needsYou > 0) {
    const needs = `${counts.needsYou} needs you`;
    return { tone: "needs", text: counts.waiting > 0 ? `${needs}, ${counts.waiting} waiting` : needs };
  }
  if (counts.waiting > 0) return { tone: "waiting", text: `${counts.waiting} waiting to send` };
  if (justSent) return { tone: "sent", text: "All sent" };
  return { tone: "none", text: "" };
}

/** What the /outbox screen says a refused write needs, by the server's status. */
export function refusalAdvice(state: EntryState, status: number): string {
  if (state === "signin" || status === 401) return "Sign in again; this will be sent after.";
  if (status === 403) return "You no longer have access to this. Ask your manager.";
  if (status === 409) return "Someone changed this meanwhile.";
  if (status === 404) return "The server no longer has what this was about.";
  if (status === 400 || status === 422) return "The server could not accept what was entered.";
  return "The server refused this.";
}

export function stateLabel(state: EntryState): string {
  if (state === "waiting") return "Waiting to send";
  if (state === "signin") return "Waiting for sign-in";
  return "Refused";
}

/** "Nov 25, 2026, 2:41 PM" in the phone's time zone (or the one given, for tests). */
export function actedAtText(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(at);
}

/** Said by the screens when a write was kept on the phone instead of answered. */
export const QUEUED_TEXT = "Saved on this phone — it will be sent when there is signal.";
export const STORAGE_FULL_TEXT = "This phone's storage is full, so this was not kept. Free some space, or send it again with signal.";
