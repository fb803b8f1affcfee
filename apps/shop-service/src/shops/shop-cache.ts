import { Inject, Injectable } from '@nestjs/common';
import { Events, type PublicProduct, type PublicShop } from '@kartlink/contracts';
import { LOGGER, type Logger, metrics, NatsRequester } from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

/** A public read as cached: the shop, or the fact that it is private or missing. */
export type CachedShop =
  | { kind: 'public'; shop: PublicShop }
  | { kind: 'private' }
  | { kind: 'missing' }
  /** Hidden by an admin, or its owner's account disabled: 410 to visitors. */
  | { kind: 'gone' };
export type CachedProduct =
  | { kind: 'found'; product: PublicProduct }
  | { kind: 'missing' }
  /** Past its end: the owner's message, and the shop's page when they chose to send visitors back. */
  | { kind: 'ended'; message: string; redirectTo?: string }
  /** Hidden by an admin: 410 to visitors. */
  | { kind: 'gone' };

/** An entry as Redis holds it (JSON), or undefined when there is none. */
const parsed = <T>(raw: string | null | undefined): T | undefined =>
  raw ? (JSON.parse(raw) as T) : undefined;

/** Counts a public read looked up in Redis (a shop skipped while owed counts as a miss). */
const counted = <T>(raw: T | null | undefined): T | null | undefined => {
  metrics.countCacheLookup('redis', raw !== null && raw !== undefined);
  return raw;
};

// A safety net only: every write deletes the entries it affects at once. A scheduled product's
// start or end is no write: an entry it changes is kept at most until then (`ttlSeconds`).
export const TTL_SECONDS = 600;
const keys = {
  shop: (shopUrl: string) => `shop:public:${shopUrl}`,
  /** The whole list as text (product-list-text.ts). */
  products: (shopUrl: string) => `shop:product-list:${shopUrl}`,
  /**
   * The whole list as the replicas of the release before kept it (JSON): still dropped with the
   * list, so that while both run, theirs never outlives a write carried by this one.
   */
  productsBefore: (shopUrl: string) => `shop:products:${shopUrl}`,
  product: (shopUrl: string, shortCode: string) => `shop:product:${shopUrl}:${shortCode}`,
};

/**
 * Every public read (a shop, its product list, one product) is served from Redis; a hit
 * costs no database query. Writes to a shop or its products delete what they change and
 * announce the shop's change to every gateway replica, before they answer.
 *
 * Redis being away costs speed, never an answer: a read that cannot reach it is a miss (the
 * database answers), a fill is skipped, and a deletion that cannot be made is kept: until it is
 * made, once Redis is back, that shop's reads skip Redis (a Redis that kept its data would
 * otherwise serve what the write changed until the entry expired).
 */
@Injectable()
export class ShopCache {
  /** Shops whose entries a write could not delete: deleted when Redis is ready again. */
  private readonly owed = new Set<string>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly services: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    redis.on('ready', () => void this.settleOwed());
  }

  shop(shopUrl: string) {
    return this.read<CachedShop>(shopUrl, keys.shop(shopUrl));
  }
  setShop(shopUrl: string, value: CachedShop) {
    return this.write(shopUrl, keys.shop(shopUrl), value);
  }

  /** The shop's whole public list as text (product-list-text.ts): kept and answered unparsed. */
  async productsText(shopUrl: string): Promise<string | undefined> {
    if (this.owed.has(shopUrl)) return void counted(undefined);
    return counted(await this.redis.get(keys.products(shopUrl)).catch(() => null)) ?? undefined;
  }
  async setProductsText(shopUrl: string, text: string, ttlSeconds = TTL_SECONDS) {
    if (this.owed.has(shopUrl) || ttlSeconds <= 0) return;
    await this.redis.set(keys.products(shopUrl), text, 'EX', ttlSeconds).catch(() => undefined);
  }

  product(shopUrl: string, shortCode: string) {
    return this.read<CachedProduct>(shopUrl, keys.product(shopUrl, shortCode));
  }
  /** The shop's entry and one product's, in one round trip (MGET). */
  async shopAndProduct(
    shopUrl: string,
    shortCode: string,
  ): Promise<[CachedShop | undefined, CachedProduct | undefined]> {
    if (this.owed.has(shopUrl)) {
      counted(undefined);
      counted(undefined);
      return [undefined, undefined];
    }
    const [shop, product] = await this.redis
      .mget(keys.shop(shopUrl), keys.product(shopUrl, shortCode))
      .catch(() => [null, null]);
    return [parsed<CachedShop>(counted(shop)), parsed<CachedProduct>(counted(product))];
  }
  setProduct(shopUrl: string, shortCode: string, value: CachedProduct, ttlSeconds = TTL_SECONDS) {
    return this.write(shopUrl, keys.product(shopUrl, shortCode), value, ttlSeconds);
  }

  /**
   * After a product write: the shop's list and the product's entries under each code it had,
   * here and in every gateway replica. Answers the shop URL whose reads changed.
   */
  async invalidateProducts(shopUrl: string, ...shortCodes: string[]): Promise<string[]> {
    await this.redis
      .del(
        keys.products(shopUrl),
        keys.productsBefore(shopUrl),
        ...shortCodes.map((code) => keys.product(shopUrl, code)),
      )
      .catch((err: unknown) => this.owe(shopUrl, err));
    await this.announce(shopUrl);
    return [shopUrl];
  }

  /**
   * After a shop write: everything cached under its old and new URL, products included, so
   * that a URL given up and later taken by another shop never shows the old one's entries.
   */
  async invalidateShop(...shopUrls: Array<string | null | undefined>): Promise<string[]> {
    const urls = [...new Set(shopUrls.filter((u): u is string => Boolean(u)))];
    for (const url of urls) {
      await this.deleteShop(url).catch((err: unknown) => this.owe(url, err));
      await this.announce(url);
    }
    return urls;
  }

  private async deleteShop(url: string) {
    const productKeys = await this.scan(
      `${this.redis.options.keyPrefix ?? ''}${keys.product(url, '*')}`,
    );
    await this.redis.del(
      keys.shop(url),
      keys.products(url),
      keys.productsBefore(url),
      ...productKeys,
    );
  }

  private owe(shopUrl: string, err: unknown) {
    this.owed.add(shopUrl);
    this.logger.warn(
      { shopUrl, err: (err as Error).message },
      'cached reads not deleted (Redis away): skipped until deleted once it is back',
    );
  }

  /** Makes the deletions owed; a shop stays owed until its deletion is made. */
  private async settleOwed() {
    for (const url of [...this.owed]) {
      try {
        await this.deleteShop(url);
        this.owed.delete(url);
      } catch {
        return; // Away again: the next 'ready' goes on.
      }
    }
  }

  /** Tells every gateway replica to drop what it holds of this shop. */
  private async announce(shopUrl: string) {
    await this.services.publish(Events.shopChanged, { shopUrl });
  }

  private async read<T>(shopUrl: string, key: string): Promise<T | undefined> {
    if (this.owed.has(shopUrl)) return void counted(undefined);
    return parsed<T>(counted(await this.redis.get(key).catch(() => null)));
  }

  private async write(shopUrl: string, key: string, value: unknown, ttlSeconds = TTL_SECONDS) {
    if (this.owed.has(shopUrl) || ttlSeconds <= 0) return;
    await this.redis.set(key, JSON.stringify(value), 'EX', ttlSeconds).catch(() => undefined);
  }

  /** Keys matching a full pattern, returned without the client's prefix (as del expects them). */
  private async scan(pattern: string): Promise<string[]> {
    const prefix = this.redis.options.keyPrefix ?? '';
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      found.push(...batch.map((key) => key.slice(prefix.length)));
    } while (cursor !== '0');
    return found;
  }
}
