import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Moves fake timers on by `ms` in small steps, letting promises settle between them, so that
 * work that starts a timer only once an answer came (a retry's backoff) runs as it would.
 */
export async function passTime(ms: number, step = 100): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - passed)));
  }
}
