// Line claims in the picking room (issue 13): one open line per picker, refused while another holds it,
// ended by finishing, releasing or idling.
import { describe, expect, it } from "vitest";
import { blockedBy, CLAIM_IDLE_MS, claimLine, expireClaims, finishesLine, holderOf, nextExpiry, releaseLine, type ClaimMap } from "../../party/claims";

const ann = { sub: "user:1", name: "Ann" };
const bo = { sub: "user:2", name: "Bo" };

describe("claims", () => {
  it("the first picker wins a line; the second hears who holds it", () => {
    const claims: ClaimMap = new Map();
    expect(claimLine(claims, "L1", ann, 1000)).toEqual({ ok: true, changed: true });
    expect(claimLine(claims, "L1", bo, 1000)).toMatchObject({ ok: false, holder: { name: "Ann", sub: "user:1" } });
    expect(blockedBy(claims, "L1", bo.sub, 1001)?.name).toBe("Ann");
    expect(blockedBy(claims, "L1", ann.sub, 1001)).toBeNull();
  });

  it("a refresh by the holder is not news; a picker's next line ends the previous claim", () => {
    const claims: ClaimMap = new Map();
    claimLine(claims, "L1", ann, 0);
    expect(claimLine(claims, "L1", ann, 10)).toEqual({ ok: true, changed: false });
    expect(claimLine(claims, "L2", ann, 20)).toEqual({ ok: true, changed: true });
    expect([...claims.keys()]).toEqual(["L2"]);
  });

  it("only the holder releases; an idle claim stops counting and expires", () => {
    const claims: ClaimMap = new Map();
    claimLine(claims, "L1", ann, 0);
    expect(releaseLine(claims, "L1", bo.sub)).toBe(false);
    expect(nextExpiry(claims)).toBe(CLAIM_IDLE_MS);
    expect(blockedBy(claims, "L1", bo.sub, CLAIM_IDLE_MS)).toBeNull();
    expect(claimLine(claims, "L1", bo, CLAIM_IDLE_MS)).toEqual({ ok: true, changed: true });
    expect(expireClaims(claims, CLAIM_IDLE_MS * 2 - 1)).toEqual([]);
    expect(expireClaims(claims, CLAIM_IDLE_MS * 2)).toEqual(["L1"]);
    expect(nextExpiry(claims)).toBeNull();
    claimLine(claims, "L3", ann, 5);
    expect(releaseLine(claims, "L3", ann.sub)).toBe(true);
  });

  it.each([
    [{ status: "Picked", pickState: "full", pickedQty: 5 }, true],
    [{ status: "Issue", pickState: "short", pickedQty: 2 }, true],
    [{ status: "Pending", pickState: "unset", pickedQty: 0 }, true],
    [{ status: "Pending", pickState: "unset", pickedQty: 3 }, false],
    [{ status: "Pending", pickState: "short", pickedQty: 0 }, false],
  ])("finishesLine(%j) = %s", (line, done) => expect(finishesLine(line)).toBe(done));
});

describe("who holds a claim", () => {
  it.each([
    ["passcode:3", "d-abc123xyz0-k2p9", "passcode:3@d-abc123xyz0"],
    ["passcode:3", "d-zzz999yyy1-a1b2", "passcode:3@d-zzz999yyy1"],
    ["user:7", "ann-c", "user:7@ann-c"],
  ])("holderOf(%s, %s) = %s: a reload keeps the device, a second phone on one passcode is another picker", (sub, id, holder) => expect(holderOf(sub, id)).toBe(holder));
});
