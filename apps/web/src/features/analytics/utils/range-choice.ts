import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  analyticsDateProblem,
  analyticsRangeProblem,
} from '@kartlink/contracts';
import { daysIn, lastDays, type DayRange } from '../../../lib/analytics-range';

/** The ranges offered with one tap. */
export const PRESET_DAYS = [7, 30, 90] as const;
type PresetDays = (typeof PRESET_DAYS)[number];
const DEFAULT_PRESET: PresetDays = ANALYTICS_DEFAULT_RANGE_DAYS as PresetDays;

/**
 * What the owner chose, as the address keeps it: `?range=7` (the last 7 days, whatever day it
 * is when the link is opened) or `?from=2026-01-01&to=2026-01-31`; nothing means 30 days.
 */
export type RangeChoice = { kind: 'preset'; days: PresetDays } | ({ kind: 'custom' } & DayRange);

const RangeMessages = {
  fromRequired: 'Choose a start date.',
  toRequired: 'Choose an end date.',
  future: 'The end date cannot be after today.',
  badAddress: (problem: string) => `${problem} Showing the last ${DEFAULT_PRESET} days instead.`,
} as const;

export interface CustomRangeErrors {
  from?: string;
  to?: string;
}

/** The problems with a custom range typed by the owner; empty when it can be shown. */
export function customRangeErrors(from: string, to: string, today: string): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  if (!from) errors.from = RangeMessages.fromRequired;
  else if (analyticsDateProblem(from)) errors.from = analyticsDateProblem(from);
  if (!to) errors.to = RangeMessages.toRequired;
  else if (analyticsDateProblem(to)) errors.to = analyticsDateProblem(to);
  if (errors.from || errors.to) return errors;
  // YYYY-MM-DD strings compare as the dates do.
  if (to > today) return { to: RangeMessages.future };
  const problem = analyticsRangeProblem(from, to);
  return problem ? { to: problem } : {};
}

const isPreset = (days: number): days is PresetDays =>
  (PRESET_DAYS as readonly number[]).includes(days);

/** The choice an address holds; a broken one falls back to the default, with the reason. */
export function choiceFromParams(
  params: URLSearchParams,
  today: string,
): { choice: RangeChoice; problem?: string } {
  const fallback: RangeChoice = { kind: 'preset', days: DEFAULT_PRESET };
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const errors = customRangeErrors(from ?? '', to ?? '', today);
    const problem = errors.from ?? errors.to;
    if (problem) return { choice: fallback, problem: RangeMessages.badAddress(problem) };
    return { choice: { kind: 'custom', from: from!, to: to! } };
  }
  const days = Number(params.get('range'));
  return { choice: isPreset(days) ? { kind: 'preset', days } : fallback };
}

/** The address query of a choice. */
export function paramsOfChoice(choice: RangeChoice): Record<string, string> {
  return choice.kind === 'preset'
    ? { range: String(choice.days) }
    : { from: choice.from, to: choice.to };
}

export function rangeOfChoice(choice: RangeChoice, today: string): DayRange {
  return choice.kind === 'preset'
    ? lastDays(choice.days, today)
    : { from: choice.from, to: choice.to };
}

/** "the previous 30 days": what the changes are measured against. */
export function previousPeriodLabel(range: DayRange): string {
  const days = daysIn(range);
  return days === 1 ? 'the day before' : `the previous ${days} days`;
}
