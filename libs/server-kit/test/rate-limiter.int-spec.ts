import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RedisRateLimiter } from '../src/rate-limiter';
import { createRedis } from '../src/redis';

// Every budget of every service: the hits of one turn of the event loop are counted in one
// Redis round trip, and still each on its own, in order, in fixed-window counters.

const prefix = process.env.REDIS_KEY_PREFIX!;
const redis = createRedis(process.env.REDIS_URL!, prefix, 'rate-limiter-test');
const limiter = new RedisRateLimiter(redis);
const WINDOW_MS = 60_000;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}rl:batch-test:*`);
  if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  await redis.quit();
});

it('counts each of the hits that arrive in one turn, in the order they came', async () => {
  const busy = `batch-test:${randomUUID()}`;
  const other = `batch-test:${randomUUID()}`;
  // Asked in the same turn: one batch.
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, () => limiter.hit(busy, 5, WINDOW_MS)),
    limiter.hit(other, 5, WINDOW_MS),
  ]);
  expect(answers.slice(0, 8).map((a) => [a.allowed, a.remaining])).toEqual([
    [true, 4],
    [true, 3],
    [true, 2],
    [true, 1],
    [true, 0],
    [false, 0],
    [false, 0],
    [false, 0],
  ]);
  expect(answers[8]).toMatchObject({ allowed: true, remaining: 4, limit: 5 });
  for (const { resetMs } of answers) {
    expect(resetMs).toBeGreaterThan(WINDOW_MS - 5000);
    expect(resetMs).toBeLessThanOrEqual(WINDOW_MS);
  }
  // Refused hits count too, as with RedisRateLimiter; the window expires in Redis.
  expect(await redis.get(`rl:${busy}`)).toBe('8');
  expect(await redis.pttl(`rl:${busy}`)).toBeGreaterThan(WINDOW_MS - 5000);
  // The next turn goes on from there.
  expect(await limiter.hit(other, 5, WINDOW_MS)).toMatchObject({ allowed: true, remaining: 3 });
});

it('counts and resets a budget without counting a hit', async () => {
  const key = `batch-test:${randomUUID()}`;
  await Promise.all([limiter.hit(key, 5, WINDOW_MS), limiter.hit(key, 5, WINDOW_MS)]);
  expect(await limiter.count(key)).toBe(2);
  expect(await limiter.count(key)).toBe(2);
  await limiter.reset(key);
  expect(await limiter.count(key)).toBe(0);
  expect(await limiter.hit(key, 5, WINDOW_MS)).toMatchObject({ allowed: true, remaining: 4 });
});

it('fails every hit of the turn when Redis cannot answer (the route then lets them through)', async () => {
  const away = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  const unreachable = new RedisRateLimiter(away);
  const hits = await Promise.allSettled([
    unreachable.hit('batch-test:a', 5, WINDOW_MS),
    unreachable.hit('batch-test:b', 5, WINDOW_MS),
  ]);
  expect(hits.map((hit) => hit.status)).toEqual(['rejected', 'rejected']);
  away.disconnect();
});
