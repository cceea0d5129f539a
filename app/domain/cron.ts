// Five-field cron expressions as Cloudflare's cron triggers read them (minute hour day-of-month month day-of-week,
// in UTC): which minutes an expression names, and the next such minute after a time. `npm run preview` uses it to
// fire wrangler.toml's triggers on their schedule (scripts/preview-cron.ts). Pure: no clock, no I/O.
// Accepted in each field: `*`, numbers, ranges `a-b`, steps `*/n`, `a-b/n` and `a/n`, lists joined by commas, and
// the names JAN-DEC and SUN-SAT (7 is Sunday too). Cloudflare's extras (L, W, #) are refused, not misread.
import * as z from "zod/mini";

export type CronSchedule = {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether day-of-month and day-of-week were each `*`: when both are restricted, either one matching is enough. */
  anyDay: boolean;
  anyWeekday: boolean;
};

type Field = { name: string; min: number; max: number; names?: readonly string[] };

const FIELDS: readonly Field[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] },
  { name: "day of week", min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
];

function value(text: string, field: Field): number {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + (field.name === "month" ? 1 : 0) : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < field.min || n > field.max) throw new Error(`cron ${field.name}: "${text}" is not in ${field.min}-${field.max}`);
  return n;
}

function parseField(text: string, field: Field): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^(\*|[^-/]+(?:-[^-/]+)?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`cron ${field.name}: cannot read "${part}"`);
    const [, range, stepText] = m;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1) throw new Error(`cron ${field.name}: step "${stepText}" must be 1 or more`);
    let from: number;
    let to: number;
    if (range === "*") [from, to] = [field.min, field.name === "day of week" ? 6 : field.max];
    else if (range!.includes("-")) [from, to] = range!.split("-").map((t) => value(t, field)) as [number, number];
    else [from, to] = [value(range!, field), stepText === undefined ? value(range!, field) : field.max];
    if (from > to) throw new Error(`cron ${field.name}: "${part}" runs backwards`);
    for (let n = from; n <= to; n += step) out.add(field.name === "day of week" && n === 7 ? 0 : n);
  }
  return out;
}

/** Throws an Error naming the field for anything it cannot read. */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}": expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  return { minutes, hours, days, months, weekdays, anyDay: parts[2] === "*", anyWeekday: parts[4] === "*" };
}

function dayMatches(s: CronSchedule, at: Date): boolean {
  const day = s.days.has(at.getUTCDate());
  const weekday = s.weekdays.has(at.getUTCDay());
  if (s.anyDay && s.anyWeekday) return true;
  if (s.anyDay) return weekday;
  if (s.anyWeekday) return day;
  return day || weekday;
}

/** Whether the expression names the UTC minute that `at` falls in. */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  return schedule.months.has(at.getUTCMonth() + 1) && dayMatches(schedule, at) && schedule.hours.has(at.getUTCHours()) && schedule.minutes.has(at.getUTCMinutes());
}

/** The first whole UTC minute strictly after `after` that the expression names; null if none within five years (e.g. 31 FEB). */
export function nextCronTime(schedule: CronSchedule, after: Date): Date | null {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 60 * 60_000;
  while (t.getTime() <= limit) {
    if (!schedule.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0);
    } else if (!dayMatches(schedule, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0);
    } else if (!schedule.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0);
    } else if (!schedule.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1);
    } else {
      return t;
    }
  }
  return null;
}

const TRIGGER_CRONS = z.array(z.string().check(z.minLength(1)));

/**
 * The `crons = [...]` of wrangler.toml's `[triggers]` table ([] when there is none), each checked with parseCron:
 * a trigger this cannot read throws rather than being skipped.
 */
export function triggerCrons(wranglerToml: string): string[] {
  const table = /^\[triggers\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(wranglerToml)?.[1] ?? "";
  const line = /^\s*crons\s*=\s*(\[[^\]]*\])/m.exec(table)?.[1];
  if (!line) return [];
  const crons = TRIGGER_CRONS.parse(JSON.parse(line));
  for (const cron of crons) parseCron(cron);
  return crons;
}
