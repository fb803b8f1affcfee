import { dateOfDay, dayNumber } from '@kartlink/contracts';
import { datesOf, monthPlan, previousRange, rangeOf } from './date-range';

describe('analytics date ranges', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(rangeOf({}, '2024-03-10')).toEqual({ range: { from: '2024-02-10', to: '2024-03-10' } });
    expect(rangeOf({ to: '2024-01-30' }, '2024-03-10')).toEqual({
      range: { from: '2024-01-01', to: '2024-01-30' },
    });
  });

  it('says what is wrong with a date or a range', () => {
    expect(rangeOf({ from: '2024-3-1' }, '2024-03-10')).toEqual({
      errors: [{ path: 'from', msg: 'Dates must be written YYYY-MM-DD.' }],
    });
    expect(rangeOf({ from: '2023-02-29', to: '2024-02-30' }, '2024-03-10')).toEqual({
      errors: [
        { path: 'from', msg: 'This date does not exist.' },
        { path: 'to', msg: 'This date does not exist.' },
      ],
    });
    expect(rangeOf({ from: '2024-03-02', to: '2024-03-01' }, '2024-03-10')).toEqual({
      errors: [{ path: 'to', msg: 'The start date must be on or before the end date.' }],
    });
    expect(rangeOf({ from: '2023-01-01', to: '2024-01-02' }, '2024-03-10')).toEqual({
      errors: [{ path: 'to', msg: 'A range can span at most 366 days.' }],
    });
    // A start date alone is checked against today.
    expect(rangeOf({ from: '2020-01-01' }, '2024-03-10')).toEqual({
      errors: [{ path: 'from', msg: 'A range can span at most 366 days.' }],
    });
  });

  it('accepts exactly 366 days, a leap year included', () => {
    expect(rangeOf({ from: '2024-01-01', to: '2024-12-31' }, '2025-01-01')).toEqual({
      range: { from: '2024-01-01', to: '2024-12-31' },
    });
  });

  it('compares with the range of equal length just before, across months and years', () => {
    expect(previousRange({ from: '2024-03-01', to: '2024-03-07' })).toEqual({
      from: '2024-02-23',
      to: '2024-02-29',
    });
    expect(previousRange({ from: '2024-01-01', to: '2024-01-01' })).toEqual({
      from: '2023-12-31',
      to: '2023-12-31',
    });
  });

  it('lists every day of a range', () => {
    expect(datesOf({ from: '2024-02-27', to: '2024-03-02' })).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
  });

  describe('reading a range by whole months and edge days', () => {
    /** The days a plan reads, each with how many times it is counted (months expanded). */
    function counted(plan: ReturnType<typeof monthPlan>): Map<string, number> {
      const days = new Map<string, number>();
      const add = (date: string, n: number) => days.set(date, (days.get(date) ?? 0) + n);
      for (const month of plan.months) {
        const [y, m] = month.split('-').map(Number);
        const length = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
        for (let d = 0; d < length; d += 1) add(dateOfDay(dayNumber(month)! + d), 1);
      }
      for (const date of plan.plusDays) add(date, 1);
      for (const date of plan.minusDays) add(date, -1);
      for (const [date, n] of days) if (n === 0) days.delete(date);
      return days;
    }

    it('counts every day of the range once and no other day, whatever the range and today', () => {
      const start = dayNumber('2023-11-20')!;
      for (let from = start; from < start + 120; from += 3)
        for (const length of [1, 2, 7, 28, 29, 30, 31, 45, 90, 120, 365, 366])
          for (const todayOffset of [-40, 0, 5, 400]) {
            const range = { from: dateOfDay(from), to: dateOfDay(from + length - 1) };
            const plan = monthPlan(range, dateOfDay(from + length - 1 + todayOffset));
            expect(counted(plan)).toEqual(new Map(datesOf(range).map((date) => [date, 1])));
          }
    });

    it('reads a range ending today as whole months and a few edge days', () => {
      expect(monthPlan({ from: '2026-08-29', to: '2026-11-26' }, '2026-11-26')).toEqual({
        months: ['2026-09-01', '2026-10-01', '2026-11-01'],
        plusDays: ['2026-08-29', '2026-08-30', '2026-08-31'],
        // After today: nothing there yet, subtracted all the same (an event dated ahead).
        minusDays: ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'],
      });
      // A week inside a month: its days.
      expect(monthPlan({ from: '2026-11-20', to: '2026-11-26' }, '2026-11-26')).toEqual({
        months: [],
        plusDays: datesOf({ from: '2026-11-20', to: '2026-11-26' }),
        minusDays: [],
      });
      // February of a leap year, whole.
      expect(monthPlan({ from: '2024-02-01', to: '2024-02-29' }, '2024-06-01').months).toEqual([
        '2024-02-01',
      ]);
    });
  });
});
