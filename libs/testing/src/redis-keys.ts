import Redis from 'ioredis';

/** Escapes Redis glob characters, so that a key prefix matches only itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** Runs `fn` with a short-lived client that does not retry forever. */
export async function withRedis<T>(url: string, fn: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    return await fn(redis);
  } finally {
    redis.disconnect();
  }
}

/** Every key matching the glob `match`, by SCAN (never KEYS, which blocks the server). */
export async function scanKeys(redis: Redis, match: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Deletes every key that starts with `prefix`; returns how many there were. */
export function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  return withRedis(url, async (redis) => {
    const keys = await scanKeys(redis, `${escapeGlob(prefix)}*`);
    for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
    return keys.length;
  });
}
