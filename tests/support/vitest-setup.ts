// Vitest setup (every unit and integration file): a test that logs console.error fails, unless it opted in.
import { afterAll, afterEach } from "vitest";

// Why: an unexpected error the code swallowed and logged (a 500 answered politely, a rejected promise
// caught by a logger) is a bug the assertions may not see; the log is often the only trace of it.
// A test opts in with allowConsoleError() when the log is the behaviour under test, or replaces
// console.error itself (vi.spyOn(console, "error").mockImplementation(...)), which also keeps the
// calls from reaching this recorder.

const print = console.error.bind(console);
const logged: unknown[][] = [];
let allowances: RegExp[] = [];

console.error = function recordConsoleError(...args: unknown[]) {
  logged.push(args);
  print(...args);
};

/**
 * Lets the current test log console.error: every call, or only calls whose text matches `match`.
 * Lasts until the end of the test (call it in beforeEach to cover a whole file).
 */
export function allowConsoleError(match?: RegExp): void {
  allowances.push(match ?? /[\s\S]*/);
}

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : safeJson(a))).join(" ");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The calls no allowance covers, as text; clears the record. */
function takeUnexpected(): string[] {
  const unexpected = logged.map(text).filter((line) => !allowances.some((allow) => allow.test(line)));
  logged.length = 0;
  return unexpected;
}

afterEach(() => {
  const unexpected = takeUnexpected();
  allowances = [];
  if (unexpected.length) {
    throw new Error(
      `console.error was called ${unexpected.length} time(s) during this test (call allowConsoleError() if that is the behaviour under test):\n` +
        unexpected.join("\n---\n"),
    );
  }
});

// A log from a file's afterAll (or after its last test) fails the file, not silently passes.
afterAll(() => {
  const unexpected = takeUnexpected();
  if (unexpected.length) throw new Error(`console.error was called after the tests:\n${unexpected.join("\n---\n")}`);
});
