import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AnalyticsExport, Caller, RemovedCounts, UserDeleted } from '@kartlink/contracts';
import { LOGGER, type Logger } from '@kartlink/server-kit';
import { RefsResolver } from '../refs/refs.resolver';
import { AnalyticsAccountsRepository } from './analytics-accounts.repository';

/**
 * A replica may still know a deleted shop for a minute (RefsResolver remembers shops found) and
 * store a visit a moment after the deletion: the deletion runs again once that has passed.
 */
const SECOND_PASS_MS = 90_000;

@Injectable()
export class AnalyticsAccountsService implements OnModuleDestroy {
  private readonly secondPasses = new Set<NodeJS.Timeout>();

  constructor(
    private readonly accounts: AnalyticsAccountsRepository,
    private readonly refs: RefsResolver,
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
    const timer = setTimeout(() => {
      this.secondPasses.delete(timer);
      this.accounts
        .deleteShop(event.shop!.shopId)
        .catch((err: unknown) => this.logger.warn({ err }, 'second pass of a deletion failed'));
    }, SECOND_PASS_MS);
    timer.unref();
    this.secondPasses.add(timer);
    return removed;
  }

  onModuleDestroy() {
    for (const timer of this.secondPasses) clearTimeout(timer);
  }
}
