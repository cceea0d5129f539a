// One Intl formatter per set of options, made once. `date.toLocaleString("en-US", options)` builds a new formatter
// at every call, which costs far more than the formatting: a list of rows, each with a date or two, spent tens of
// milliseconds of a cheap phone's first render building formatters (Return Forms: 37 ms of 4x-throttled CPU in
// formatDate alone). The answers are the same text: en-US, the options given.
const dates = new Map<string, DateFormatter>();
const numbers = new Map<string, Intl.NumberFormat>();

/** What a caller of dateFormat gets: a formatter of dates. */
export type DateFormatter = Pick<Intl.DateTimeFormat, "format">;

export function dateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = JSON.stringify(options);
  let format = dates.get(key);
  if (!format) dates.set(key, (format = plainDateFormat(options) ?? new Intl.DateTimeFormat("en-US", options)));
  return format;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The dates every list shows ('Mar 4, 2025', 'Mar 4, 2025, 3:07 PM', '…, 12:07 AM UTC'), in UTC or the viewer's own
 * zone, written without Intl: the first Intl.DateTimeFormat a page makes loads the locale's calendar data, 15-30 ms
 * in Chromium on this machine (60-120 ms of a 4x-throttled phone) inside the render that hydrates the list. The text
 * is the same as en-US Intl gives (tests/unit/intl.test.ts); any other set of options is Intl's.
 */
function plainDateFormat(options: Intl.DateTimeFormatOptions): DateFormatter | null {
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

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat("en-US", options)));
  return format;
}

/**
 * A whole count as en-US writes it (12,345), without Intl: the first `toLocaleString` or Intl.NumberFormat a page
 * makes loads the number locale data, 15 ms on a fast machine and 130 ms of a 4x-throttled phone's first render (the
 * Home's KPI tiles, measured with bench/profile.ts), for text this gives exactly. Anything but a whole number goes
 * to the cached formatter.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return numberFormat({}).format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/**
 * Dollars as en-US writes US currency ('$1,234.50', '-$3.46'), without Intl, for the same reason as countText: Order
 * Tracking's rows made an Intl.NumberFormat when their module loaded. Rounded as Intl rounds: half away from zero on
 * the number's shortest decimal form (1.005 is '$1.01'), not on the double's exact value.
 */
export function moneyText(dollars: number): string {
  const text = String(Math.abs(dollars));
  if (!Number.isFinite(dollars) || text.includes("e") || Math.abs(dollars) >= 1e13) return numberFormat({ style: "currency", currency: "USD" }).format(dollars);
  const [whole = "0", fraction = ""] = text.split(".");
  const digits = fraction.padEnd(3, "0");
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return `${dollars < 0 || Object.is(dollars, -0) ? "-" : ""}$${countText(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}
