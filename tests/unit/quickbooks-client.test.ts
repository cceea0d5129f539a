// What a QuickBooks screen says when a call fails, table by table (spec 001 §8): the server's own reason with
// its code (so the ensure-auth retry can read it), 'Search failed' when the server gave none, and 'Request
// failed' with what happened when no answer came; never a browser string.
import { describe, expect, it } from "vitest";
import { qboFailure } from "~/components/quickbooks/api";
import { isQboAuthProblem } from "~/domain/quickbooks/errors";
import type { ApiError } from "~/lib/api-client";

const http = (status: number, body: unknown, message: string): ApiError => ({ kind: "http", status, message, fieldErrors: {}, body });

describe("qboFailure", () => {
  it.each<[string, ApiError, { message: string; status: number; code?: string; auth: boolean }]>([
    [
      "the server's reason and code",
      http(409, { success: false, error: "QuickBooks is not connected. An admin must connect QuickBooks.", code: "qbo_not_connected" }, "QuickBooks is not connected. An admin must connect QuickBooks."),
      { message: "QuickBooks is not connected. An admin must connect QuickBooks.", status: 409, code: "qbo_not_connected", auth: true },
    ],
    [
      "a rate limit is not an auth problem though it names QuickBooks",
      http(429, { success: false, error: "QuickBooks is receiving too many requests (429). Try again in 20 seconds.", code: "qbo_rate_limited" }, "QuickBooks is receiving too many requests (429). Try again in 20 seconds."),
      { message: "QuickBooks is receiving too many requests (429). Try again in 20 seconds.", status: 429, code: "qbo_rate_limited", auth: false },
    ],
    ["no reason from the server: the spec's fallback", http(502, "<html>Bad gateway</html>", "Something went wrong on the server (502). Try again in a moment."), { message: "Search failed", status: 502, auth: false }],
    [
      "no answer at all: 'Request failed' and what happened",
      { kind: "offline", status: 0, message: "No connection: could not load this. Check the signal and try again.", fieldErrors: {} },
      { message: "Request failed. No connection: could not load this. Check the signal and try again.", status: 0, auth: false },
    ],
    [
      "an answer the screen cannot read",
      { kind: "answer", status: 200, message: "The server's answer could not be read. Reload the page and try again.", fieldErrors: {}, body: { success: true, data: [{ id: 1 }] } },
      { message: "The server's answer could not be read. Reload the page and try again.", status: 200, auth: false },
    ],
  ])("%s", (_name, error, expected) => {
    const failure = qboFailure(error, "Search failed", "Request failed");
    expect({ message: failure.message, status: failure.status, code: failure.code }).toEqual({ message: expected.message, status: expected.status, code: expected.code });
    expect(failure.message).not.toMatch(/Failed to fetch|TypeError/);
    expect(isQboAuthProblem({ error: failure.message, code: failure.code })).toBe(expected.auth);
  });
});
