import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica, kept by rate-limiter-flexible. Keys
 * (`rl:<key>`) live under the Redis client's own key prefix, so environments and test runs
 * never share counters.
 */
export class RedisRateLimiter {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(private readonly redis: Redis) {}

  /** Counts one hit against `limit` per `windowMs` (whole seconds, at least one). */
  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const counted = await this.limiter(limit, windowMs).consume(key);
      return {
        allowed: true,
        limit,
        remaining: counted.remainingPoints,
        resetMs: counted.msBeforeNext,
      };
    } catch (refusal) {
      // The library rejects with its result when the budget is spent, with an Error otherwise.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, limit, remaining: 0, resetMs: refusal.msBeforeNext };
    }
  }

  /** Hits counted in the current window, without counting one more. */
  async count(key: string): Promise<number> {
    return (await this.limiter(1, 1000).get(key))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.limiter(1, 1000).delete(key);
  }

  private limiter(limit: number, windowMs: number): RateLimiterRedis {
    const name = `${limit}/${windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: 'rl',
        points: limit,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
