// Relative times for the Task Center and recent activity: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', then a date.
import { plainDateFormat } from "~/domain/plain-format";

const SHORT_DATE = { month: "short", day: "numeric", year: "numeric" } as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(at: Date | string, now: Date, timeZone?: string): string {
  const when = typeof at === "string" ? new Date(at) : at;
  const diff = now.getTime() - when.getTime();
  if (Number.isNaN(diff)) return "";
  // A clock slightly ahead on the server still reads as now, not as a negative age.
  if (diff < MINUTE) return "Just now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const days = Math.floor(diff / DAY);
  if (days < 7) return `${days}d ago`;
  // The viewer's zone or UTC without Intl (plain-format.ts); any other zone is Intl's.
  const options = { ...SHORT_DATE, timeZone };
  return (plainDateFormat(options) ?? new Intl.DateTimeFormat("en-US", options)).format(when);
}
