import { describe, expect, it } from 'vitest';
import { ForcedRefreshThrottle, GUARD_RECHECK_MS } from './guard-throttle';

describe('the forced refresh throttle', () => {
  it('allows one forced refresh per 15 s, at most 3 in a row', () => {
    const throttle = new ForcedRefreshThrottle();
    expect(throttle.allows(0)).toBe(true);
    throttle.record(0);
    expect(throttle.allows(14_999)).toBe(false);
    expect(throttle.allows(15_000)).toBe(true);
    throttle.record(15_000);
    throttle.record(30_000);
    expect(throttle.allows(1_000_000)).toBe(false);

    throttle.reset();
    expect(throttle.allows(45_000)).toBe(true);
  });

  it('re-checks every 45 minutes', () => {
    expect(GUARD_RECHECK_MS).toBe(2_700_000);
  });
});
