import { describe, expect, it } from 'vitest';
import { isRetryable, retryDelayMs } from './retry';

describe('retries (SPEC section 9)', () => {
  it('wait 1 s, then twice as long each time, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('are for no answer and server errors only', () => {
    expect(isRetryable({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isRetryable({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(true);
    for (const status of [500, 502, 503, 504]) expect(isRetryable({ status, data: {} })).toBe(true);
    // A proxy's HTML error page for a 502 still is a server error.
    expect(
      isRetryable({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }),
    ).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(isRetryable({ status, data: {} })).toBe(false);
    }
    expect(
      isRetryable({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' }),
    ).toBe(false);
  });
});
