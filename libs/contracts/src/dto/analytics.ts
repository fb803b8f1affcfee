import { ValidateBy } from 'class-validator';
import { Optional, Rule } from './rule';
import {
  type AnalyticsRangeQuery,
  analyticsDateProblem,
  analyticsRangeProblem,
} from '../analytics';

/** `to` is checked against `from` when both are given and valid (the service checks defaults). */
const rangeProblemOf = (to: unknown, query: Partial<AnalyticsRangeQuery>) =>
  typeof query.from === 'string' &&
  typeof to === 'string' &&
  !analyticsDateProblem(query.from) &&
  !analyticsDateProblem(to)
    ? analyticsRangeProblem(query.from, to)
    : undefined;

function RangeRule() {
  return ValidateBy({
    name: 'analyticsRange',
    validator: {
      validate: (value, args) => !rangeProblemOf(value, args!.object as AnalyticsRangeQuery),
      defaultMessage: (args) => rangeProblemOf(args!.value, args!.object as AnalyticsRangeQuery)!,
    },
  });
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD of every owner analytics read. */
export class AnalyticsRangeRequest implements AnalyticsRangeQuery {
  @Optional() @Rule(analyticsDateProblem) from?: string;
  @Optional() @Rule(analyticsDateProblem) @RangeRule() to?: string;
}
