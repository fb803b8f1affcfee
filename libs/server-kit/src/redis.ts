import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { RedisRateLimiter } from './rate-limiter';
import { LOGGER } from './service-module';

/** A Redis client whose every key carries the environment's prefix (REDIS_KEY_PREFIX). */
export function createRedis(url: string, keyPrefix: string, name: string, logger?: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    connectionName: name,
    // Fail fast while Redis is away instead of queueing requests forever.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  if (logger) reportOutages(redis, logger);
  return redis;
}

/**
 * Logs once when Redis goes away and once when it is back, instead of ioredis's "Unhandled
 * error event" on stderr at every reconnection attempt (a client without an error listener).
 */
function reportOutages(redis: Redis, logger: Logger) {
  let away = false;
  redis.on('error', (err: Error) => {
    if (away) return;
    away = true;
    logger.warn({ err: err.message }, 'Redis unreachable; reconnecting');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger.info('Redis reachable again');
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
      inject: [configToken, LOGGER],
      useFactory: (config: { REDIS_URL: string; REDIS_KEY_PREFIX: string }, logger: Logger) =>
        createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, name, logger),
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
