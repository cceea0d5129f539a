// The vitest setup's console.error rule: a logged error fails the test unless the test opted in.
import { describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../support/vitest-setup";

describe("console.error during a test", () => {
  it.fails("fails a test that logs it without opting in", () => {
    console.error("an error nobody expected");
  });

  it("passes a test that opted in with allowConsoleError()", () => {
    allowConsoleError();
    console.error("the 500 path logs this on purpose");
  });

  it.fails("fails when the log does not match the allowance", () => {
    allowConsoleError(/the expected failure/);
    console.error("something else entirely");
  });

  it("passes when the log matches the allowance", () => {
    allowConsoleError(/the expected failure/);
    console.error(new Error("the expected failure"));
  });

  it("passes a test that replaced console.error with its own spy", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    console.error("captured by the test");
    expect(spy).toHaveBeenCalledWith("captured by the test");
    spy.mockRestore();
  });

  it("does not carry an allowance into the next test", () => {
    // The allowance of the test above ended with it; logging nothing here keeps this test green.
    expect(true).toBe(true);
  });
});
