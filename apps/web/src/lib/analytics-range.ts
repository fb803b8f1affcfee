import { dateOfDay, dayIn, dayNumber } from '@kartlink/contracts';

/**
 * Analytics days are calendar days in the reporting time zone (ANALYTICS_TIMEZONE on the
 * server, Asia/Kolkata unless configured otherwise): "today" is today there, wherever the owner
 * is.
 */
const REPORTING_TIME_ZONE = 'Asia/Kolkata';

/** An inclusive range of YYYY-MM-DD days, as the analytics reads take it. */
export interface DayRange {
  from: string;
  to: string;
}

/** Today's date, YYYY-MM-DD, in a time zone (the reporting one by default). */
export function todayIn(timeZone = REPORTING_TIME_ZONE, now = new Date()): string {
  return dayIn(timeZone, now);
}

/** The last `days` days, today included. */
export function lastDays(days: number, today = todayIn()): DayRange {
  return { from: dateOfDay(dayNumber(today)! - days + 1), to: today };
}

/** How many days a range spans, both ends included. */
export function daysIn({ from, to }: DayRange): number {
  return dayNumber(to)! - dayNumber(from)! + 1;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayWithYearFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const instantOf = (date: string) => new Date(dayNumber(date)! * 86_400_000);

/** "5 Mar": an axis tick. */
export const shortDay = (date: string) => dayFormat.format(instantOf(date));
/** "Thu, 5 Mar 2026": a tooltip or a table row. */
export const longDay = (date: string) => longDayFormat.format(instantOf(date));

/** "1 Mar – 30 Mar 2026", or "5 Mar 2026" for a single day. */
export function describeRange({ from, to }: DayRange): string {
  if (from === to) return dayWithYearFormat.format(instantOf(to));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = (sameYear ? dayFormat : dayWithYearFormat).format(instantOf(from));
  return `${start} – ${dayWithYearFormat.format(instantOf(to))}`;
}
