import type { Redis } from 'ioredis';
import { DailySalt, visitorHash } from './visitor';

describe('visitorHash', () => {
  it('is the same for one address and browser on one salt, and differs otherwise', () => {
    const hash = visitorHash('salt-1', '203.0.113.7', 'Chrome');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('salt-1', '203.0.113.7', 'Chrome')).toBe(hash);
    expect(visitorHash('salt-2', '203.0.113.7', 'Chrome')).not.toBe(hash);
    expect(visitorHash('salt-1', '203.0.113.8', 'Chrome')).not.toBe(hash);
    expect(visitorHash('salt-1', '203.0.113.7', 'Firefox')).not.toBe(hash);
    expect(hash).not.toContain('203');
  });
});

describe('DailySalt', () => {
  /** Enough of Redis for the salt: SET NX with expiry, and GET. */
  function fakeRedis() {
    const store = new Map<string, string>();
    return {
      store,
      redis: {
        set: jest.fn(async (key: string, value: string, ..._flags: unknown[]) => {
          if (!store.has(key)) store.set(key, value);
          return 'OK';
        }),
        get: jest.fn(async (key: string) => store.get(key) ?? null),
      },
    };
  }

  it('shares one salt per reporting day and makes a new one when the day turns', async () => {
    const { redis, store } = fakeRedis();
    const first = new DailySalt(redis as unknown as Redis, 'Asia/Kolkata');
    const second = new DailySalt(redis as unknown as Redis, 'Asia/Kolkata');
    const evening = new Date('2024-03-09T18:29:00Z'); // 23:59 in India
    const saltA = await first.get(evening);
    expect(await second.get(evening)).toBe(saltA); // another replica
    expect(await first.get(evening)).toBe(saltA);
    expect(redis.get).toHaveBeenCalledTimes(2); // held in memory after the first read
    const nextDay = await first.get(new Date('2024-03-09T18:31:00Z'));
    expect(nextDay).not.toBe(saltA);
    expect([...store.keys()]).toEqual([
      'analytics:visitor-salt:2024-03-09',
      'analytics:visitor-salt:2024-03-10',
    ]);
  });

  it('keeps recording with a salt of its own while Redis is away', async () => {
    const redis = { set: jest.fn().mockRejectedValue(new Error('down')), get: jest.fn() };
    const salt = new DailySalt(redis as unknown as Redis, 'UTC');
    const now = new Date('2024-03-09T10:00:00Z');
    const first = await salt.get(now);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await salt.get(now)).toBe(first);
  });
});
