import { describe, expect, it } from 'vitest';
import { choiceFromParams, customRangeErrors, paramsOfChoice, rangeOfChoice } from './range-choice';

const TODAY = '2026-03-15';
const choiceOf = (query: string) => choiceFromParams(new URLSearchParams(query), TODAY);

describe('the range an address holds', () => {
  it('is a preset, a custom range, or the last 30 days', () => {
    expect(choiceOf('range=7')).toEqual({ choice: { kind: 'preset', days: 7 } });
    expect(choiceOf('')).toEqual({ choice: { kind: 'preset', days: 30 } });
    // Only the offered presets: anything else is the default.
    expect(choiceOf('range=365')).toEqual({ choice: { kind: 'preset', days: 30 } });
    expect(choiceOf('from=2026-01-01&to=2026-01-31')).toEqual({
      choice: { kind: 'custom', from: '2026-01-01', to: '2026-01-31' },
    });
  });

  it('falls back to the default, with the reason, when its dates cannot be shown', () => {
    expect(choiceOf('from=2026-02-30&to=2026-03-01')).toEqual({
      choice: { kind: 'preset', days: 30 },
      problem: 'This date does not exist. Showing the last 30 days instead.',
    });
    expect(choiceOf('from=2026-03-01').problem).toBe(
      'Choose an end date. Showing the last 30 days instead.',
    );
  });

  it('goes back into the address it came from', () => {
    for (const query of ['range=90', 'from=2026-01-01&to=2026-01-31']) {
      const { choice } = choiceOf(query);
      expect(new URLSearchParams(paramsOfChoice(choice)).toString()).toBe(query);
    }
    expect(rangeOfChoice({ kind: 'preset', days: 90 }, TODAY)).toEqual({
      from: '2025-12-16',
      to: TODAY,
    });
  });
});

describe('a custom range', () => {
  it('must be real dates, in order, up to today, at most 366 days', () => {
    expect(customRangeErrors('2026-03-01', '2026-03-15', TODAY)).toEqual({});
    expect(customRangeErrors('2025-03-15', '2026-03-15', TODAY)).toEqual({});
    expect(customRangeErrors('2025-03-14', '2026-03-15', TODAY)).toEqual({
      to: 'A range can span at most 366 days.',
    });
    expect(customRangeErrors('', '', TODAY)).toEqual({
      from: 'Choose a start date.',
      to: 'Choose an end date.',
    });
    expect(customRangeErrors('01/03/2026', '2026-03-15', TODAY)).toEqual({
      from: 'Dates must be written YYYY-MM-DD.',
    });
    expect(customRangeErrors('2026-03-10', '2026-03-16', TODAY)).toEqual({
      to: 'The end date cannot be after today.',
    });
    expect(customRangeErrors('2026-03-10', '2026-03-09', TODAY)).toEqual({
      to: 'The start date must be on or before the end date.',
    });
  });
});
