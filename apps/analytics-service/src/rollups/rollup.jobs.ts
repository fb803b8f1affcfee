import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CONFIG, LOGGER, type Logger, metrics } from '@kartlink/server-kit';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { AnalyticsConfig } from '../config';
import { RollupsService } from './rollups.service';

const ROLLUP_QUEUE = 'analytics-rollups';
const PRUNE_EVERY_MS = 3600_000;

/** BullMQ keys live under the environment's Redis prefix, e.g. "kartlink:bull:analytics-rollups:…". */
const bullPrefix = (redisKeyPrefix: string) => `${redisKeyPrefix}bull`;

/**
 * The repeatable jobs of analytics-service, in BullMQ: "fold" every ANALYTICS_FOLD_EVERY_MS
 * and "prune" every hour. Every replica runs a worker; BullMQ gives each run to one of them.
 */
@Injectable()
export class RollupJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue;
  private worker?: Worker;
  private unwatch?: () => void;
  private readonly connections: Redis[] = [];

  constructor(
    private readonly rollups: RollupsService,
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

  private run(job: Job): Promise<number> {
    return job.name === 'prune' ? this.rollups.prune() : this.rollups.fold();
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
