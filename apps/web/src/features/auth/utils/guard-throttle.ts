/** SPEC sections 4 and 9: the protected-route guard's limits. */
export const GUARD_RECHECK_MS = 2_700_000; // 45 minutes
const FORCED_REFRESH_MIN_GAP_MS = 15_000;
const MAX_CONSECUTIVE_FORCED_REFRESHES = 3;

/**
 * Forced refreshes by the guard: at most one per 15 s and at most 3 in a row. The row ends
 * when the guard next finds a fresh token without forcing anything.
 */
export class ForcedRefreshThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private inARow = 0;

  allows(now: number): boolean {
    return (
      this.inARow < MAX_CONSECUTIVE_FORCED_REFRESHES &&
      now - this.lastAt >= FORCED_REFRESH_MIN_GAP_MS
    );
  }

  record(now: number): void {
    this.lastAt = now;
    this.inARow += 1;
  }

  /** The session was found fresh: the next forced refresh starts a new row. */
  reset(): void {
    this.inARow = 0;
  }
}
