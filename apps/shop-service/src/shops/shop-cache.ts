import { Inject, Injectable } from '@nestjs/common';
import type { PublicShop } from '@kartlink/contracts';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

/** A public read as cached: the shop, or the fact that it is private or missing. */
export type CachedShop =
  { kind: 'public'; shop: PublicShop } | { kind: 'private' } | { kind: 'missing' };

// A safety net only: every write to a shop deletes its entries at once.
const TTL_SECONDS = 600;
const key = (shopUrl: string) => `shop:public:${shopUrl}`;

/** Public reads of shops, served from Redis; a hit costs no database query. */
@Injectable()
export class ShopCache {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async get(shopUrl: string): Promise<CachedShop | undefined> {
    const raw = await this.redis.get(key(shopUrl));
    return raw ? (JSON.parse(raw) as CachedShop) : undefined;
  }

  async set(shopUrl: string, value: CachedShop) {
    await this.redis.set(key(shopUrl), JSON.stringify(value), 'EX', TTL_SECONDS);
  }

  async invalidate(...shopUrls: Array<string | null | undefined>) {
    const keys = [...new Set(shopUrls.filter((u): u is string => Boolean(u)))].map(key);
    if (keys.length) await this.redis.del(...keys);
  }
}
