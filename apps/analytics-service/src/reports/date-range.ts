import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  type AnalyticsRangeQuery,
  analyticsDateProblem,
  analyticsRangeProblem,
  dateOfDay,
  dayNumber,
  type FieldError,
} from '@kartlink/contracts';

export interface DateRange {
  from: string;
  to: string;
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The range a query asks for, with the defaults filled in (to: today; from: 29 days before
 * to), or the problems with it, said per field.
 */
export function rangeOf(
  query: AnalyticsRangeQuery | undefined,
  today: string,
): { range: DateRange; errors?: undefined } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = query?.[field];
    const problem = value === undefined ? undefined : analyticsDateProblem(value);
    if (problem) errors.push({ path: field, msg: problem });
  }
  if (errors.length > 0) return { errors };
  const to = query?.to ?? today;
  const from = query?.from ?? dateOfDay(dayNumber(to)! - (ANALYTICS_DEFAULT_RANGE_DAYS - 1));
  const problem = analyticsRangeProblem(from, to);
  if (problem) return { errors: [{ path: query?.to ? 'to' : 'from', msg: problem }] };
  return { range: { from, to } };
}

/** The range of equal length that ends the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const start = dayNumber(range.from)!;
  const length = dayNumber(range.to)! - start + 1;
  return { from: dateOfDay(start - length), to: dateOfDay(start - 1) };
}

/** Every date of a range, oldest first. */
export function datesOf(range: DateRange): string[] {
  const start = dayNumber(range.from)!;
  const end = dayNumber(range.to)!;
  return Array.from({ length: end - start + 1 }, (_, i) => dateOfDay(start + i));
}
