// One Intl formatter per set of options, made once. `date.toLocaleString("en-US", options)` builds a new formatter
// at every call, which costs far more than the formatting: a list of rows, each with a date or two, spent tens of
// milliseconds of a cheap phone's first render building formatters (Return Forms: 37 ms of 4x-throttled CPU in
// formatDate alone). The answers are the same text: en-US, the options given. The lists' dates, counts and money are
// written without Intl at all (./plain-format.ts, decision 047).
import { plainDateFormat, type DateFormatter } from "./plain-format";

const dates = new Map<string, DateFormatter>();
const numbers = new Map<string, Intl.NumberFormat>();

export function dateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = JSON.stringify(options);
  let format = dates.get(key);
  if (!format) dates.set(key, (format = plainDateFormat(options) ?? new Intl.DateTimeFormat("en-US", options)));
  return format;
}

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat("en-US", options)));
  return format;
}
