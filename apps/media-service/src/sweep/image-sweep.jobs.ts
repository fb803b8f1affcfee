import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { MediaConfig } from '../config';
import { ImageSweepService, type SweepReport } from './image-sweep.service';

const SWEEP_QUEUE = 'media-image-sweep';
const SCHEDULER = 'sweep';

/**
 * The image sweep as a BullMQ repeatable job, every IMAGE_SWEEP_EVERY_MS: every replica runs a
 * worker, BullMQ gives each run to one of them. IMAGE_SWEEP_DRY_RUN (the default) only logs
 * what would be deleted; `media-cli sweep-images` runs it by hand.
 */
@Injectable()
export class ImageSweepJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue;
  private worker?: Worker;
  private readonly connections: Redis[] = [];

  constructor(
    private readonly sweeper: ImageSweepService,
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const prefix = `${this.config.REDIS_KEY_PREFIX}bull`;
    const connection = this.redis();
    this.queue = new Queue(SWEEP_QUEUE, { connection, prefix });
    await this.schedule();
    // The schedule lives in Redis: one that came back empty (without persistence) has none.
    // Upserting it is idempotent: done again at each reconnection, as the rollups' are.
    connection.on('ready', () => {
      this.schedule().catch((err: unknown) =>
        this.logger.warn(
          { err },
          'image sweep schedule not renewed; the next reconnection retries',
        ),
      );
    });
    this.worker = new Worker(SWEEP_QUEUE, () => this.run(), {
      connection: this.redis(),
      prefix,
      concurrency: 1,
    });
    this.worker.on('failed', (_job, err) =>
      this.logger.warn({ err }, 'image sweep failed; the next run retries'),
    );
    this.worker.on('error', (err) => this.logger.warn({ err }, 'image sweep worker error'));
  }

  private async schedule() {
    if (this.config.IMAGE_SWEEP_EVERY_MS === 0) {
      await this.queue!.removeJobScheduler(SCHEDULER);
      return;
    }
    await this.queue!.upsertJobScheduler(
      SCHEDULER,
      { every: this.config.IMAGE_SWEEP_EVERY_MS },
      { name: SCHEDULER, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  /** Waits for a running sweep to finish, then lets go of Redis. */
  async onModuleDestroy() {
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private async run(): Promise<Omit<SweepReport, 'swept'> & { swept: number }> {
    const report = await this.sweeper.sweep({
      dryRun: this.config.IMAGE_SWEEP_DRY_RUN,
      graceMs: this.config.IMAGE_SWEEP_GRACE_MS,
    });
    // The job's stored result: counts only, not every id.
    return { ...report, swept: report.swept.length };
  }

  private redis(): Redis {
    const connection = new Redis(this.config.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: 'media-service-sweep',
    });
    this.connections.push(connection);
    return connection;
  }
}
