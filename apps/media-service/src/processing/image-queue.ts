import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import {
  CONFIG,
  currentTraceCarrier,
  LOGGER,
  type Logger,
  metrics,
  traceJob,
} from '@kartlink/server-kit';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { MediaConfig } from '../config';
import { configureSharp } from './image-pipeline';
import { ImageJobs } from './image-jobs';
import { IMAGE_QUEUE, IMAGE_VARIANTS_QUEUE, type PrimaryJob, type VariantsJob } from './jobs';
import { WorkSlots } from './work-slots';

type ImageJob = Job<PrimaryJob | VariantsJob, void, string>;

/**
 * How long the slot of a primary job just done waits for the next upload before variants may
 * take it: an uploader's next photo of a batch comes back within this time on a busy replica.
 */
const PRIMARY_SLOT_HOLD_MS = 1000;
/** How often an upload waiting for its primary job checks that Redis still has the job. */
const JOB_CHECK_MS = 2000;
/**
 * The longest a variants job waits behind uploads: then it takes the next free slot, so the
 * thumbnails and WebP copies of a busy replica's photos still come within seconds.
 */
const VARIANTS_MAX_WAIT_MS = 10_000;

/**
 * The image queues in Redis and this replica's workers. A bounded number of images is
 * processed at once (MEDIA_WORKER_CONCURRENCY), so one large image never stalls the rest.
 * A worker that dies mid-job stops renewing its lock; another (or the restarted one) finds
 * the job stalled within seconds and runs it again.
 *
 * Primary jobs (an upload waits for each) and variants jobs (thumbnail, medium, WebP copies,
 * share card: made in the background) have a queue and a worker each, sharing this replica's
 * work slots (WorkSlots): a primary job is always taken at once, never left in Redis behind
 * variants jobs holding the worker, and runs before variants waiting for a slot.
 */
@Injectable()
export class ImageQueue implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private queue!: Queue;
  private variantsQueue!: Queue;
  private events!: QueueEvents;
  private worker?: Worker;
  private variantsWorker?: Worker;
  private slots!: WorkSlots;
  private readonly unwatch: Array<() => void> = [];
  /**
   * The bytes of uploads this replica has read and queued, by job id, for its own workers: the
   * job that runs here takes them instead of reading the upload from the blob store again. A
   * job run by another replica (or a retry after a restart) reads the blob, as before.
   */
  private readonly uploads = new Map<string, { bytes?: Buffer; arrived?: () => void }>();

  constructor(
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly jobs: ImageJobs,
  ) {}

  async onModuleInit() {
    // BullMQ needs its own connections (blocking reads, no per-request retry limit), and
    // namespaces its keys itself: under this environment's Redis key prefix.
    const connection = { url: this.config.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = `${this.config.REDIS_KEY_PREFIX}bull`;
    configureSharp(1);
    this.slots = new WorkSlots(
      this.config.MEDIA_WORKER_CONCURRENCY,
      PRIMARY_SLOT_HOLD_MS,
      VARIANTS_MAX_WAIT_MS,
    );
    const defaultJobOptions = {
      attempts: 3,
      backoff: { type: 'exponential', delay: 500 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600, count: 1000 },
    };
    this.queue = new Queue(IMAGE_QUEUE, { connection, prefix, defaultJobOptions });
    this.variantsQueue = new Queue(IMAGE_VARIANTS_QUEUE, { connection, prefix, defaultJobOptions });
    this.events = new QueueEvents(IMAGE_QUEUE, { connection, prefix });
    await Promise.all([
      this.queue.waitUntilReady(),
      this.variantsQueue.waitUntilReady(),
      this.events.waitUntilReady(),
    ]);
    const worker = (queue: string) => {
      // Each job in a span of its own, a child of the request's that queued it (tracing on).
      const run = (job: ImageJob) => traceJob(queue, job.data.trace, () => this.run(job));
      const started = new Worker(queue, run, {
        connection,
        prefix,
        concurrency: this.config.MEDIA_WORKER_CONCURRENCY,
        lockDuration: this.config.MEDIA_JOB_LOCK_MS,
        stalledInterval: this.config.MEDIA_STALLED_CHECK_MS,
        maxStalledCount: 2,
      });
      started.on('failed', (job, err) =>
        this.logger.warn(
          { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, err: err.message },
          'image job failed',
        ),
      );
      started.on('error', (err) => this.logger.error({ err }, 'image worker error'));
      return started;
    };
    const primaries = worker(IMAGE_QUEUE);
    const variants = worker(IMAGE_VARIANTS_QUEUE);
    await Promise.all([primaries.waitUntilReady(), variants.waitUntilReady()]);
    this.unwatch.push(
      metrics.watchQueue(IMAGE_QUEUE, this.queue, primaries),
      metrics.watchQueue(IMAGE_VARIANTS_QUEUE, this.variantsQueue, variants),
    );
    this.worker = primaries;
    this.variantsWorker = variants;
  }

  /** Stop taking jobs and let the running ones finish, while the database is still open. */
  async beforeApplicationShutdown() {
    for (const unwatch of this.unwatch.splice(0)) unwatch();
    await Promise.all([this.worker?.close(), this.variantsWorker?.close()]);
  }

  async onApplicationShutdown() {
    await this.events?.close();
    await Promise.all([this.queue?.close(), this.variantsQueue?.close()]);
  }

  /**
   * An upload on its way to a primary job on this replica (being read and checked): a work
   * slot that frees meanwhile is kept for it. Call the answer when it is refused; a queued
   * job's arrival ends when the job runs here, or when processPrimary ends.
   */
  arrival(): () => void {
    return this.slots.arrival();
  }

  /**
   * Queues a primary job and waits for its end. Rejects with the job's failure reason; on
   * timeout, a job not yet started is withdrawn. `upload`: the incoming blob's bytes, already
   * read, for this replica's worker to use; `arrived`: the upload's arrival (arrival()).
   */
  async processPrimary(
    data: PrimaryJob,
    timeoutMs: number,
    upload?: Buffer,
    arrived?: () => void,
  ): Promise<void> {
    this.uploads.set(data.imageId, { bytes: upload, arrived });
    const deadline = Date.now() + timeoutMs;
    const queued: PrimaryJob = { ...data, trace: currentTraceCarrier() };
    try {
      let job = await this.queue.add('primary', queued, { jobId: data.imageId });
      // Waited for in steps: a Redis that restarted empty has forgotten the job (its end would
      // never come), so between steps it is looked for, and queued again when gone. Running it
      // twice is safe: a run that finds the image stored stops (ImageJobs.primary).
      for (;;) {
        try {
          await job.waitUntilFinished(
            this.events,
            Math.max(1, Math.min(JOB_CHECK_MS, deadline - Date.now())),
          );
          return;
        } catch (err) {
          if (!/timed out/i.test((err as Error).message)) throw err;
          if (Date.now() >= deadline) {
            await job.remove().catch(() => undefined);
            throw err;
          }
          // Redis away meanwhile: no answer, the job is looked for at the next step.
          const state = await this.queue.getJobState(data.imageId).catch(() => undefined);
          if (state === 'unknown') {
            this.logger.warn({ imageId: data.imageId }, 'primary job lost by Redis: queued again');
            job = await this.queue.add('primary', queued, { jobId: data.imageId }).catch(() => job);
          }
        }
      }
    } finally {
      this.uploads.delete(data.imageId);
      arrived?.();
    }
  }

  /**
   * Queues the variants of a stored image one of which is missing (uploaded before share cards
   * or medium variants were made). Nothing while the image's variants are being made already; a
   * job that failed stays failed (kept a day) rather than being run again at every ask.
   */
  async queueMissingVariants(imageId: string): Promise<void> {
    // A job still to run, or failed: not queued again. A completed one may be (a variant gone).
    const pending = async (id: string) => {
      const job = await this.variantsQueue.getJob(id);
      const state = job ? await job.getState() : 'unknown';
      if (state === 'completed') await job!.remove();
      return state !== 'completed' && state !== 'unknown';
    };
    const jobId = `missing-${imageId}`;
    if ((await pending(`v-${imageId}`)) || (await pending(jobId))) return;
    await this.variantsQueue.add('variants', { imageId, trace: currentTraceCarrier() }, { jobId });
  }

  private async run(job: ImageJob) {
    // A variants job in the image queue: queued there by a replica from before the variants queue.
    if (job.name === 'variants')
      return this.slots.run('variants', () =>
        metrics.timeImageProcessing('variants', () => this.jobs.variants(job.data as VariantsJob)),
      );
    const data = job.data as PrimaryJob;
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const local = this.uploads.get(data.imageId);
    // Taken here: the slot kept for its upload is its own, or it waits first in line.
    await this.slots.run(
      'primary',
      () =>
        metrics.timeImageProcessing('primary', () =>
          this.jobs.primary(data, finalAttempt, local?.bytes),
        ),
      local?.arrived,
    );
    // Thumbnail, medium, WebP copies and share card follow in the background, one job per image.
    await this.variantsQueue.add(
      'variants',
      { imageId: data.imageId, trace: currentTraceCarrier() },
      { jobId: `v-${data.imageId}` },
    );
  }
}
