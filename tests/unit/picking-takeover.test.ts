// Taking over a line from a phone gone quiet (issue 23): when a holder is quiet, who may take its line, which of
// the first phone's changes are sent back, and the words the picking screen uses.
import { describe, expect, it } from "vitest";
import {
  claimLine,
  claimsToTell,
  isQuiet,
  nextQuiet,
  QUIET_MS,
  quietHolders,
  staleAfterTakeOver,
  takeOverLine,
  type ClaimMap,
  type SeenMap,
  type TakeOver,
} from "../../party/claims";
import { holdText, lineHold, quietTime, takenOverMessage, takeOverPrompt } from "~/domain/picking/takeover";

const phone = { sub: "passcode:1@d-phone", name: "Main floor phones" };
const maria = { sub: "user:7@d-desk", name: "Maria" };

function room(seenAt: number): { claims: ClaimMap; seen: SeenMap } {
  const claims: ClaimMap = new Map();
  claimLine(claims, "L1", phone, 0);
  return { claims, seen: new Map([[phone.sub, seenAt]]) };
}

describe("a quiet holder", () => {
  it.each([
    ["heard from just now", 10_000, 10_000, false],
    ["a beat short of quiet", 0, QUIET_MS - 1, false],
    ["silent for QUIET_MS", 0, QUIET_MS, true],
    ["silent for a minute", 0, 60_000, true],
  ])("%s: quiet %s", (_name, seenAt, now, quiet) => {
    const { seen } = room(seenAt);
    expect(isQuiet(seen, phone.sub, now)).toBe(quiet);
  });

  it("never heard from (a restarted room) counts as quiet", () => {
    expect(isQuiet(new Map(), phone.sub, 0)).toBe(true);
  });

  it("the room tells a quiet holder's claim with its last sign of life, and wakes when the next one goes quiet", () => {
    const { claims, seen } = room(1_000);
    expect(claimsToTell(claims, seen, 2_000)[0]).not.toHaveProperty("quietSince");
    expect(nextQuiet(claims, seen, 2_000)).toBe(1_000 + QUIET_MS);
    expect(claimsToTell(claims, seen, 1_000 + QUIET_MS)[0]).toMatchObject({ lineId: "L1", quietSince: 1_000 });
    expect([...quietHolders(claims, seen, 1_000 + QUIET_MS)]).toEqual([phone.sub]);
    expect(nextQuiet(claims, seen, 1_000 + QUIET_MS)).toBeNull();
  });
});

describe("taking a line over", () => {
  it.each([
    ["while the holder is heard from: refused, naming them", 5_000, 10_000, false],
    ["once the holder is quiet: granted, from them", 0, QUIET_MS, true],
  ])("%s", (_name, seenAt, now, ok) => {
    const { claims, seen } = room(seenAt);
    const result = takeOverLine(claims, "L1", maria, seen, now);
    expect(result.ok).toBe(ok);
    if (result.ok) {
      expect(result.from?.name).toBe("Main floor phones");
      expect(claims.get("L1")?.sub).toBe(maria.sub);
    } else {
      expect(result.holder.name).toBe("Main floor phones");
      expect(claims.get("L1")?.sub).toBe(phone.sub);
    }
  });

  it("a free line is simply claimed (nobody to tell)", () => {
    const claims: ClaimMap = new Map();
    expect(takeOverLine(claims, "L2", maria, new Map(), 0)).toEqual({ ok: true, from: null });
  });

  const record: TakeOver = { lineId: "L1", from: phone.sub, fromName: phone.name, by: maria.sub, byName: "Maria", at: 50_000, told: true };
  it.each([
    ["the first phone's unsent pick, made before the take-over", phone.sub, 40_000, true],
    ["the first phone's change made after it heard", phone.sub, 50_000, false],
    ["the new holder's own change", maria.sub, 40_000, false],
  ])("%s: sent back %s", (_name, sub, rev, stale) => {
    expect(staleAfterTakeOver(record, sub, rev)).toBe(stale);
  });
  it("no take-over on the line: nothing is sent back for it", () => expect(staleAfterTakeOver(undefined, phone.sub, 1)).toBe(false));
});

describe("the screen's words", () => {
  it.each([
    [0, "0 s"],
    [40, "40 s"],
    [119, "119 s"],
    [120, "2 min"],
    [605, "10 min"],
  ])("quietTime(%i) = %s", (seconds, text) => expect(quietTime(seconds)).toBe(text));

  it.each([
    [{ name: "Ann", quietFor: null }, "Ann is picking"],
    [{ name: "Main floor phones", quietFor: 40 }, "Main floor phones — not seen for 40 s"],
  ])("holdText(%j) = %s", (hold, text) => expect(holdText(hold)).toBe(text));

  it("reads the hold from the claims: another's, quiet or not; never this picker's own; a lapsed one is gone", () => {
    const claims = new Map([
      ["L1", { lineId: "L1", sub: "a", name: "Main floor phones", at: 0, quietSince: 1_000 }],
      ["L2", { lineId: "L2", sub: "a", name: "", at: 0 }],
      ["L3", { lineId: "L3", sub: "me", name: "Me", at: 0 }],
    ]);
    expect(lineHold(claims, "me", "L1", 41_000)).toEqual({ name: "Main floor phones", quietFor: 40 });
    expect(lineHold(claims, "me", "L2", 41_000)).toEqual({ name: "Another picker", quietFor: null });
    expect(lineHold(claims, "me", "L3", 41_000)).toBeNull();
    expect(lineHold(claims, "me", "L1", 10 * 60_000)).toBeNull();
  });

  it("asks before taking over, and tells the first phone who took it and when", () => {
    expect(takeOverPrompt({ name: "Main floor phones", quietFor: 40 })).toEqual({
      title: "Take over this line?",
      message: "Main floor phones was picking it and has not been seen for 40 s. Their unsent picks on this line will be shown to them when they return.",
      confirmLabel: "Take over",
      cancelLabel: "Leave it",
    });
    expect(takenOverMessage("BRN-10", "Maria", 0, () => "2:41 PM")).toBe("Your line BRN-10 was taken over by Maria at 2:41 PM.");
  });
});
