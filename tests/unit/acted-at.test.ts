// The acted-time rule (decision 040): the phone's X-Acted-At read as a time only, bounded by the receipt time,
// the lower bound a service gives (the order's creation, the previous step of a flow) and 30 days.
import { describe, expect, it } from "vitest";
import { actedAtOf, boundActedAt, cancelledMeanwhileMessage, cancelledMeanwhileNotice, floorDateTime, floorTime, laterOf, parseActedAt, sentLater } from "~/domain/acted-at";

const RECEIVED = new Date("2026-11-25T16:00:00.000Z");
const CREATED = "2026-11-25T09:00:00.000Z";

describe("parseActedAt", () => {
  it.each([
    ["absent", null, "absent"],
    ["blank", "   ", "absent"],
    ["UTC with milliseconds", "2026-11-25T14:41:00.123Z", "time"],
    ["UTC without seconds", "2026-11-25T14:41Z", "time"],
    ["an offset", "2026-11-25T09:41:00-05:00", "time"],
    ["a date only", "2026-11-25", "malformed"],
    ["no zone (whose clock?)", "2026-11-25T14:41:00", "malformed"],
    ["a day that does not exist", "2026-02-30T10:00:00Z", "malformed"],
    ["hour 24", "2026-11-25T24:00:00Z", "malformed"],
    ["words", "yesterday", "malformed"],
    ["epoch milliseconds", "1795617660000", "malformed"],
    ["far too long", `2026-11-25T14:41:00.${"1".repeat(60)}Z`, "malformed"],
  ])("%s", (_name, raw, kind) => {
    expect(parseActedAt(raw).kind).toBe(kind);
  });

  it("reads an offset as the same instant in UTC", () => {
    expect(parseActedAt("2026-11-25T09:41:00-05:00")).toEqual({ kind: "time", ms: Date.parse("2026-11-25T14:41:00Z") });
  });
});

describe("boundActedAt", () => {
  it.each([
    ["absent: the receipt time", null, CREATED, "2026-11-25T16:00:00.000Z"],
    ["inside the bounds: the phone's time", "2026-11-25T14:41:00Z", CREATED, "2026-11-25T14:41:00.000Z"],
    ["a phone clock ahead: the receipt time", "2026-11-25T18:00:00Z", CREATED, "2026-11-25T16:00:00.000Z"],
    ["before the order existed: its creation", "2026-11-25T08:00:00Z", CREATED, CREATED],
    ["no lower bound: the phone's time", "2026-11-20T08:00:00Z", null, "2026-11-20T08:00:00.000Z"],
    ["older than 30 days, order older still: 30 days back", "2026-09-01T00:00:00Z", "2026-08-01T00:00:00Z", "2026-10-26T16:00:00.000Z"],
    ["older than 30 days, order newer: its creation", "2026-09-01T00:00:00Z", CREATED, CREATED],
    ["a lower bound after the receipt is ignored", "2026-11-25T14:41:00Z", "2026-11-25T17:00:00Z", "2026-11-25T14:41:00.000Z"],
    ["a lower bound that is not a time is ignored", "2026-11-25T14:41:00Z", "soon", "2026-11-25T14:41:00.000Z"],
    ["exactly the receipt", "2026-11-25T16:00:00Z", CREATED, "2026-11-25T16:00:00.000Z"],
  ])("%s", (_name, raw, bound, expected) => {
    expect(boundActedAt(parseActedAt(raw), RECEIVED, bound)).toBe(expected);
  });

  it("takes a Date as the lower bound", () => {
    expect(boundActedAt(parseActedAt("2026-11-25T08:00:00Z"), RECEIVED, new Date(CREATED))).toBe(CREATED);
  });
});

describe("laterOf", () => {
  it.each([
    ["the later of two", [CREATED, "2026-11-25T10:00:00.000Z"], "2026-11-25T10:00:00.000Z"],
    ["nulls skipped", [null, CREATED, undefined], CREATED],
    ["nothing", [null, undefined], null],
  ] as const)("%s", (_name, times, expected) => {
    expect(laterOf(...times)).toBe(expected);
  });
});

describe("sentLater", () => {
  it.each([
    ["no acted time", null, "2026-11-25T16:00:00.000Z", false],
    ["within a minute", "2026-11-25T15:59:30.000Z", "2026-11-25T16:00:00.000Z", false],
    ["more than a minute", "2026-11-25T15:58:00.000Z", "2026-11-25T16:00:00.000Z", true],
  ])("%s", (_name, acted, received, expected) => {
    expect(sentLater(acted, received)).toBe(expected);
  });
});

describe("actedAtOf", () => {
  it("says whether the phone sent a time (a service reads its lower bound only then)", () => {
    expect(actedAtOf(parseActedAt(null), RECEIVED).fromPhone).toBe(false);
    expect(actedAtOf(parseActedAt("2026-11-25T14:41:00Z"), RECEIVED).fromPhone).toBe(true);
    expect(actedAtOf(parseActedAt("2026-11-25T14:41:00Z"), RECEIVED)(CREATED)).toBe("2026-11-25T14:41:00.000Z");
  });
});

describe("the floor's clock", () => {
  it.each([
    ["winter (EST)", "2026-11-25T19:30:00Z", "2:30 PM", "2026-11-25 2:30 PM ET"],
    ["summer (EDT)", "2025-06-18T18:30:00Z", "2:30 PM", "2025-06-18 2:30 PM ET"],
    ["after midnight UTC, still the evening before", "2026-11-26T02:05:00Z", "9:05 PM", "2026-11-25 9:05 PM ET"],
    ["nothing", null, "", ""],
    ["not a time", "soon", "", ""],
  ])("%s", (_name, iso, time, dateTime) => {
    expect(floorTime(iso)).toBe(time);
    expect(floorDateTime(iso)).toBe(dateTime);
  });
});

describe("cancelledMeanwhileMessage", () => {
  it.each([
    ["cancelled after the act: they were offline", "2026-11-25T19:30:00Z", "2026-11-25T19:00:00Z", "The office cancelled SO-1042 at 2:30 PM, after you went offline. Nothing was recorded; call the office."],
    ["cancelled before the act", "2026-11-25T19:30:00Z", "2026-11-25T20:00:00Z", "The office cancelled SO-1042 at 2:30 PM. Nothing was recorded; call the office."],
    ["the history does not say when", null, "2026-11-25T20:00:00Z", "The office cancelled SO-1042. Nothing was recorded; call the office."],
  ])("%s", (_name, cancelledAt, actedAt, expected) => {
    expect(cancelledMeanwhileMessage("SO-1042", cancelledAt, actedAt)).toBe(expected);
  });
});

describe("cancelledMeanwhileNotice", () => {
  const base = { who: "Dan Driver", orderNumber: "SO-1042", customerName: "Acme Foods", attempted: "complete the delivery", actedAt: "2026-11-25T19:41:00Z", cancelledAt: "2026-11-25T19:30:00Z" };
  it.each([
    ["sent much later", { ...base, receivedAt: "2026-11-25T21:05:00Z" }, "Dan Driver tried to complete the delivery for SO-1042 (Acme Foods) at 2026-11-25 2:41 PM ET, sent at 2026-11-25 4:05 PM ET, but the office cancelled it at 2026-11-25 2:30 PM ET. Nothing was recorded; they were told to call the office."],
    ["sent at once, no customer, no cancellation time", { ...base, customerName: null, cancelledAt: null, receivedAt: "2026-11-25T19:41:20Z" }, "Dan Driver tried to complete the delivery for SO-1042 at 2026-11-25 2:41 PM ET, but the order is cancelled. Nothing was recorded; they were told to call the office."],
  ])("%s", (_name, input, expected) => {
    expect(cancelledMeanwhileNotice(input)).toBe(expected);
  });
});
