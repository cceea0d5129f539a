// Live picking sync rules: clock, newest-wins, outbox, presence, and the gate and swipe decisions.
import { describe, expect, it } from "vitest";
import type { PickLine } from "~/domain/picking/lines";
import {
  alsoHereLabel,
  applyRemote,
  initials,
  isNewer,
  nextRev,
  othersHere,
  outboxAck,
  outboxLines,
  outboxPut,
  parseOutbox,
  presenceByLine,
  savedHint,
  toSynced,
  type SyncedLine,
} from "~/domain/picking/sync";
import {
  googleSignInHref,
  passcodeLoginError,
  pickGate,
  showAccessOverlay,
  showPasscodeBanner,
  swipeCancelled,
  swipeCloses,
  swipeDrag,
  swipeStarts,
  type GateViewer,
} from "~/domain/picking/gate";

const base: PickLine = { id: "A", sku: "S", name: "n", image: null, imageLarge: null, quantity: 5, onHand: null, status: "Pending", pickState: "unset", pickedQty: 0, bin: null, barcodes: [] };
const synced = (over: Partial<SyncedLine>): SyncedLine => ({ lineId: "A", status: "Picked", pickState: "full", pickedQty: 5, rev: 10, by: "d1", ...over });

describe("clock and newest wins", () => {
  it.each([
    [0, 1000, 1000],
    [5000, 1000, 5001],
    [1000, 1000, 1001],
  ])("after seeing %i at wall clock %i the next rev is %i", (seen, now, rev) => {
    expect(nextRev(seen, now)).toBe(rev);
  });

  it.each([
    [{ rev: 2, by: "a" }, { rev: 1, by: "z" }, true],
    [{ rev: 1, by: "a" }, { rev: 2, by: "a" }, false],
    [{ rev: 2, by: "b" }, { rev: 2, by: "a" }, true],
    [{ rev: 2, by: "a" }, { rev: 2, by: "a" }, false],
    [{ rev: 1, by: "a" }, undefined, true],
    [{ rev: 1, by: "a" }, {}, true],
  ])("%j newer than %j: %s", (a, b, newer) => {
    expect(isNewer(a, b)).toBe(newer);
  });

  it("applies only newer remote lines and reports which changed", () => {
    const lines = [{ ...base, rev: 20, by: "d2" }, { ...base, id: "B" }];
    const { lines: next, changed } = applyRemote(lines, [synced({ rev: 10 }), synced({ lineId: "B", rev: 3, status: "Issue", pickState: "short", pickedQty: 2 })]);
    expect(changed).toEqual(["B"]);
    expect(next[0]).toBe(lines[0]);
    expect(next[1]).toMatchObject({ status: "Issue", pickState: "short", pickedQty: 2, rev: 3, by: "d1" });
  });

  it("two replicas applying the same writes in any order agree", () => {
    const writes = [synced({ rev: 5, by: "a", pickedQty: 1 }), synced({ rev: 5, by: "b", pickedQty: 2 }), synced({ rev: 4, by: "c", pickedQty: 3 })];
    const one = writes.reduce((ls, w) => applyRemote(ls, [w]).lines, [base]);
    const two = [...writes].reverse().reduce((ls, w) => applyRemote(ls, [w]).lines, [base]);
    expect(one[0]!.pickedQty).toBe(2);
    expect(two[0]!.pickedQty).toBe(2);
  });

  it("stamps a line for the room", () => {
    expect(toSynced({ ...base, note: "" }, 7, "d")).toEqual({ lineId: "A", status: "Pending", pickState: "unset", pickedQty: 0, rev: 7, by: "d" });
  });
});

describe("offline outbox", () => {
  it("keeps the newest change per line and drops it once acknowledged", () => {
    let box = outboxPut({}, [synced({ rev: 1 }), synced({ lineId: "B", rev: 2 })]);
    box = outboxPut(box, [synced({ rev: 3, pickedQty: 4 })]);
    box = outboxPut(box, [synced({ rev: 2 })]);
    expect(outboxLines(box).map((l) => [l.lineId, l.rev])).toEqual([["A", 3], ["B", 2]]);
    box = outboxAck(box, [{ lineId: "A", rev: 1 }]);
    expect(Object.keys(box)).toEqual(["A", "B"]);
    box = outboxAck(box, [{ lineId: "A", rev: 3 }, { lineId: "B", rev: 2 }]);
    expect(box).toEqual({});
  });

  it("reads a stored outbox, ignoring junk", () => {
    expect(parseOutbox(null)).toEqual({});
    expect(parseOutbox("{not json")).toEqual({});
    expect(parseOutbox("[1,2]")).toEqual({});
    expect(parseOutbox(JSON.stringify({ A: synced({}), B: { lineId: "X", rev: 1, by: "d" } }))).toEqual({ A: synced({}) });
  });
});

describe("presence", () => {
  const presence = [
    { id: "me", name: "Ann", lineId: "A" },
    { id: "p2", name: "Bo Li", lineId: "A" },
    { id: "p3", name: "Bo Li", lineId: "A" },
    { id: "p4", name: "Cy", lineId: null },
  ];
  it("lists others, not this tab, without doubles", () => {
    const others = othersHere(presence, "me");
    expect(others.map((o) => o.id)).toEqual(["p2", "p4"]);
    expect(alsoHereLabel(others)).toBe("Also here: Bo Li, Cy");
    expect(alsoHereLabel([])).toBeNull();
    expect(presenceByLine(others).get("A")).toEqual(["Bo Li"]);
  });
  it.each([
    ["Bo Li", "BL"],
    ["Main floor phones", "MP"],
    ["cy", "CY"],
    ["", "?"],
  ])("initials of %j are %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
  it("describes the last save", () => {
    expect(savedHint({ by: "Ann", at: "2026-01-01T10:00:00Z" }, () => "10:00 AM")).toBe("Saved by Ann at 10:00 AM");
    expect(savedHint({ actor: "warehouse@x" }, () => "")).toBe("Saved by warehouse@x");
    expect(savedHint(null, () => "")).toBeNull();
    expect(savedHint({}, () => "")).toBeNull();
  });
});

describe("pick list access gate", () => {
  const none: GateViewer = { me: null, passcode: { authenticated: false, allowedLocations: [] } };
  const staff: GateViewer = { me: { email: "warehouse@x.test", roleId: "warehouse-employee", grants: [{ key: "picklists:pick" }] }, passcode: { authenticated: false, allowedLocations: [] } };
  const passcode: GateViewer = { me: { email: "picklist+1@x.test", roleId: null, grants: [{ key: "picklists:pick" }] }, passcode: { authenticated: true, allowedLocations: ["NY-MAIN"] } };
  const bare: GateViewer = { me: { email: "picklist+1@x.test", roleId: null, grants: [] }, passcode: { authenticated: false, allowedLocations: [] } };

  it.each([
    ["nobody on a phone", none, 390, false, true],
    ["nobody at 768 px", none, 768, false, true],
    ["nobody on a desktop", none, 1280, false, false],
    ["nobody who opened the passcode box", none, 390, true, false],
    ["a signed-in employee", staff, 390, false, false],
    ["a passcode session", passcode, 390, false, false],
    ["a picklist account without grants or session", bare, 390, false, true],
  ])("overlay for %s", (_who, viewer, width, boxOpen, shown) => {
    expect(showAccessOverlay(viewer, width, boxOpen)).toBe(shown);
  });

  it.each([
    ["nobody", none, false],
    ["a signed-in employee without a passcode session", staff, true],
    ["a passcode session", passcode, false],
    ["a picklist account without a session", bare, true],
  ])("banner for %s", (_who, viewer, shown) => {
    expect(showPasscodeBanner(viewer)).toBe(shown);
  });

  it.each([
    ["nobody: the overlay on a phone, the banner on a desktop", none, { needsAccess: true, offerPasscode: true, passcodeEmail: null, allowedLocations: [] }],
    ["a signed-in employee: the banner only", staff, { needsAccess: false, offerPasscode: true, passcodeEmail: null, allowedLocations: [] }],
    ["staff who may pick already: no banner over their pick list", { ...staff, canPick: true }, { needsAccess: false, offerPasscode: false, passcodeEmail: null, allowedLocations: [] }],
    ["a passcode session: neither, and its warehouses", { ...passcode, passcode: { ...passcode.passcode!, email: "picklist+1@x.test" } }, { needsAccess: false, offerPasscode: false, passcodeEmail: "picklist+1@x.test", allowedLocations: ["NY-MAIN"] }],
    ["a picklist account without a session", bare, { needsAccess: true, offerPasscode: true, passcodeEmail: "picklist+1@x.test", allowedLocations: [] }],
  ])("the loader hands the screen the gate for %s", (_who, viewer, gate) => {
    expect(pickGate(viewer)).toEqual(gate);
  });

  const refused = (message: string, fieldErrors: Record<string, string[]> = {}) => ({ message, fieldErrors });
  it.each([
    ["   ", null, "Enter code"],
    ["RICE", refused("Invalid code"), "Invalid code"],
    ["RICE", refused("Some fields need attention: see the messages next to them.", { code: ["Code is too long"] }), "Code is too long"],
    ["RICE", refused("No connection: this was not saved. Check the signal and try again."), "No connection: this was not saved. Check the signal and try again."],
    ["RICE", refused(""), "Login failed"],
    ["RICE", null, null],
  ])("passcode login %j → %s", (code, failure, error) => {
    expect(passcodeLoginError(code, failure)).toBe(error);
  });

  it("Google sign-in comes back to the same order", () => {
    expect(googleSignInHref("SO-1")).toBe("/login?redirectTo=%2Fpick-list%3Forder%3DSO-1");
    expect(googleSignInHref(null)).toBe("/login?redirectTo=%2Fpick-list");
  });
});

describe("swipe back", () => {
  const start = { x: 10, y: 300, t: 0 };
  it.each([
    [0, true],
    [20, true],
    [21, false],
  ])("a touch at x=%i starts a swipe: %s", (x, starts) => {
    expect(swipeStarts(x)).toBe(starts);
  });
  it.each([
    [160, 1000, true],
    [150, 1000, false],
    [80, 100, true],
    [60, 100, false],
    [5, 1, false],
  ])("released %i px right after %i ms closes: %s", (x, t, closes) => {
    expect(swipeCloses(start, x, t)).toBe(closes);
  });
  it("clamps the drag at 180 px and never drags left", () => {
    expect(swipeDrag(start, 400)).toBe(180);
    expect(swipeDrag(start, 0)).toBe(0);
  });
  it.each([
    [30, 400, true],
    [30, 391, true],
    [30, 390, false],
    [45, 400, false],
  ])("moving to x=%i y=%i cancels: %s", (x, y, cancels) => {
    expect(swipeCancelled(start, x, y)).toBe(cancels);
  });
});
