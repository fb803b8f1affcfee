import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = Date.parse('2026-11-26T10:00:00Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [10, 'just now'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [26 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [15 * 24 * 3600, '2 weeks ago'],
    [400 * 24 * 3600, 'last year'],
  ])('says %i seconds ago as "%s"', (seconds, said) => {
    expect(timeAgo(before(seconds), now)).toBe(said);
  });

  it('says nothing for a date it cannot read', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});
