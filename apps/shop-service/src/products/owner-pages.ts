import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

// A safety net only: every change of an owner's products or shop drops their pages at once.
const TTL_SECONDS = 600;
const EPOCH_TTL_SECONDS = 7 * 24 * 3600;
const keys = {
  /** Bumped by each change: a page read before a change is not kept after it. */
  epoch: (userId: string) => `shop:owner-epoch:${userId}`,
  /** Hash: one field per page asked (page, limit, search), the page's JSON as the answer. */
  pages: (userId: string) => `shop:owner-pages:${userId}`,
};

/** Keeps a page only if no change came since its read began (the epoch read with it). */
const STORE = `
local epoch = redis.call('GET', KEYS[1]) or ''
if epoch == ARGV[1] then
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end`;

type WithStore = Redis & {
  storeOwnerPage(
    epochKey: string,
    pagesKey: string,
    epoch: string,
    field: string,
    json: string,
    ttl: number,
  ): Promise<unknown>;
};

/** A page of an owner's products as read: the page's JSON if kept, and the epoch to keep it at. */
export interface OwnerPageRead {
  json?: string;
  epoch: string;
}

/**
 * The pages of the owner's product list and searches they have asked for, kept in Redis as the
 * JSON answered (one round trip, no query, no mapping): a 10,000-product shop's search counts
 * its matches over thousands of rows. Dropped whenever anything they show changes: a product
 * created, changed or deleted, its click count, the shop (its URL is in every short link).
 */
@Injectable()
export class OwnerPages {
  private readonly redis: WithStore;

  /**
   * Owners whose pages a change could not drop (Redis away): not read nor kept until they are
   * dropped, when Redis is ready again.
   */
  private readonly owed = new Set<string>();

  constructor(@Inject(REDIS) redis: Redis) {
    this.redis = redis as WithStore;
    if (!('storeOwnerPage' in redis))
      redis.defineCommand('storeOwnerPage', { numberOfKeys: 2, lua: STORE });
    redis.on('ready', () => {
      const owners = [...this.owed];
      if (owners.length > 0)
        void this.drop(owners).then(
          () => owners.forEach((owner) => this.owed.delete(owner)),
          () => undefined,
        );
    });
  }

  /** A page as kept; with Redis away (or the owner's pages owed a drop), none: a miss. */
  async read(userId: string, field: string): Promise<OwnerPageRead> {
    if (this.owed.has(userId)) return { epoch: 'owed' };
    const results = await this.redis
      .pipeline()
      .get(keys.epoch(userId))
      .hget(keys.pages(userId), field)
      .exec()
      .catch(() => null);
    const [epoch, json] = (results ?? []).map(([err, value]) => (err ? null : value)) as Array<
      string | null
    >;
    return { epoch: epoch ?? '', ...(json ? { json } : {}) };
  }

  /** Keeps a page read at `epoch` (not waited for: the answer does not depend on it). */
  keep(userId: string, field: string, read: OwnerPageRead, json: string) {
    if (this.owed.has(userId)) return;
    void this.redis
      .storeOwnerPage(keys.epoch(userId), keys.pages(userId), read.epoch, field, json, TTL_SECONDS)
      .catch(() => undefined);
  }

  /** Drops every page of these owners (after any change of what their pages show). */
  async forget(...userIds: Array<string | null | undefined>) {
    const owners = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
    await this.drop(owners).catch(() => owners.forEach((owner) => this.owed.add(owner)));
  }

  private async drop(owners: string[]) {
    const multi = this.redis.multi();
    for (const userId of owners)
      multi
        .incr(keys.epoch(userId))
        .expire(keys.epoch(userId), EPOCH_TTL_SECONDS)
        .del(keys.pages(userId));
    const results = await multi.exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (!results || failed) throw failed ?? new Error('the drop of owner pages was discarded');
  }
}
