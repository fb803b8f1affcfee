import { Redis } from 'ioredis';

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
