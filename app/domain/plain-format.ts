// Counts, money and the lists' dates as en-US writes them, without Intl: the first toLocaleString or Intl formatter a
// page makes loads the locale's data, 15-30 ms in Chromium here and 130-160 ms of a 4x-throttled phone's hydration
// (bench/profile.ts found it on Home, Return Forms and Order Tracking). The text is Intl's (tests/unit/intl.test.ts,
// table-driven against Intl); ./intl.ts gives Intl's formatters for everything else. A module of its own, so the
// signed-in shell and Home load these few lines and not the formatter caches.
/** What a caller of a date format gets: a formatter of dates. */
export type DateFormatter = Pick<Intl.DateTimeFormat, "format">;

/** A whole count as en-US writes it (12,345). Anything but a whole number is Intl's. */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US"); // a fraction: rare, and Intl then
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/**
 * Dollars as en-US writes US currency ('$1,234.50', '-$3.46'), rounded as Intl rounds: half away from zero on the
 * number's shortest decimal form (1.005 is '$1.01'), not on the double's exact value.
 */
export function moneyText(dollars: number): string {
  const text = String(Math.abs(dollars));
  if (!Number.isFinite(dollars) || text.includes("e") || Math.abs(dollars) >= 1e13) return dollars.toLocaleString("en-US", { style: "currency", currency: "USD" }); // rare: Intl then
  const [whole = "0", fraction = ""] = text.split(".");
  const digits = fraction.padEnd(3, "0");
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return `${dollars < 0 || Object.is(dollars, -0) ? "-" : ""}$${countText(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The dates every list shows ('Mar 4, 2025', 'Mar 4, 2025, 3:07 PM', '…, 12:07 AM UTC'), in UTC or the viewer's own
 * zone; null for any other set of options (Intl's, through ./intl.ts).
 */
export function plainDateFormat(options: Intl.DateTimeFormatOptions): DateFormatter | null {
  const { month, day, year, hour, minute, timeZone, timeZoneName, ...rest } = options;
  if (Object.keys(rest).length || month !== "short" || day !== "numeric" || year !== "numeric") return null;
  if (timeZone !== undefined && timeZone !== "UTC") return null;
  const withTime = hour === "numeric" && minute === "2-digit";
  if (!withTime && (hour !== undefined || minute !== undefined)) return null;
  if (timeZoneName !== undefined && !(timeZoneName === "short" && timeZone === "UTC")) return null;
  const utc = timeZone === "UTC";
  return {
    format(value?: Date | number) {
      const d = value === undefined ? new Date() : new Date(value);
      if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
      const date = `${MONTHS[utc ? d.getUTCMonth() : d.getMonth()]} ${utc ? d.getUTCDate() : d.getDate()}, ${utc ? d.getUTCFullYear() : d.getFullYear()}`;
      if (!withTime) return date;
      const h = utc ? d.getUTCHours() : d.getHours();
      const m = utc ? d.getUTCMinutes() : d.getMinutes();
      const time = `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
      return `${date}, ${time}${timeZoneName ? " UTC" : ""}`;
    },
  };
}
