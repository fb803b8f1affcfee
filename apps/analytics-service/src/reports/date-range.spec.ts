import { datesOf, previousRange, rangeOf, todayIn } from './date-range';

describe('analytics date ranges', () => {
  it('reads today in the reporting time zone, not in UTC', () => {
    // 18:30 UTC is midnight in India.
    expect(todayIn('Asia/Kolkata', new Date('2024-03-09T18:29:59Z'))).toBe('2024-03-09');
    expect(todayIn('Asia/Kolkata', new Date('2024-03-09T18:30:00Z'))).toBe('2024-03-10');
    expect(todayIn('UTC', new Date('2024-03-09T18:30:00Z'))).toBe('2024-03-09');
  });

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
});
