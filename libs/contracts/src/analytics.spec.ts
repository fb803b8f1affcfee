import { dayIn } from './analytics';

describe('dayIn', () => {
  it('reads the calendar day in the reporting time zone, not in UTC', () => {
    // 18:30 UTC is midnight in India.
    expect(dayIn('Asia/Kolkata', new Date('2024-03-09T18:29:59Z'))).toBe('2024-03-09');
    expect(dayIn('Asia/Kolkata', new Date('2024-03-09T18:30:00Z'))).toBe('2024-03-10');
    expect(dayIn('UTC', new Date('2024-03-09T18:30:00Z'))).toBe('2024-03-09');
  });

  it('answers each time zone with its own day, however often asked', () => {
    const at = new Date('2024-12-31T20:00:00Z');
    expect([
      dayIn('Asia/Kolkata', at),
      dayIn('America/New_York', at),
      dayIn('Asia/Kolkata', at),
    ]).toEqual(['2025-01-01', '2024-12-31', '2025-01-01']);
  });
});
