import { describe, expect, it } from 'vitest';
import {
  changeBetween,
  formatCount,
  formatRate,
  formatShare,
  referrerName,
  regionName,
  storeColor,
  storeName,
} from './analytics-format';
import { describeRange, lastDays, todayIn } from './analytics-range';

describe('analytics figures', () => {
  it('are written the Indian way', () => {
    expect(formatCount(1_23_45_678)).toBe('1,23,45,678');
    expect(formatCount(999)).toBe('999');
    expect(formatRate(0.1234)).toBe('12.3%');
    expect(formatRate(1.5)).toBe('150%');
    expect(formatShare(1, 300)).toBe('<1%');
    expect(formatShare(0, 0)).toBe('0%');
  });

  it('give their change against the period before, neutral when it had nothing', () => {
    expect(changeBetween(150, 100)).toEqual({ direction: 'up', percent: '50%' });
    expect(changeBetween(97, 100)).toEqual({ direction: 'down', percent: '3%' });
    expect(changeBetween(102.5, 100)).toEqual({ direction: 'up', percent: '2.5%' });
    expect(changeBetween(100_001, 100_000)).toEqual({ direction: 'up', percent: '<0.1%' });
    expect(changeBetween(2_500, 100)).toEqual({ direction: 'up', percent: '2,400%' });
    expect(changeBetween(5, 5)).toEqual({ direction: 'flat', percent: '' });
    expect(changeBetween(5, 0)).toEqual({ direction: 'none', percent: '' });
  });
});

describe('breakdown keys', () => {
  it('read as the stores, places and sites people know', () => {
    expect(storeName('ajio')).toBe('AJIO');
    expect(storeName('tatacliq')).toBe('Tatacliq');
    expect(storeName('unknown')).toBe('Unknown');
    expect(storeColor('amazon')).toBe('#ff9900');
    expect(storeColor('tatacliq')).toBe(storeColor('tatacliq'));
    expect(regionName('Asia/Calcutta')).toBe('India');
    expect(regionName('America/New_York')).toBe('New York');
    expect(referrerName('l.instagram.com')).toBe('Instagram');
    expect(referrerName('t.co')).toBe('X (Twitter)');
    expect(referrerName('direct')).toBe('Direct or in-app');
    expect(referrerName('blog.example.in')).toBe('blog.example.in');
  });
});

describe('analytics days', () => {
  it('are the days of India, whatever the clock of the browser', () => {
    // 20:00 UTC on 14 March is already 15 March in India.
    expect(todayIn('Asia/Kolkata', new Date('2026-03-14T20:00:00Z'))).toBe('2026-03-15');
    expect(lastDays(30, '2026-03-15')).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(lastDays(7, '2026-01-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(describeRange({ from: '2025-12-28', to: '2026-01-03' })).toBe(
      '28 Dec 2025 – 3 Jan 2026',
    );
    expect(describeRange({ from: '2026-03-15', to: '2026-03-15' })).toBe('15 Mar 2026');
  });
});
