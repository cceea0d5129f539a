// The import screen's steps, driven through the reducer: only a ready check starts an import, chunks add up to
// done with their counts, a failed chunk stops it with the reason, and nothing resets an import under way.
import { describe, expect, it } from "vitest";
import { importProgress, importReducer, INITIAL_IMPORT, type CheckAnswer, type ImportAction, type ImportState } from "~/domain/imports/flow";

const check = (ready: boolean): CheckAnswer => ({ kind: "orders", header: ["sourceId"], rows: 3, records: 2, preview: [], errors: ready ? [] : [{ row: 3, column: "quantity", message: "bad" }], errorCount: ready ? 0 : 1, ready });
const run = (actions: ImportAction[], from: ImportState = INITIAL_IMPORT) => actions.reduce(importReducer, from);
const counts = (created: number, refused = 0) => ({ created, updated: 0, unchanged: 0, refused });

describe("import steps", () => {
  const cases: [name: string, actions: ImportAction[], step: ImportState["step"]][] = [
    ["a check in flight", [{ type: "checking" }], "choose"],
    ["a check answered", [{ type: "checking" }, { type: "checked", check: check(true), fileName: "a.csv" }], "checked"],
    ["a file with errors cannot start", [{ type: "checked", check: check(false), fileName: "a.csv" }, { type: "start", chunks: 2 }], "checked"],
    ["a ready file starts", [{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 2 }], "importing"],
    ["start without a check does nothing", [{ type: "start", chunks: 2 }], "choose"],
    ["the last chunk ends it", [{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 2 }, { type: "chunkDone", outcomes: [], counts: counts(1) }, { type: "chunkDone", outcomes: [], counts: counts(1) }], "done"],
    ["a failed chunk stops it", [{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 3 }, { type: "chunkFailed", error: "busy" }], "done"],
    ["reset is ignored while importing", [{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 2 }, { type: "reset" }], "importing"],
    ["reset after done starts over", [{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 1 }, { type: "chunkDone", outcomes: [], counts: counts(1) }, { type: "reset" }], "choose"],
  ];
  it.each(cases)("%s", (_name, actions, step) => expect(run(actions).step).toBe(step));

  it("adds up outcomes, counts and progress", () => {
    const started = run([{ type: "checked", check: check(true), fileName: "a.csv" }, { type: "start", chunks: 4 }]);
    const one = importReducer(started, { type: "chunkDone", outcomes: [{ rows: [2], sourceId: "A", outcome: "created" }], counts: counts(1) });
    expect(importProgress(one)).toBe(25);
    const stopped = importReducer(importReducer(one, { type: "chunkDone", outcomes: [{ rows: [3], sourceId: "B", outcome: "refused", reason: "x" }], counts: counts(0, 1) }), { type: "chunkFailed", error: "The database is busy" });
    expect(stopped).toMatchObject({ step: "done", done: 2, chunks: 4, stopped: "The database is busy", counts: counts(1, 1) });
    expect(stopped.step === "done" && stopped.outcomes.map((o) => o.sourceId)).toEqual(["A", "B"]);
    expect(importProgress(stopped)).toBe(50);
  });
});
