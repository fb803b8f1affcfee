import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  type Caller,
  ImportMessages,
  type ImportResult,
  type ImportRowResult,
  type ImportSource,
  type ImportStatus,
  type ProductBody,
} from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger, metrics } from '@kartlink/server-kit';
import { type Job, Queue, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ShopConfig } from '../config';

const IMPORT_QUEUE = 'shop-product-imports';
/** Rows worked on together: their images fetched side by side, then saved under one lock. */
const CHUNK = 20;
/** A finished import's result is answered this long (the page that started it polls). */
const KEEP_SECONDS = 24 * 3600;

/** What an import job carries: the rows that passed the preview's checks, and those that did not. */
export interface ImportJobData {
  caller: Caller;
  source: ImportSource;
  rows: Array<{ row: number; body: ProductBody; imageUrl: string }>;
  refused: ImportRowResult[];
}

/** Imports one chunk of a job's rows (ProductImportsService.importChunk). */
type ChunkWork = (data: ImportJobData, rows: ImportJobData['rows']) => Promise<ImportRowResult[]>;

interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Bulk imports as BullMQ jobs (queue "shop-product-imports" under the environment's Redis
 * prefix): every replica runs a worker; a job's progress is the rows done, polled by the page.
 */
@Injectable()
export class ImportJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue<ImportJobData, ImportResult>;
  private worker?: Worker<ImportJobData, ImportResult>;
  private unwatch?: () => void;
  private readonly connections: Redis[] = [];
  private chunkWork?: ChunkWork;
  private closing = false;

  constructor(
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    const prefix = `${this.config.REDIS_KEY_PREFIX}bull`;
    this.queue = new Queue(IMPORT_QUEUE, { connection: this.redis(), prefix });
    this.worker = new Worker(IMPORT_QUEUE, (job) => this.run(job), {
      connection: this.redis(),
      prefix,
      concurrency: 2,
      // A job whose replica went away is failed, not run again from its first row: rows without
      // a short code would be added twice. The owner imports the file again.
      maxStalledCount: 0,
    });
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, jobId: job?.id }, 'product import failed'),
    );
    this.worker.on('error', (err) => this.logger.warn({ err }, 'product import worker error'));
    this.unwatch = metrics.watchQueue(IMPORT_QUEUE, this.queue, this.worker);
  }

  /** What imports the rows: set once, before the first job runs (at bootstrap). */
  work(chunkWork: ChunkWork) {
    this.chunkWork = chunkWork;
  }

  async add(data: ImportJobData): Promise<string> {
    const jobId = randomUUID();
    await this.queue!.add('import', data, {
      jobId,
      removeOnComplete: { age: KEEP_SECONDS },
      removeOnFail: { age: KEEP_SECONDS },
    });
    return jobId;
  }

  /** A job's state for its owner; undefined for a job that is not theirs or not kept. */
  async status(userId: string, jobId: string): Promise<ImportStatus | undefined> {
    if (typeof jobId !== 'string' || !/^[0-9a-f-]{36}$/.test(jobId)) return undefined;
    // The state first, then the job: read the other way round, a job completing in between
    // would be answered completed with the result it did not have yet.
    const state = await this.queue!.getJobState(jobId);
    const job = await this.queue!.getJob(jobId);
    if (!job || job.data.caller.userId !== userId) return undefined;
    const progress = job.progress as ImportProgress | number;
    const total = job.data.rows.length + job.data.refused.length;
    const done = typeof progress === 'object' ? progress.done : 0;
    return {
      jobId,
      state: state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting',
      done: state === 'completed' ? total : done,
      total,
      ...(state === 'completed' ? { result: job.returnvalue } : {}),
      ...(state === 'failed' ? { error: ImportMessages.stopped } : {}),
    };
  }

  private async run(job: Job<ImportJobData, ImportResult>): Promise<ImportResult> {
    const { rows, refused } = job.data;
    const total = rows.length + refused.length;
    const results: ImportRowResult[] = [...refused];
    await job.updateProgress({ done: refused.length, total } satisfies ImportProgress);
    for (let i = 0; i < rows.length; i += CHUNK) {
      // Shutting down: stop between chunks (what is done stays done) rather than hold the exit.
      if (this.closing) throw new Error('stopped by shutdown');
      results.push(...(await this.chunkWork!(job.data, rows.slice(i, i + CHUNK))));
      await job.updateProgress({ done: results.length, total } satisfies ImportProgress);
    }
    results.sort((a, b) => a.row - b.row);
    return {
      created: results.filter((r) => r.outcome === 'created').length,
      updated: results.filter((r) => r.outcome === 'updated').length,
      failed: results.filter((r) => r.outcome === 'failed').length,
      rows: results,
    };
  }

  /** Lets running imports finish their current chunk, then lets go of Redis. */
  async onModuleDestroy() {
    this.closing = true;
    this.unwatch?.();
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private redis(): Redis {
    const connection = new Redis(this.config.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: 'shop-service-imports',
    });
    this.connections.push(connection);
    return connection;
  }
}
