import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RedisRateLimiter } from './rate-limiter';

/** A Redis client whose every key carries the environment's prefix (REDIS_KEY_PREFIX). */
export function createRedis(url: string, keyPrefix: string, name: string): Redis {
  return new Redis(url, {
    keyPrefix,
    connectionName: name,
    // Fail fast while Redis is away instead of queueing requests forever.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/**
 * Nest providers for a Redis client under `token`, a rate limiter on it, and its clean
 * shutdown when the application closes.
 */
export function redisProviders(token: symbol, configToken: symbol, name: string): Provider[] {
  return [
    {
      provide: token,
      inject: [configToken],
      useFactory: (config: { REDIS_URL: string; REDIS_KEY_PREFIX: string }) =>
        createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, name),
    },
    {
      provide: RedisRateLimiter,
      inject: [token],
      useFactory: (redis: Redis) => new RedisRateLimiter(redis),
    },
    {
      provide: Symbol(`${name} redis shutdown`),
      inject: [token],
      useFactory: (redis: Redis): OnApplicationShutdown => ({
        onApplicationShutdown: async () => {
          await redis.quit().catch(() => redis.disconnect());
        },
      }),
    },
  ];
}
