import { describe, expect, it } from "vitest";
import { dateFormat, numberFormat } from "~/domain/intl";

const MOMENTS = ["2025-03-04T15:07:00Z", "2024-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2026-07-04T09:05:00-04:00"].map((s) => new Date(s));
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" },
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" },
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  { month: "short", day: "numeric", year: "numeric", timeZone: "America/New_York" },
];

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
