// The picking screen's reducer and its rules, as tables: opening an order, a line's pick / short / undo and
// the room's copy winning, progress, saved-this-session, what Complete asks, and the room's status text.
import { describe, expect, it } from "vitest";
import type { ClaimEntry } from "../../party/protocol";
import { DEMO_ORDER, inFull, pickProgress, short, shortDone, unselect, type PickLine, type PickOrderHeader } from "~/domain/picking/lines";
import {
  changeLines,
  completionPlan,
  initialPickListState,
  lineHolder,
  newlyPicked,
  pickListReducer,
  receiveLines,
  revertLine,
  roomStatusText,
  stampLines,
  type PickListEvent,
  type PickListState,
  type RoomStatus,
} from "~/domain/picking/pick-list-state";
import type { SyncedLine } from "~/domain/picking/sync";

const header: PickOrderHeader = { orderId: "7", orderNumber: "SO-1", customerName: "Acme", location: "NY-MAIN" };

function line(id: string, quantity: number, patch: Partial<PickLine> = {}): PickLine {
  return { id, sku: `SKU-${id}`, name: `Rice ${id}`, image: null, imageLarge: null, quantity, onHand: null, status: "Pending", pickState: "unset", pickedQty: 0, bin: null, barcodes: [], ...patch };
}

const lines = [line("a", 4), line("b", 2)];
const opened = (): PickListState => pickListReducer(initialPickListState("SO-1", null), { type: "opened", opened: { header, lines } });
const run = (state: PickListState, ...events: PickListEvent[]) => events.reduce(pickListReducer, state);

describe("initial state", () => {
  it.each([
    ["no order asked for: the sample order", null, null, { header: DEMO_ORDER, loading: false, error: null }],
    ["an order to fetch: an empty list, loading", "SO-1", null, { header: null, items: [], loading: true }],
    ["the page brought the order: on screen at once", "SO-1", { header, lines }, { header, items: lines, loading: false }],
    ["the page brought a refusal", "SO-1", { error: "Not signed in" }, { header: null, items: [], loading: false, error: "Not signed in" }],
  ] as const)("%s", (_name, order, first, expected) => {
    expect(initialPickListState(order, first)).toMatchObject(expected);
  });
});

describe("opening an order", () => {
  it.each<[string, PickListEvent[], Partial<PickListState>]>([
    ["a fetch starts: loading, the old error and message go", [{ type: "message", message: { tone: "error", text: "x" } }, { type: "load-started", orderNumber: "SO-2", fetching: true }], { loading: true, error: null, message: null, requested: "SO-2" }],
    ["the loader's copy: no loading shown", [{ type: "load-started", orderNumber: "SO-2", fetching: false }], { loading: false, requested: "SO-2" }],
    ["a refusal clears the lines and the room", [{ type: "room-status", status: "live" }, { type: "opened", opened: { error: "Order not found" } }], { items: [], header: null, roomStatus: null, error: "Order not found" }],
    ["joining a room forgets the last one's presence, hint and claims", [{ type: "saved-hint", text: "Saved by Ann" }, { type: "room-joining" }], { presence: [], savedHint: null, claims: new Map() }],
    ["leaving the live room forgets who is here", [{ type: "presence", presence: [{ id: "p", name: "Ann", lineId: null }] }, { type: "room-status", status: "offline" }], { presence: [], roomStatus: "offline" }],
    ["a new order is not saved this session", [{ type: "saved", pickedCount: 1, issues: 0 }, { type: "load-started", orderNumber: "SO-2", fetching: true }], { savedThisSession: false }],
  ])("%s", (_name, events, expected) => {
    expect(run(opened(), ...events)).toMatchObject(expected);
  });
});

describe("a line's pick, short and undo", () => {
  it.each<[string, readonly string[] | "all", (l: PickLine) => ReturnType<typeof inFull>, Partial<PickLine>[], string[]]>([
    ["In Full picks the whole quantity", ["a"], inFull, [{ status: "Picked", pickState: "full", pickedQty: 4 }, { status: "Pending" }], ["a"]],
    ["Short opens the line short", ["b"], short, [{ status: "Pending" }, { pickState: "short" }], ["b"]],
    ["Done with 1 of 2 and a reason is an Issue", ["b"], (l) => shortDone(l, 1, "Damaged"), [{ status: "Pending" }, { status: "Issue", pickedQty: 1, reason: "Damaged" }], ["b"]],
    ["Unselect puts a line back", ["a"], unselect, [{ status: "Pending", pickState: "unset", pickedQty: 0 }, { status: "Pending" }], ["a"]],
    ["all lines at once", "all", inFull, [{ status: "Picked" }, { status: "Picked" }], ["a", "b"]],
  ])("%s", (_name, ids, fn, expected, changed) => {
    const result = changeLines(lines, ids, fn);
    expect(result.changed).toEqual(changed);
    result.lines.forEach((l, i) => expect(l).toMatchObject(expected[i]!));
  });

  it.each<[string, PickLine[], PickLine[], string[], string[]]>([
    ["a line turning Picked flashes", lines, [line("a", 4, { status: "Picked" }), lines[1]!], ["a"], ["a"]],
    ["a line already Picked does not", [line("a", 4, { status: "Picked" }), lines[1]!], [line("a", 4, { status: "Picked", note: "x" }), lines[1]!], ["a"], []],
    ["an Issue does not", lines, [lines[0]!, line("b", 2, { status: "Issue" })], ["b"], []],
  ])("%s", (_name, before, after, changed, flashing) => {
    expect(newlyPicked(before, after, changed)).toEqual(flashing);
  });

  it("the room's stamp (rev, by) lands on the lines it was given", () => {
    const synced: SyncedLine[] = [{ lineId: "b", status: "Picked", pickState: "full", pickedQty: 2, rev: 9, by: "d-1" }];
    expect(stampLines(lines, synced).map((l) => [l.id, l.rev, l.by])).toEqual([["a", undefined, undefined], ["b", 9, "d-1"]]);
  });

  it.each<[string, SyncedLine | null, Partial<PickLine>]>([
    ["the room's copy wins back", { lineId: "a", status: "Issue", pickState: "short", pickedQty: 1, reason: "Stockout", rev: 5, by: "d-2" }, { status: "Issue", pickedQty: 1, reason: "Stockout", rev: 5, by: "d-2" }],
    ["no copy in the room: untouched, rev 0", null, { status: "Pending", pickState: "unset", pickedQty: 0, rev: 0, by: "" }],
  ])("a refused change: %s", (_name, copy, expected) => {
    const mine = [line("a", 4, { status: "Picked", pickState: "full", pickedQty: 4, rev: 3, by: "me" }), lines[1]!];
    expect(revertLine(mine, "a", copy)[0]).toMatchObject(expected);
    const state = run({ ...opened(), items: mine }, { type: "refused", lineId: "a", holder: "Ann", line: copy });
    expect(state.items[0]).toMatchObject(expected);
    expect(state.message).toEqual({ tone: "error", text: "Ann is picking SKU-a. Your change was not applied." });
  });

  it.each<[string, SyncedLine, string[]]>([
    ["a newer remote change applies", { lineId: "a", status: "Picked", pickState: "full", pickedQty: 4, rev: 5, by: "d" }, ["a"]],
    ["an older one does not", { lineId: "b", status: "Picked", pickState: "full", pickedQty: 2, rev: 1, by: "d" }, []],
  ])("%s", (_name, remote, changed) => {
    const local = [line("a", 4, { rev: 2, by: "x" }), line("b", 2, { rev: 3, by: "x" })];
    expect(receiveLines(local, [remote]).changed).toEqual(changed);
  });
});

describe("who holds a line", () => {
  const claims = new Map<string, ClaimEntry>([
    ["a", { lineId: "a", sub: "user:2", name: "Ann", at: 1_000 }],
    ["b", { lineId: "b", sub: "me", name: "Me", at: 1_000 }],
    ["c", { lineId: "c", sub: "user:3", name: "", at: 1_000 }],
  ] as [string, ClaimEntry][]);
  it.each([
    ["another picker's fresh claim", "a", 2_000, "Ann"],
    ["this picker's own claim never blocks", "b", 2_000, null],
    ["an unnamed holder", "c", 2_000, "Another picker"],
    ["a claim idle for 3 minutes has lapsed", "a", 1_000 + 3 * 60_000, null],
    ["a line nobody holds", "d", 2_000, null],
  ])("%s", (_name, lineId, now, holder) => {
    expect(lineHolder(claims, "me", lineId, now)).toBe(holder);
  });
});

describe("progress", () => {
  it.each<[string, PickLine[], { picked: number; short: number; unset: number; fullyAccounted: boolean }]>([
    ["nothing picked", lines, { picked: 0, short: 0, unset: 2, fullyAccounted: false }],
    ["one picked, one short", [line("a", 4, { status: "Picked", pickState: "full", pickedQty: 4 }), line("b", 2, { status: "Issue", pickState: "short", pickedQty: 1 })], { picked: 1, short: 1, unset: 0, fullyAccounted: true }],
  ])("%s", (_name, items, expected) => {
    expect(pickProgress(items)).toMatchObject(expected);
  });
});

describe("Save and Complete", () => {
  const failure = (kind: "offline" | "timeout" | "http" | "queued", message = "Unknown line item: LI-9") => ({ kind, message });
  it.each<[string, PickListEvent[], Partial<PickListState>]>([
    ["saving says so", [{ type: "save-started" }], { saving: true, message: { tone: "info", text: "Saving…" } }],
    ["a save counts for Complete", [{ type: "save-started" }, { type: "saved", pickedCount: 1, issues: 1 }], { saving: false, savedThisSession: true, message: { tone: "success", text: "Saved. Lines picked: 1/2 • Issues: 1" } }],
    [
      "no signal: the picks are safe, press Save again (not red, never 'Failed to fetch')",
      [{ type: "save-started" }, { type: "save-failed", failure: failure("offline") }],
      { saving: false, savedThisSession: false, message: { tone: "info", text: "No connection: not saved to the server yet. Your picks are kept on this device; press Save again when the signal is back." } },
    ],
    [
      "kept in the outbox: safe, sent with the signal, and it counts for Complete (no second, identical save)",
      [{ type: "save-started" }, { type: "save-failed", failure: failure("queued", "") }],
      { saving: false, savedThisSession: true, message: { tone: "info", text: "Saved on this phone — it will be sent when there is signal. Your picks are safe; no need to press Save again." } },
    ],
    ["a refusal says the server's reason", [{ type: "save-started" }, { type: "save-failed", failure: failure("http") }], { saving: false, message: { tone: "error", text: "Unknown line item: LI-9" } }],
    ["completing says so", [{ type: "complete-started" }], { completing: true, message: { tone: "info", text: "Completing…" } }],
    ["completed", [{ type: "complete-started" }, { type: "completed" }], { completing: false, message: { tone: "success", text: "Order marked as Completed." } }],
    [
      "complete with no signal",
      [{ type: "complete-started" }, { type: "complete-failed", failure: failure("offline") }],
      { completing: false, message: { tone: "info", text: "No connection: the order is not marked completed yet. Your picks are kept on this device; press Complete again when the signal is back." } },
    ],
  ])("%s", (_name, events, expected) => {
    const state = run(opened(), ...events);
    expect(state).toMatchObject(expected);
    expect(state.message?.text).not.toMatch(/Failed to fetch|TypeError/);
  });

  const done = [line("a", 4, { status: "Picked", pickState: "full", pickedQty: 4 }), line("b", 2, { status: "Issue", pickState: "short", pickedQty: 1 })];
  it.each<[string, Partial<PickListState>, boolean, { blocked: string | null; askSaveFirst: boolean; askIncomplete: boolean }]>([
    ["not saved, not all accounted for: both questions", {}, false, { blocked: null, askSaveFirst: true, askIncomplete: true }],
    ["saved, all accounted for: none", { savedThisSession: true, items: done }, false, { blocked: null, askSaveFirst: false, askIncomplete: false }],
    ["saved, lines left: only the second", { savedThisSession: true }, false, { blocked: null, askSaveFirst: false, askIncomplete: true }],
    ["the sample order cannot be completed", {}, true, { blocked: "Order id missing", askSaveFirst: false, askIncomplete: false }],
    ["an order without its id", { header: { ...header, orderId: null } }, false, { blocked: "Order id missing", askSaveFirst: false, askIncomplete: false }],
  ])("Complete: %s", (_name, patch, demo, plan) => {
    expect(completionPlan({ ...opened(), ...patch }, demo)).toEqual(plan);
  });
});

describe("the room's status in the header", () => {
  it.each<[RoomStatus, number, string]>([
    ["live", 0, "Live"],
    ["connecting", 0, "Connecting…"],
    ["offline", 0, "Offline — changes kept on this device"],
    ["offline", 1, "Offline — 1 change kept on this device"],
    ["offline", 3, "Offline — 3 changes kept on this device"],
    ["denied", 2, "Live sync off"],
  ])("%s with %i waiting → %s", (status, pending, text) => {
    expect(roomStatusText(status, pending)).toBe(text);
  });
});
