import { describe, expect, it } from "vitest";
import { dateFormat, numberFormat } from "~/domain/intl";
import { countText, moneyText } from "~/domain/plain-format";

const MOMENTS = [
  "2025-03-04T15:07:00Z", "2024-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2026-07-04T09:05:00-04:00", "2026-11-28T00:00:00Z", "2026-11-28T12:00:00Z",
  "2026-11-28T11:59:59Z", "2026-05-09T00:30:00Z", "2026-10-10T12:45:00Z", "2028-02-29T23:01:00Z", "1999-09-09T09:09:09Z",
].map((s) => new Date(s));
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" },
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" },
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  { month: "short", day: "numeric", year: "numeric", timeZone: "America/New_York" },
  { month: "short", day: "numeric", year: "numeric" },
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" },
  { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" },
  { month: "short", day: "numeric", timeZone: "UTC" },
  { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" },
];

// The lists' formats are written without Intl (decision 047); in the process's own zone and in others, they read the same.
describe.each(["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham"])("dateFormat in %s", (zone) => {
  it("writes every list format as Intl does", () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      for (const options of OPTIONS) for (const when of MOMENTS) expect(dateFormat(options).format(when)).toBe(when.toLocaleString("en-US", options));
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe("dateFormat refuses what Intl refuses", () => {
  it("an invalid date throws a RangeError", () => {
    expect(() => dateFormat(OPTIONS[0]!).format(new Date("nope"))).toThrow(RangeError);
    expect(() => new Intl.DateTimeFormat("en-US", OPTIONS[0]).format(new Date("nope"))).toThrow(RangeError);
  });
});

describe("dateFormat: the same text as toLocaleString, one formatter per options", () => {
  for (const options of OPTIONS)
    for (const when of MOMENTS)
      it(`${JSON.stringify(options)} at ${when.toISOString()}`, () => {
        expect(dateFormat(options).format(when)).toBe(when.toLocaleString("en-US", options));
      });

  it("gives the same formatter for equal options, another for different ones", () => {
    expect(dateFormat({ ...OPTIONS[0] })).toBe(dateFormat({ ...OPTIONS[0] }));
    expect(dateFormat(OPTIONS[0]!)).not.toBe(dateFormat(OPTIONS[1]!));
  });
});

describe("numberFormat", () => {
  it.each([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [-3.456, "-$3.46"],
  ])("%s as USD is %s", (n, text) => {
    expect(numberFormat({ style: "currency", currency: "USD" }).format(n)).toBe(text);
    expect(numberFormat({ style: "currency", currency: "USD" })).toBe(numberFormat({ style: "currency", currency: "USD" }));
  });
});

describe("countText: a count as en-US writes it, without Intl", () => {
  it.each([0, 1, 7, 12, 999, 1_000, 1_001, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1_234, -1_000_000, Number.MAX_SAFE_INTEGER, 2.5, -0.75, 1234.5])(
    "%d is written as toLocaleString writes it",
    (n) => expect(countText(n)).toBe(n.toLocaleString("en-US")),
  );
});

describe("moneyText: dollars as en-US writes USD, without Intl", () => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const random = Array.from({ length: 300 }, (_, i) => Math.round(Math.sin(i + 1) * 10 ** (i % 9)) / 10 ** (i % 4));
  it.each([0, -0, 0.004, 0.005, 0.015, 0.125, 0.285, 1.005, 1.255, 2.675, 10, 999.995, 1234.5, -3.456, -0.001, 1e6, 123456789.99, 1e14 + 0.5, -1e15, 1e21, NaN, Infinity, ...random])(
    "%d",
    (n) => expect(moneyText(n)).toBe(usd.format(n)),
  );
});
