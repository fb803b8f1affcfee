import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './use-countdown';

afterEach(() => {
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it.each([
    [600, '10:00'],
    [599, '9:59'],
    [61, '1:01'],
    [60, '1:00'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('shows %s s as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe('useCountdown', () => {
  it('counts down once a second to 0 and starts again on restart', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.remaining).toBe(3);

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.remaining).toBe(2);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.remaining).toBe(0);

    act(() => result.current.restart(600));
    expect(result.current.remaining).toBe(600);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.remaining).toBe(599);
  });
});
