// The floor outbox's rules (app/domain/outbox.ts), by tables: the backoff schedule, what an answer means for a
// queued write, which entries go next (oldest first, never overtaking within an order), and the header's words.
import { describe, expect, it } from "vitest";
import { COMPLETE_QUEUED_TEXT, completeFailureMessage, SAVE_QUEUED_TEXT, saveFailureMessage, type CallFailure } from "~/domain/picking/outcomes";
import { actedAtText, backoffMs, countsOf, dueEntries, headerState, refusalAdvice, verdictOf, type OutboxEntry } from "~/domain/outbox";

function entry(id: string, fields: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    path: `/api/x/${id}`,
    method: "POST",
    body: { kind: "none" },
    idempotencyKey: `key-${id}`,
    actedAt: "2026-11-25T19:41:00.000Z",
    createdAt: 1000,
    label: id,
    group: "SO-1",
    owner: "driver@x.com",
    attempts: 0,
    nextAttemptAt: 0,
    state: "waiting",
    ...fields,
  };
}

describe("backoff: 2 s doubling to 5 min, ±20 % jitter", () => {
  it.each<[number, number, number]>([
    [1, 0.5, 2_000],
    [2, 0.5, 4_000],
    [3, 0.5, 8_000],
    [1, 0, 1_600],
    [1, 0.999999, 2_400],
    [8, 0.5, 256_000],
    [9, 0.5, 300_000],
    [9, 0.999999, 300_000],
    [30, 0, 240_000],
    [0, 0.5, 2_000],
  ])("attempt %i, random %f → %i ms", (attempts, random, ms) => {
    expect(backoffMs(attempts, random)).toBe(ms);
  });
});

describe("what an answer means for a queued write", () => {
  it.each<[number, string]>([
    [200, "sent"],
    [201, "sent"],
    [204, "sent"],
    [401, "signin"],
    [400, "refused"],
    [403, "refused"],
    [404, "refused"],
    [409, "refused"],
    [422, "refused"],
    [0, "retry"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
  ])("%i → %s", (status, verdict) => {
    expect(verdictOf(status)).toBe(verdict);
  });
});

describe("which entries go next", () => {
  const now = 10_000;
  it.each<[string, OutboxEntry[], boolean, string[]]>([
    ["oldest first", [entry("b", { createdAt: 2 }), entry("a", { createdAt: 1 })], false, ["a", "b"]],
    ["a refused entry holds back its group only", [entry("a", { createdAt: 1, state: "refused" }), entry("b", { createdAt: 2 }), entry("c", { createdAt: 3, group: "SO-2" })], false, ["c"]],
    ["waiting for sign-in holds back its group", [entry("a", { createdAt: 1, state: "signin" }), entry("b", { createdAt: 2 })], false, []],
    ["not due yet holds back its group", [entry("a", { createdAt: 1, nextAttemptAt: now + 1 }), entry("b", { createdAt: 2 })], false, []],
    ["forced ignores the backoff", [entry("a", { createdAt: 1, nextAttemptAt: now + 1 }), entry("b", { createdAt: 2 })], true, ["a", "b"]],
    ["another owner's wait for their owner", [entry("a", { owner: "other@x.com" }), entry("b", { createdAt: 2, group: "SO-2" })], false, ["b"]],
    ["no owner: sent by whoever is signed in", [entry("a", { owner: "" })], false, ["a"]],
    ["the owner is compared without case", [entry("a", { owner: "Driver@X.com" })], false, ["a"]],
  ])("%s", (_name, entries, force, ids) => {
    expect(dueEntries(entries, "driver@x.com", now, force).map((e) => e.id)).toEqual(ids);
  });
});

describe("the header's one line", () => {
  it.each<[string, number, number, boolean, string, string]>([
    ["nothing", 0, 0, false, "none", ""],
    ["three waiting", 3, 0, false, "waiting", "3 waiting to send"],
    ["the last one went", 0, 0, true, "sent", "All sent"],
    ["one refused", 0, 1, false, "needs", "1 needs you"],
    ["one refused, two waiting", 2, 1, true, "needs", "1 needs you, 2 waiting"],
  ])("%s", (_name, waiting, needsYou, justSent, tone, text) => {
    expect(headerState({ waiting, needsYou }, justSent)).toEqual({ tone, text });
  });

  it("counts waiting and needs-you entries", () => {
    expect(countsOf([{ state: "waiting" }, { state: "refused" }, { state: "signin" }, { state: "waiting" }])).toEqual({ waiting: 2, needsYou: 2 });
  });
});

describe("the /outbox screen's words", () => {
  it.each<[OutboxEntry["state"], number, string]>([
    ["signin", 401, "Sign in again; this will be sent after."],
    ["refused", 403, "You no longer have access to this. Ask your manager."],
    ["refused", 409, "Someone changed this meanwhile."],
    ["refused", 422, "The server could not accept what was entered."],
  ])("%s %i", (state, status, text) => {
    expect(refusalAdvice(state, status)).toBe(text);
  });

  it("says when the person acted, in their time zone", () => {
    expect(actedAtText("2026-11-25T19:41:00.000Z", "America/New_York")).toBe("Nov 25, 2026, 2:41 PM");
    expect(actedAtText("not a date")).toBe("");
  });
});

describe("the pick list's words when the outbox kept a write", () => {
  it.each<[string, (f: CallFailure) => unknown, string]>([
    ["Save", saveFailureMessage, SAVE_QUEUED_TEXT],
    ["Complete", completeFailureMessage, COMPLETE_QUEUED_TEXT],
  ])("%s: information, never 'press again'", (_name, message, text) => {
    expect(message({ kind: "queued", message: "" })).toEqual({ tone: "info", text });
    expect(text).not.toMatch(/press (Save|Complete) again when/);
  });
});
