import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsExport, Caller, RemovedCounts, UserDeleted } from '@kartlink/contracts';
import { LOGGER, type Logger } from '@kartlink/server-kit';
import { RefsResolver } from '../refs/refs.resolver';
import { RollupJobs } from '../rollups/rollup.jobs';
import { AnalyticsAccountsRepository } from './analytics-accounts.repository';

/**
 * The deletion runs again after these delays: a visit or click published just before it may be
 * stored just after (it was in a batch already), and a replica may still know the deleted shop
 * and its products for a minute (RefsResolver remembers what it found) and store a click made
 * on a page left open. Delayed jobs in Redis (RollupJobs), so a restart skips none.
 */
const LATER_PASSES_MS = [5_000, 75_000];

@Injectable()
export class AnalyticsAccountsService {
  constructor(
    private readonly accounts: AnalyticsAccountsRepository,
    private readonly refs: RefsResolver,
    private readonly jobs: RollupJobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async export(caller: Caller): Promise<AnalyticsExport> {
    const shop = await this.refs.shopOfOwner(caller.userId);
    return shop ? this.accounts.export(shop.shopId) : { shopDaily: [], productMonthly: [] };
  }

  /** Deletes the figures of the deleted owner's shop (nothing to do without one). */
  async applyUserDeleted(event: UserDeleted): Promise<RemovedCounts> {
    if (!event.shop) return {};
    const removed = await this.accounts.deleteShop(event.shop.shopId);
    this.logger.info({ eventId: event.id, removed }, 'deleted account: figures removed');
    await this.jobs.deleteShopLater(event.shop.shopId, LATER_PASSES_MS);
    return removed;
  }
}
