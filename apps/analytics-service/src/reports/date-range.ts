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

/**
 * How a range is read from the rollups: whole months from the monthly tables, plus the days
 * of `plusDays`, minus the days of `minusDays` (both from the daily tables). A month the range
 * only partly covers is read as its days in the range, or as the month less its days outside
 * the range, whichever reads fewer days (days after `today` hold nothing yet, so they cost
 * nothing; they are still subtracted, so an event dated ahead of the clock is never counted in
 * a range it is not in). Every date is YYYY-MM-DD; months are their first day.
 */
export interface MonthPlan {
  months: string[];
  plusDays: string[];
  minusDays: string[];
}

export function monthPlan(range: DateRange, today: string): MonthPlan {
  const plan: MonthPlan = { months: [], plusDays: [], minusDays: [] };
  const start = dayNumber(range.from)!;
  const end = dayNumber(range.to)!;
  const now = dayNumber(today) ?? end;
  let day = start;
  while (day <= end) {
    const date = new Date(day * 86_400_000);
    const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000;
    const last = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / 86_400_000;
    const inFrom = Math.max(first, start);
    const inTo = Math.min(last, end);
    const inside = inTo - inFrom + 1;
    // Days of the month outside the range that may hold figures (none after today).
    const outsideCost =
      Math.max(0, Math.min(inFrom - 1, now) - first + 1) +
      Math.max(0, Math.min(last, now) - (inTo + 1) + 1);
    if (inside === last - first + 1) plan.months.push(dateOfDay(first));
    else if (outsideCost < inside) {
      plan.months.push(dateOfDay(first));
      for (let d = first; d < inFrom; d += 1) plan.minusDays.push(dateOfDay(d));
      for (let d = inTo + 1; d <= last; d += 1) plan.minusDays.push(dateOfDay(d));
    } else for (let d = inFrom; d <= inTo; d += 1) plan.plusDays.push(dateOfDay(d));
    day = last + 1;
  }
  return plan;
}
