// Five-field cron expressions (app/domain/cron.ts): what `npm run preview` reads from wrangler.toml's [triggers]
// to fire the Worker's scheduled jobs on the schedule Cloudflare keeps, in UTC.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronMatches, nextCronTime, parseCron, triggerCrons } from "~/domain/cron";
import { CRON_JOBS } from "../../workers/schedule";

const next = (expression: string, after: string) => nextCronTime(parseCron(expression), new Date(after))?.toISOString() ?? null;

describe("nextCronTime", () => {
  it.each([
    ["every 5 minutes, mid-interval", "*/5 * * * *", "2026-11-28T09:31:12.345Z", "2026-11-28T09:35:00.000Z"],
    ["every 5 minutes, exactly on one: the next", "*/5 * * * *", "2026-11-28T09:35:00.000Z", "2026-11-28T09:40:00.000Z"],
    ["every 5 minutes, across the hour", "*/5 * * * *", "2026-11-28T09:58:00.000Z", "2026-11-28T10:00:00.000Z"],
    ["every 5 minutes, across the year", "*/5 * * * *", "2026-12-31T23:59:59.999Z", "2027-01-01T00:00:00.000Z"],
    ["daily at 03:17, before it", "17 3 * * *", "2026-11-28T02:00:00.000Z", "2026-11-28T03:17:00.000Z"],
    ["daily at 03:17, after it: tomorrow", "17 3 * * *", "2026-11-28T03:17:30.000Z", "2026-11-29T03:17:00.000Z"],
    ["every minute", "* * * * *", "2026-11-28T09:31:59.000Z", "2026-11-28T09:32:00.000Z"],
    ["a list of minutes", "0,30 * * * *", "2026-11-28T09:31:00.000Z", "2026-11-28T10:00:00.000Z"],
    ["a range with a step", "10-20/5 8 * * *", "2026-11-28T08:16:00.000Z", "2026-11-28T08:20:00.000Z"],
    ["a start with a step", "50/5 * * * *", "2026-11-28T08:56:00.000Z", "2026-11-28T09:50:00.000Z"],
    ["weekdays by name (Saturday → Monday)", "0 9 * * MON-FRI", "2026-11-28T10:00:00.000Z", "2026-11-30T09:00:00.000Z"],
    ["Sunday as 7", "0 0 * * 7", "2026-11-28T10:00:00.000Z", "2026-11-29T00:00:00.000Z"],
    ["the first of a month", "0 0 1 * *", "2026-11-28T10:00:00.000Z", "2026-12-01T00:00:00.000Z"],
    ["a month by name", "0 0 1 JAN *", "2026-11-28T10:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ["the 31st skips short months", "0 12 31 * *", "2026-11-01T00:00:00.000Z", "2026-12-31T12:00:00.000Z"],
    ["29 February: the next leap year", "0 0 29 2 *", "2026-03-01T00:00:00.000Z", "2028-02-29T00:00:00.000Z"],
    ["day and weekday both set: either one (the 15th, a Tuesday)", "0 0 15 * FRI", "2026-12-14T00:00:00.000Z", "2026-12-15T00:00:00.000Z"],
    ["day and weekday both set: either one (a Friday before the 15th)", "0 0 15 * FRI", "2026-12-01T00:00:00.000Z", "2026-12-04T00:00:00.000Z"],
    ["a day that never comes", "0 0 31 2 *", "2026-11-28T00:00:00.000Z", null],
  ])("%s", (_name, expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });
});

describe("cronMatches", () => {
  it.each([
    ["*/5 * * * *", "2026-11-28T09:35:42.000Z", true],
    ["*/5 * * * *", "2026-11-28T09:36:00.000Z", false],
    ["17 3 * * *", "2026-11-28T03:17:59.999Z", true],
    ["17 3 * * *", "2026-11-28T04:17:00.000Z", false],
    ["0 9 * * MON-FRI", "2026-11-28T09:00:00.000Z", false],
    ["0 9 * * MON-FRI", "2026-11-30T09:00:00.000Z", true],
  ])("%s at %s: %s", (expression, at, expected) => {
    expect(cronMatches(parseCron(expression), new Date(at))).toBe(expected);
  });

  it("agrees with nextCronTime: the next time matches and no minute before it does", () => {
    const schedule = parseCron("7,37 */2 * * SUN,WED");
    const after = new Date("2026-11-28T09:31:00.000Z");
    const found = nextCronTime(schedule, after)!;
    expect(cronMatches(schedule, found)).toBe(true);
    for (let t = after.getTime() + 60_000; t < found.getTime(); t += 60_000) expect(cronMatches(schedule, new Date(t))).toBe(false);
  });
});

describe("parseCron refuses what it cannot read", () => {
  it.each([
    ["four fields", "*/5 * * *", /5 fields/],
    ["six fields (seconds)", "0 */5 * * * *", /5 fields/],
    ["minute 60", "60 * * * *", /minute: "60"/],
    ["hour 24", "0 24 * * *", /hour: "24"/],
    ["day 0", "0 0 0 * *", /day of month: "0"/],
    ["month 13", "0 0 1 13 *", /month: "13"/],
    ["weekday 8", "0 0 * * 8", /day of week: "8"/],
    ["a step of 0", "*/0 * * * *", /step/],
    ["a backwards range", "30-10 * * * *", /backwards/],
    ["Cloudflare's L (last day)", "0 0 L * *", /day of month/],
    ["Cloudflare's # (nth weekday)", "0 0 * * 1#2", /day of week/],
    ["words", "every five minutes", /5 fields|cannot read|not in/],
  ])("%s", (_name, expression, message) => {
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe("triggerCrons (wrangler.toml's [triggers])", () => {
  it.each([
    ["the table with its crons", '[triggers]\ncrons = ["*/5 * * * *", "17 3 * * *"]\n', ["*/5 * * * *", "17 3 * * *"]],
    ["between other tables, after a comment", 'name = "x"\n[assets]\ndirectory = "./b"\n# the crons\n[triggers]\ncrons = [ "0 * * * *" ]\n\n[vars]\nA = "1"\n', ["0 * * * *"]],
    ["no [triggers] table", 'name = "x"\n[vars]\ncrons = ["* * * * *"]\n', []],
    ["a [triggers] table with no crons", "[triggers]\n[vars]\n", []],
    ["an empty list", "[triggers]\ncrons = []\n", []],
  ])("%s", (_name, toml, expected) => {
    expect(triggerCrons(toml)).toEqual(expected);
  });

  it.each([
    ["a cron it cannot read", '[triggers]\ncrons = ["*/5 * * *"]\n', /5 fields/],
    ["a number in place of a string", "[triggers]\ncrons = [5]\n", /string/i],
  ])("refuses %s", (_name, toml, message) => {
    expect(() => triggerCrons(toml)).toThrow(message);
  });

  it("reads the production Worker's own, the triggers its scheduled handler knows, and every one comes round", () => {
    const crons = triggerCrons(readFileSync("wrangler.toml", "utf8"));
    expect(crons.length).toBeGreaterThan(0);
    expect([...crons].sort()).toEqual(Object.keys(CRON_JOBS).sort());
    for (const cron of crons) expect(nextCronTime(parseCron(cron), new Date("2026-11-28T00:00:00.000Z"))).not.toBeNull();
  });
});
