import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './scheduling';

afterEach(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
});

describe('whenIdle', () => {
  it('runs the work once the browser is idle, not in the task that asked', () => {
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((callback: () => void) => {
      idle = callback;
      return 1;
    });
    Object.defineProperty(window, 'requestIdleCallback', {
      value: requestIdleCallback,
      configurable: true,
    });
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    idle?.();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it in a later task where the browser has no idle callback (Safari)', () => {
    vi.useFakeTimers();
    try {
      const work = vi.fn();
      whenIdle(work);
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs it at once, and only once, when the visitor leaves the page first', () => {
    vi.useFakeTimers();
    try {
      const work = vi.fn();
      whenIdle(work);
      window.dispatchEvent(new Event('pagehide'));
      expect(work).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10);
      window.dispatchEvent(new Event('pagehide'));
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
