// The picking screen's state as one pure reducer (spec 002 §3–§6): the order being opened, its lines as the
// picker and the room change them, who holds which line, the room's status, the bar's message, Save and
// Complete with "saved this session", and the rules Complete asks about. The hook (components/picking/
// use-pick-list.ts) only runs the effects (requests, the room, storage, timers) and dispatches what happened.
import type { ClaimEntry } from "../../../party/protocol";
import { CLAIM_IDLE_MS } from "../../../party/claims";
import { DEMO_ORDER, demoLines, pickProgress, saveSuccessMessage, updateLine, type LineChange, type PickLine, type PickOrderHeader } from "./lines";
import { completeFailureMessage, saveFailureMessage, type BarMessage, type CallFailure } from "./outcomes";
import { sameValues } from "./conflicts";
import { applyRemote, type PresenceEntry, type SyncedLine } from "./sync";

/** A change of this phone the room sent back with someone else's copy: both are shown and the picker chooses. */
export type LineConflict = { lineId: string; sku: string; mine: SyncedLine; theirs: SyncedLine | null; theirName: string };

export type RefusalReason = "held" | "taken-over" | "conflict";

export type RoomStatus = "connecting" | "live" | "offline" | "denied";

export type PickListState = {
  header: PickOrderHeader | null;
  items: PickLine[];
  loading: boolean;
  /** Why the order could not be opened (the server's words), shown instead of lines. */
  error: string | null;
  /** The order number last asked for. */
  requested: string | null;
  presence: PresenceEntry[];
  roomStatus: RoomStatus | null;
  /** 'Saved by … at …' from the room. */
  savedHint: string | null;
  message: BarMessage;
  saving: boolean;
  completing: boolean;
  /** Who holds which line (from the room). */
  claims: ReadonlyMap<string, ClaimEntry>;
  /** This picker's id in the room: its own claims do not block it. */
  you: string | null;
  /** Saved since this order was opened: Complete does not ask to save first. */
  savedThisSession: boolean;
  /** Changes sent back with someone else's copy, asked about one at a time (oldest first). */
  conflicts: LineConflict[];
};

/** What an order opens to (components/picking/pick-order-data.ts openPickOrder). */
export type Opened = { header: PickOrderHeader; lines: PickLine[] } | { error: string };

export type PickListEvent =
  | { type: "load-started"; orderNumber: string; fetching: boolean }
  | { type: "opened"; opened: Opened }
  | { type: "room-joining" }
  | { type: "room-status"; status: RoomStatus }
  | { type: "presence"; presence: PresenceEntry[] }
  | { type: "saved-hint"; text: string | null }
  | { type: "claims"; claims: ClaimEntry[]; you: string | null }
  | { type: "lines"; lines: PickLine[] }
  | { type: "refused"; lineId: string; holder: string; line: SyncedLine | null; reason?: RefusalReason; yours?: SyncedLine | null }
  /** The picker answered the first conflict (the screen has applied the answer). */
  | { type: "conflict-settled"; lineId: string }
  | { type: "message"; message: BarMessage }
  | { type: "save-started" }
  | { type: "saved"; pickedCount: number; issues: number }
  | { type: "save-failed"; failure: CallFailure }
  | { type: "complete-started" }
  | { type: "completed" }
  | { type: "complete-failed"; failure: CallFailure };

/** The screen before anything loads: the order the page brought, the sample order when none is asked for, or an empty list while one loads. */
export function initialPickListState(initialOrder: string | null, first: Opened | null): PickListState {
  const opened = first && "header" in first ? first : null;
  return {
    header: opened ? opened.header : initialOrder ? null : DEMO_ORDER,
    items: opened ? opened.lines : initialOrder ? [] : demoLines(),
    loading: !!initialOrder && !first,
    error: first && "error" in first ? first.error : null,
    requested: initialOrder,
    presence: [],
    roomStatus: null,
    savedHint: null,
    message: null,
    saving: false,
    completing: false,
    claims: new Map(),
    you: null,
    savedThisSession: false,
    conflicts: [],
  };
}

/** With no copy in the room nobody has changed the line there yet: back to untouched, with a rev that lets the holder's next change through. */
const UNTOUCHED: SyncedLine = { lineId: "", status: "Pending", pickState: "unset", pickedQty: 0, note: undefined, reason: undefined, rev: 0, by: "" };

export function pickListReducer(state: PickListState, event: PickListEvent): PickListState {
  switch (event.type) {
    case "load-started":
      return { ...state, requested: event.orderNumber, message: null, savedThisSession: false, ...(event.fetching ? { loading: true, error: null } : {}) };
    case "opened":
      return "error" in event.opened
        ? { ...state, loading: false, roomStatus: null, items: [], header: null, error: event.opened.error }
        : { ...state, loading: false, items: event.opened.lines, header: event.opened.header, error: null };
    case "room-joining":
      return { ...state, presence: [], savedHint: null, claims: new Map(), conflicts: [] };
    case "room-status":
      // Out of the room we no longer know who is here; the next sync tells us again.
      return { ...state, roomStatus: event.status, presence: event.status === "live" ? state.presence : [] };
    case "presence":
      return { ...state, presence: event.presence };
    case "saved-hint":
      return { ...state, savedHint: event.text };
    case "claims":
      return { ...state, claims: new Map(event.claims.map((c) => [c.lineId, c])), you: event.you ?? state.you };
    case "lines":
      return { ...state, items: event.lines };
    case "refused": {
      const current = state.items.find((l) => l.id === event.lineId);
      const reason = event.reason ?? "held";
      // Unsent work met someone else's: go back to the room's copy, and ask (nothing to ask when they agree).
      if (reason !== "held" && event.yours) {
        const items = revertLine(state.items, event.lineId, event.line);
        if (event.line && sameValues(event.yours, event.line)) return { ...state, items };
        const conflict: LineConflict = { lineId: event.lineId, sku: current?.sku ?? "", mine: event.yours, theirs: event.line, theirName: event.holder };
        return { ...state, items, conflicts: [...state.conflicts.filter((c) => c.lineId !== event.lineId), conflict] };
      }
      return {
        ...state,
        items: revertLine(state.items, event.lineId, event.line),
        message: { tone: "error", text: `${event.holder} is picking ${current?.sku || "this line"}. Your change was not applied.` },
      };
    }
    case "conflict-settled":
      return { ...state, conflicts: state.conflicts.filter((c) => c.lineId !== event.lineId) };
    case "message":
      return { ...state, message: event.message };
    case "save-started":
      return { ...state, saving: true, message: { tone: "info", text: "Saving…" } };
    case "saved":
      return { ...state, saving: false, savedThisSession: true, message: { tone: "success", text: saveSuccessMessage(event.pickedCount, state.items.length, event.issues) } };
    case "save-failed":
      // A save kept in the outbox is a save: it will be sent once there is signal, so Complete does not ask
      // to save again (which would queue a second, identical one).
      return { ...state, saving: false, savedThisSession: state.savedThisSession || event.failure.kind === "queued", message: saveFailureMessage(event.failure) };
    case "complete-started":
      return { ...state, completing: true, message: { tone: "info", text: "Completing…" } };
    case "completed":
      return { ...state, completing: false, message: { tone: "success", text: "Order marked as Completed." } };
    case "complete-failed":
      return { ...state, completing: false, message: completeFailureMessage(event.failure) };
  }
}

/** The room kept another picker's line: go back to the room's copy of it. */
export function revertLine(items: PickLine[], lineId: string, line: SyncedLine | null): PickLine[] {
  const back = line ?? UNTOUCHED;
  return items.map((l) =>
    l.id === lineId ? { ...l, status: back.status, pickState: back.pickState, pickedQty: back.pickedQty, note: back.note, reason: back.reason, rev: back.rev, by: back.by } : l,
  );
}

/** A change to some lines (or all): the new list and the ids it touched. */
export function changeLines(items: PickLine[], ids: readonly string[] | "all", fn: (line: PickLine) => LineChange): { lines: PickLine[]; changed: string[] } {
  const changed: string[] = [];
  const lines = items.map((l) => {
    if (ids !== "all" && !ids.includes(l.id)) return l;
    changed.push(l.id);
    return updateLine(l, fn(l));
  });
  return { lines, changed };
}

/** The room's stamp (rev, by) on lines it was just given. */
export function stampLines(items: PickLine[], synced: readonly SyncedLine[]): PickLine[] {
  const stamp = new Map(synced.map((s) => [s.lineId, s]));
  return items.map((l) => {
    const s = stamp.get(l.id);
    return s ? { ...l, rev: s.rev, by: s.by } : l;
  });
}

/** Lines remote changes make newer (newest wins), with the ids that changed. */
export function receiveLines(items: PickLine[], remote: SyncedLine[]): { lines: PickLine[]; changed: string[] } {
  return applyRemote(items, remote);
}

/** Rows that turned Picked among the changed ones: they flash. */
export function newlyPicked(before: readonly PickLine[], after: readonly PickLine[], changed: readonly string[]): string[] {
  const was = new Map(before.map((l) => [l.id, l.status]));
  return after.filter((l) => changed.includes(l.id) && l.status === "Picked" && was.get(l.id) !== "Picked").map((l) => l.id);
}

/** Another picker who holds a line now (a claim idle for 3 minutes has lapsed), or null; this picker's own claims never block. */
export function lineHolder(claims: ReadonlyMap<string, ClaimEntry>, you: string | null, lineId: string, now: number): string | null {
  const claim = claims.get(lineId);
  return claim && claim.sub !== you && now - claim.at < CLAIM_IDLE_MS ? claim.name || "Another picker" : null;
}

/** What Complete must ask before it may go ahead, in order; `blocked` is why it cannot start at all. */
export type CompletionPlan = { blocked: string | null; askSaveFirst: boolean; askIncomplete: boolean };

export function completionPlan(state: Pick<PickListState, "header" | "items" | "savedThisSession">, demo: boolean): CompletionPlan {
  if (!state.header?.orderId || demo) return { blocked: "Order id missing", askSaveFirst: false, askIncomplete: false };
  return { blocked: null, askSaveFirst: !state.savedThisSession, askIncomplete: !pickProgress(state.items).fullyAccounted };
}

/** The questions Complete asks (the app's own dialog), word for word as before. */
export const SAVE_FIRST_QUESTION = "You have not saved this progress yet. Save now before completing?";
export const INCOMPLETE_QUESTION = "Not all items are accounted for. Mark order completed anyway?";

const STATUS_TEXT: Record<RoomStatus, string> = { live: "Live", connecting: "Connecting…", offline: "Offline — changes kept on this device", denied: "Live sync off" };

/** The header's room status: offline with changes waiting says how many are kept on this device. */
export function roomStatusText(status: RoomStatus, pending: number): string {
  if (status === "offline" && pending > 0) return `Offline — ${pending} change${pending === 1 ? "" : "s"} kept on this device`;
  return STATUS_TEXT[status];
}
