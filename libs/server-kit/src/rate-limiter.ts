import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

// One round trip: count the hit and start the window on the first one.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/**
 * Fixed-window counters in Redis, shared by every replica. Keys live under the Redis client's
 * own key prefix, so environments and test runs never share counters.
 */
export class RedisRateLimiter {
  constructor(private readonly redis: Redis) {}

  /** Hits counted in the current window, without counting one more. */
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`rl:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, `rl:${key}`, windowMs)) as [number, number];
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: ttl };
  }
}
