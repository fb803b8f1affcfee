import {
  formatReadDate,
  fromZonedInput,
  instantProblem,
  isTimeZone,
  nextBoundary,
  scheduleLabel,
  scheduleState,
  secondsUntil,
  toZonedInput,
} from './schedule';

const at = (iso: string) => new Date(iso);

describe('a product’s window', () => {
  const now = at('2026-12-01T04:30:00Z');

  it('is scheduled before its start, live within it, ended from its end', () => {
    expect(scheduleState(null, null, now)).toBe('always');
    expect(scheduleState('2026-12-01T04:31:00Z', null, now)).toBe('scheduled');
    expect(scheduleState('2026-12-01T04:30:00Z', null, now)).toBe('live');
    expect(scheduleState(null, '2026-12-01T04:30:00.001Z', now)).toBe('live');
    // The end itself is outside: at 10:00 an offer "until 10:00" is over.
    expect(scheduleState('2026-11-01T00:00:00Z', '2026-12-01T04:30:00Z', now)).toBe('ended');
  });

  it('gives the next boundary after now, ignoring those gone by', () => {
    expect(nextBoundary([null, undefined], now)).toBeNull();
    expect(nextBoundary(['2026-12-01T04:00:00Z', null], now)).toBeNull();
    expect(
      nextBoundary(['2026-12-01T04:00:00Z', '2026-12-02T00:00:00Z', '2026-12-01T05:00:00Z'], now),
    ).toEqual(at('2026-12-01T05:00:00Z'));
  });

  it('keeps a read no longer than the next boundary, whole seconds up, nothing when it is past', () => {
    expect(secondsUntil(null, 600, now)).toBe(600);
    expect(secondsUntil(at('2026-12-01T05:30:00Z'), 600, now)).toBe(600);
    expect(secondsUntil(at('2026-12-01T04:31:00Z'), 600, now)).toBe(60);
    expect(secondsUntil(at('2026-12-01T04:30:00.200Z'), 600, now)).toBe(1);
    expect(secondsUntil(at('2026-12-01T04:30:00Z'), 600, now)).toBe(0);
  });
});

describe('times in the owner’s zone', () => {
  it('turns a wall clock time of the zone into UTC and back', () => {
    expect(fromZonedInput('2026-12-01T10:00', 'Asia/Kolkata')).toEqual(at('2026-12-01T04:30:00Z'));
    expect(toZonedInput('2026-12-01T04:30:00Z', 'Asia/Kolkata')).toBe('2026-12-01T10:00');
    expect(fromZonedInput('2026-12-01T10:00', 'UTC')).toEqual(at('2026-12-01T10:00:00Z'));
    expect(fromZonedInput('2026-07-01T10:00', 'Europe/London')).toEqual(at('2026-07-01T09:00:00Z'));
    expect(fromZonedInput('2026-12-31T23:30', 'America/New_York')).toEqual(
      at('2027-01-01T04:30:00Z'),
    );
    expect(toZonedInput('2027-01-01T04:30:00Z', 'America/New_York')).toBe('2026-12-31T23:30');
  });

  it('takes a time skipped by a clock change an hour on, and a repeated one the first time', () => {
    // London: 29 March 2026, 01:00 → 02:00; 25 October 2026, 02:00 → 01:00.
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/London')).toEqual(at('2026-03-29T01:30:00Z'));
    expect(fromZonedInput('2026-10-25T01:30', 'Europe/London')).toEqual(at('2026-10-25T00:30:00Z'));
  });

  it('refuses what is not a time', () => {
    expect(fromZonedInput('', 'Asia/Kolkata')).toBeNull();
    expect(fromZonedInput('2026-13-01T10:00', 'Asia/Kolkata')).toBeNull();
    expect(fromZonedInput('1 Dec 10:00', 'Asia/Kolkata')).toBeNull();
  });

  it('knows zone names and refuses others', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  it('takes API times only with their zone', () => {
    const problem = instantProblem('bad');
    expect(problem('2026-12-01T10:00:00+05:30')).toBeUndefined();
    expect(problem('2026-12-01T04:30:00.000Z')).toBeUndefined();
    expect(problem(null)).toBeUndefined();
    expect(problem('2026-12-01T10:00')).toBe('bad');
    expect(problem('tomorrow')).toBe('bad');
    expect(problem(1764565200000)).toBe('bad');
  });
});

describe('what the dashboard says', () => {
  const now = at('2026-11-28T12:00:00Z');

  it('names the state and the time in the shop’s zone', () => {
    expect(scheduleLabel(null, null, 'Asia/Kolkata', now)).toBeNull();
    expect(scheduleLabel('2026-12-01T04:30:00Z', null, 'Asia/Kolkata', now)).toBe(
      'Scheduled · starts 1 Dec, 10:00',
    );
    expect(scheduleLabel('2026-11-01T04:30:00Z', '2026-12-05T18:29:00Z', 'Asia/Kolkata', now)).toBe(
      'Live · ends 5 Dec, 23:59',
    );
    expect(scheduleLabel('2026-11-01T04:30:00Z', null, 'Asia/Kolkata', now)).toBe('Live');
    expect(scheduleLabel(null, '2026-11-20T04:30:00Z', 'Asia/Kolkata', now)).toBe(
      'Ended · 20 Nov, 10:00',
    );
    expect(scheduleLabel('2026-12-01T04:30:00Z', null, 'Europe/London', now)).toBe(
      'Scheduled · starts 1 Dec, 04:30',
    );
  });

  it('dates a read price by India’s calendar', () => {
    // 20:00 UTC on 23 November is already 24 November in India.
    expect(formatReadDate('2026-11-23T20:00:00Z')).toBe('24 Nov');
  });
});
