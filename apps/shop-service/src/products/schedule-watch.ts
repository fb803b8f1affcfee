import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@kartlink/server-kit';
import { ShopCache } from '../shops/shop-cache';
import { ProductReads } from './product-reads';

/** How often the watch looks for starts and ends that passed: the schedule holds to this. */
const SCHEDULE_WATCH_MS = 5_000;

/**
 * A scheduled product's start or end changes its shop's public reads without any write. Redis
 * entries are kept no longer than the next boundary (their TTL), but every gateway replica's
 * own copies only go when told: this watch finds the boundaries that passed since it last
 * looked (two indexed lookups) and clears those shops' reads everywhere, as a write does.
 * Each replica watches; a shop cleared twice costs a second DEL, nothing else.
 */
@Injectable()
export class ScheduleWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private since: Date | null = null;
  private running = false;

  constructor(
    private readonly reads: ProductReads,
    private readonly cache: ShopCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), SCHEDULE_WATCH_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Clears the reads of the shops whose products started or ended since the last look. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const { now, passed } = await this.reads.boundariesPassed(this.since);
      const byShop = new Map<string, string[]>();
      for (const { shopUrl, shortCode } of passed)
        byShop.set(shopUrl, [...(byShop.get(shopUrl) ?? []), shortCode]);
      for (const [shopUrl, codes] of byShop) await this.cache.invalidateProducts(shopUrl, ...codes);
      this.since = now;
    } catch (err) {
      // Looked at again next time from the same moment: nothing that passed is skipped.
      this.logger.warn({ err: (err as Error).message }, 'schedule watch could not look');
    } finally {
      this.running = false;
    }
  }
}
