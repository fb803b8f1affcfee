import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CONFIG, LOGGER, type Logger, metrics } from '@kartlink/server-kit';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AnalyticsAccountsRepository } from '../accounts/analytics-accounts.repository';
import type { AnalyticsConfig } from '../config';
import { RollupsService } from './rollups.service';

const ROLLUP_QUEUE = 'analytics-rollups';
const PRUNE_EVERY_MS = 3600_000;

/** BullMQ keys live under the environment's Redis prefix, e.g. "kartlink:bull:analytics-rollups:…". */
const bullPrefix = (redisKeyPrefix: string) => `${redisKeyPrefix}bull`;

/**
 * The jobs of analytics-service, in BullMQ: "fold" every ANALYTICS_FOLD_EVERY_MS, "prune" every
 * hour, and a deleted account's "delete-shop" passes, delayed. Every replica runs a worker;
 * BullMQ gives each run to one of them.
 */
@Injectable()
export class RollupJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue;
  private worker?: Worker;
  private unwatch?: () => void;
  private readonly connections: Redis[] = [];

  constructor(
    private readonly rollups: RollupsService,
    private readonly accounts: AnalyticsAccountsRepository,
    @Inject(CONFIG) private readonly config: AnalyticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const prefix = bullPrefix(this.config.REDIS_KEY_PREFIX);
    const connection = this.redis();
    this.queue = new Queue(ROLLUP_QUEUE, { connection, prefix });
    await this.schedule();
    // The schedules live in Redis: one that came back empty (without persistence) has none, and
    // nothing would fold again until a restart. Upserting them is idempotent: done at each return.
    connection.on('ready', () => {
      this.schedule().catch((err: unknown) =>
        this.logger.warn({ err }, 'rollup schedules not renewed; the next reconnection retries'),
      );
    });
    this.worker = new Worker(ROLLUP_QUEUE, (job: Job) => this.run(job), {
      connection: this.redis(),
      prefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, job: job?.name }, 'rollup job failed; the next run retries'),
    );
    this.worker.on('error', (err) => this.logger.warn({ err }, 'rollup worker error'));
    this.unwatch = metrics.watchQueue(ROLLUP_QUEUE, this.queue, this.worker);
  }

  private async schedule() {
    const template = { opts: { removeOnComplete: 100, removeOnFail: 100 } };
    await this.queue!.upsertJobScheduler(
      'fold',
      { every: this.config.ANALYTICS_FOLD_EVERY_MS },
      { name: 'fold', ...template },
    );
    await this.queue!.upsertJobScheduler(
      'prune',
      { every: PRUNE_EVERY_MS },
      { name: 'prune', ...template },
    );
  }

  /** Waits for the running job to finish, then lets go of Redis. */
  async onModuleDestroy() {
    this.unwatch?.();
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  /**
   * Deletes a deleted shop's figures again after each delay (a click on its way when the shop
   * was deleted may be stored after). Kept in Redis: a restart in between does not skip them;
   * Redis away, this throws and the deletion event is redelivered.
   */
  async deleteShopLater(shopId: string, delaysMs: readonly number[]): Promise<void> {
    // Asked before this app's start made the queue: the event is redelivered a moment later.
    if (!this.queue) throw new Error('the jobs queue is not open yet');
    for (const delay of delaysMs)
      await this.queue.add(
        'delete-shop',
        { shopId },
        {
          delay,
          jobId: `delete-shop-${shopId}-${delay}`,
          attempts: 5,
          backoff: { type: 'exponential', delay: 5000 },
          removeOnComplete: true,
          removeOnFail: 100,
        },
      );
  }

  private async run(job: Job): Promise<number> {
    if (job.name === 'prune') return this.rollups.prune();
    if (job.name !== 'delete-shop') return this.rollups.fold();
    const removed = await this.accounts.deleteShop((job.data as { shopId: string }).shopId);
    const count = Object.values(removed).reduce((sum, n) => sum + n, 0);
    if (count > 0) this.logger.info({ removed }, 'deleted account: late figures removed');
    return count;
  }

  private redis(): Redis {
    const connection = new Redis(this.config.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: 'analytics-service-jobs',
    });
    this.connections.push(connection);
    return connection;
  }
}
