import { describe, expect, it } from "vitest";
import { isSigningOut, markSigningOut } from "~/lib/signing-out";

describe("signing out: the bell's background calls stop, and the mark lapses by itself", () => {
  it.each([
    [0, true],
    [14_999, true],
    [15_000, false],
    [60_000, false],
  ])("%i ms after Log Out: signing out %s", (after, expected) => {
    markSigningOut(1_000_000);
    expect(isSigningOut(1_000_000 + after)).toBe(expected);
  });
});
