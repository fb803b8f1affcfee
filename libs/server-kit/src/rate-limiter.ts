import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * One script run for every counter of a batch: each counter (`rl:<key>`) is created at 0
 * expiring with its window, then incremented by its hits (rate-limiter-flexible's layout, which
 * earlier versions kept, so that replicas of any version share one budget). KEYS: the counters;
 * ARGV: for each, its window in seconds and its hits. Answers, per counter, its count and the
 * milliseconds left in its window.
 */
const HITS_SCRIPT = `
local answers = {}
for i, key in ipairs(KEYS) do
  local seconds = ARGV[2 * i - 1]
  redis.call('set', key, 0, 'EX', seconds, 'NX')
  local count = redis.call('incrby', key, ARGV[2 * i])
  local ttl = redis.call('pttl', key)
  if ttl == -1 then
    redis.call('expire', key, seconds)
    ttl = 1000 * seconds
  end
  answers[i] = {count, ttl}
end
return answers`;
const HITS_SHA = createHash('sha1').update(HITS_SCRIPT).digest('hex');

interface Hit {
  limit: number;
  resolve: (result: RateLimitResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Fixed-window counters in Redis, shared by every replica, with one round trip for all the hits
 * of a turn of the event loop instead of one per request: under load a gateway counts dozens in
 * a turn (the tracking calls come by the thousand a second), and a command written per request
 * was a sixth of its time at the click benchmark. A hit waits at most for the end of the turn
 * it came in; every hit counts, refused ones too, in the order they came, exactly as one
 * command each would. Keys (`rl:<key>`) live under the Redis client's own key prefix, so
 * environments and test runs never share counters.
 */
export class RedisRateLimiter {
  private pending = new Map<string, { seconds: number; hits: Hit[] }>();

  constructor(private readonly redis: Redis) {}

  /** Counts one hit against `limit` per `windowMs` (whole seconds, at least one). */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => void this.flush());
      const counter = `rl:${key}`;
      const hit = { limit, resolve, reject };
      const entry = this.pending.get(counter);
      if (entry) entry.hits.push(hit);
      else
        this.pending.set(counter, {
          seconds: Math.max(1, Math.ceil(windowMs / 1000)),
          hits: [hit],
        });
    });
  }

  /** Hits counted in the current window, without counting one more. */
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`rl:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const keys = [...batch.keys()];
    const args = [...batch.values()].flatMap(({ seconds, hits }) => [seconds, hits.length]);
    let answers: Array<[number, number]>;
    try {
      answers = (await this.redis
        .evalsha(HITS_SHA, keys.length, ...keys, ...args)
        .catch((err: unknown) =>
          err instanceof Error && err.message.startsWith('NOSCRIPT')
            ? this.redis.eval(HITS_SCRIPT, keys.length, ...keys, ...args)
            : Promise.reject(err),
        )) as Array<[number, number]>;
    } catch (err) {
      for (const { hits } of batch.values()) for (const { reject } of hits) reject(err);
      return;
    }
    keys.forEach((key, i) => {
      const [count, resetMs] = answers[i]!;
      const { hits } = batch.get(key)!;
      // This batch's hits were the last ones counted, in the order they came.
      hits.forEach(({ limit, resolve }, j) => {
        const counted = count - hits.length + j + 1;
        resolve({
          allowed: counted <= limit,
          limit,
          remaining: Math.max(0, limit - counted),
          resetMs,
        });
      });
    });
  }
}
