import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrollingDown } from './use-scrolling-down';

// jsdom lays nothing out: the page is 3000 px tall and the window 800 px high.
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useScrollingDown', () => {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: 3000,
    configurable: true,
  });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });

  afterEach(() => {
    scrollTo(0);
  });

  it('is false at the top, true on the way down and false again on the way up', () => {
    const { result } = renderHook(() => useScrollingDown());
    expect(result.current).toBe(false);
    scrollTo(300);
    expect(result.current).toBe(true);
    scrollTo(900);
    expect(result.current).toBe(true);
    scrollTo(600);
    expect(result.current).toBe(false);
  });

  it('is false at the end of the page, where there is room for what it hides', () => {
    const { result } = renderHook(() => useScrollingDown());
    scrollTo(1500);
    expect(result.current).toBe(true);
    scrollTo(2200);
    expect(result.current).toBe(false);
  });

  it('does not change for a scroll of a few pixels', () => {
    const { result } = renderHook(() => useScrollingDown());
    scrollTo(500);
    scrollTo(495);
    expect(result.current).toBe(true);
  });
});
