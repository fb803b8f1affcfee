import { type HotCount, HotCounter, HotHistogram } from './hot-metrics';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type Metric,
} from 'prom-client';

/**
 * The Prometheus metrics every app exports (prom-client). Each family is made on first use, so
 * that an app lists the families it has: the gateway no queue, media-service no HTTP route.
 * Label values are bounded: route patterns (never a URL), status codes, NATS subjects without
 * the environment's prefix (static, from libs/contracts), error codes (ErrorCode), stream,
 * consumer and queue names from code.
 *
 * Hot paths keep the labelled child of each label set (Maps keyed by the values as they come):
 * after the first request of a route, an observation costs a few Map lookups and prom-client's
 * bucket search, no string built.
 */
export const MetricNames = {
  /** Histogram {method, route, status}: the gateway's HTTP requests. */
  httpRequestDuration: 'kartlink_http_request_duration_seconds',
  /** Histogram {subject}: requests an app sent over NATS, answered or not. */
  natsRequestDuration: 'kartlink_nats_request_duration_seconds',
  /** Counter {subject, code}: those that failed (ErrorCode, SERVICE_TIMEOUT for no answer). */
  natsRequestErrors: 'kartlink_nats_request_errors_total',
  /** Histogram {subject}: requests a service handled. */
  natsHandleDuration: 'kartlink_nats_handle_duration_seconds',
  /** Counter {subject, code}: those whose handler failed. */
  natsHandleErrors: 'kartlink_nats_handle_errors_total',
  /** Counter {cache: memory|redis, result: hit|miss}: public reads looked up in a cache. */
  publicReadCache: 'kartlink_public_read_cache_lookups_total',
  /** Histogram {subject}: a JetStream publication until the stream acknowledged it. */
  jetstreamPublishDuration: 'kartlink_jetstream_publish_duration_seconds',
  /** Counter {subject}: publications not acknowledged (no stream, timeout, refused). */
  jetstreamPublishFailures: 'kartlink_jetstream_publish_failures_total',
  /** Gauge {stream, consumer}: messages of the stream the durable consumer has yet to be given. */
  consumerPending: 'kartlink_jetstream_consumer_pending_messages',
  /** Gauge {stream, consumer}: messages given out and not yet acknowledged. */
  consumerAckPending: 'kartlink_jetstream_consumer_ack_pending_messages',
  /** Gauge {queue, state: waiting|delayed|active|failed}: BullMQ jobs in each state. */
  queueJobs: 'kartlink_queue_jobs',
  /** Counter {queue}: jobs this replica's worker found stalled (a worker died or hung). */
  queueStalledJobs: 'kartlink_queue_stalled_jobs_total',
  /** Counter {queue}: job attempts that failed on this replica. */
  queueFailedJobs: 'kartlink_queue_failed_jobs_total',
  /** Histogram {job: primary|variants}: media-service's work on one image. */
  imageProcessingDuration: 'kartlink_image_processing_duration_seconds',
  /** Gauge: 1 when this replica is ready (as its /readyz answers), checked at each scrape. */
  ready: 'kartlink_ready',
  /** Gauge {check: nats|database|redis}: 1 when that dependency answers this replica. */
  dependencyUp: 'kartlink_dependency_up',
} as const;

/**
 * prom-client's default metrics (collectDefaultMetrics) that the dashboard and alerts read:
 * kept in this list so that the deploy check knows them too.
 */
const DEFAULT_METRIC_NAMES = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_heap_size_total_bytes',
  'nodejs_active_handles_total',
  'nodejs_gc_duration_seconds',
] as const;

/** Every metric family an app may export: Kartlink's own and prom-client's defaults. */
export const EXPORTED_METRIC_NAMES: readonly string[] = [
  ...Object.values(MetricNames),
  ...DEFAULT_METRIC_NAMES,
];

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const IMAGE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];
/** A scrape waits this long for a consumer's or a queue's numbers, then reports without them. */
const COLLECT_TIMEOUT_MS = 2000;

type Observer = { observe(value: number): void };

/** What the lag of a durable consumer is read from (nats.js's Consumer.info()). */
export interface ConsumerInfoSource {
  info(cached?: boolean): Promise<{ num_pending: number; num_ack_pending: number }>;
}

/** What a queue's depth is read from (BullMQ's Queue). */
export interface JobCountSource {
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

/** A BullMQ worker's events, as far as the metrics listen to them. */
export interface WorkerEvents {
  on(event: 'stalled' | 'failed', listener: (...args: never[]) => void): unknown;
}

const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/** The metrics of one process, in one registry. Tests make their own; apps use `metrics`. */
export class AppMetrics {
  readonly registry = new Registry();
  private subjectPrefix = '';
  private defaultsOn = false;
  private readonly families = new Map<string, unknown>();
  private readonly consumers = new Map<
    string,
    { stream: string; consumer: string; source: ConsumerInfoSource }
  >();
  private readonly queues = new Map<string, JobCountSource>();
  private readonly httpChildren = new Map<string, Map<string, Map<number, Observer>>>();
  private readonly natsRequestChildren = new Map<string, Observer>();
  private readonly natsHandleChildren = new Map<string, Observer>();
  private readonly publishChildren = new Map<string, Observer>();
  private readonly cacheChildren = new Map<string, [miss: HotCount, hit: HotCount]>();

  /**
   * Strips the app's NATS subject prefix from subject labels and turns prom-client's default
   * metrics on. Which app a series comes from is the scrape's target label (`app`: the
   * PodMonitor and deploy/prometheus/prometheus.yml set it), not a label of the app's own.
   */
  init(options: { subjectPrefix?: string; defaults?: boolean } = {}): this {
    this.subjectPrefix = options.subjectPrefix ?? '';
    if (options.defaults !== false && !this.defaultsOn) {
      collectDefaultMetrics({ register: this.registry });
      this.defaultsOn = true;
    }
    return this;
  }

  /** The Prometheus text of every family. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One HTTP request of the gateway; `route` is the route's pattern ("unmatched" for none). */
  observeHttp(method: string, route: string, status: number, seconds: number) {
    let byMethod = this.httpChildren.get(route);
    if (!byMethod) this.httpChildren.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) {
      child = this.hotHistogram(
        MetricNames.httpRequestDuration,
        'HTTP requests of the gateway, by route pattern and status',
        LATENCY_BUCKETS,
      ).series({ method, route, status: String(status) });
      byStatus.set(status, child);
    }
    child.observe(seconds);
  }

  /** A NATS request this app sent (subject as in libs/contracts, or prefixed: stripped). */
  observeNatsRequest(subject: string, seconds: number, errorCode?: string) {
    this.observeSubject(
      this.natsRequestChildren,
      MetricNames.natsRequestDuration,
      'NATS requests sent, by subject, until answered or failed',
      subject,
      seconds,
    );
    // Listed from the first request on, so that a dashboard shows no error as 0 errors.
    const errors = this.counter(
      MetricNames.natsRequestErrors,
      'NATS requests sent that failed, by subject and error code',
      ['subject', 'code'],
    );
    if (errorCode) errors.inc({ subject: this.unprefixed(subject), code: errorCode });
  }

  /** A NATS request this service handled. */
  observeNatsHandled(subject: string, seconds: number, errorCode?: string) {
    this.observeSubject(
      this.natsHandleChildren,
      MetricNames.natsHandleDuration,
      'NATS requests handled, by subject',
      subject,
      seconds,
    );
    // Listed from the first request on, so that a dashboard shows no error as 0 errors.
    const errors = this.counter(
      MetricNames.natsHandleErrors,
      'NATS requests handled that failed, by subject and error code',
      ['subject', 'code'],
    );
    if (errorCode) errors.inc({ subject: this.unprefixed(subject), code: errorCode });
  }

  /** A public read looked up in the gateway's memory or shop-service's Redis. */
  countCacheLookup(cache: 'memory' | 'redis', hit: boolean) {
    let children = this.cacheChildren.get(cache);
    if (!children) {
      const counter = this.hotCounter(
        MetricNames.publicReadCache,
        'Public reads looked up in a cache, by cache and result',
      );
      children = [
        counter.series({ cache, result: 'miss' }),
        counter.series({ cache, result: 'hit' }),
      ];
      this.cacheChildren.set(cache, children);
    }
    children[hit ? 1 : 0].inc();
  }

  /** A JetStream publication, acknowledged (`failed` false) or not, after `seconds`. */
  observeJetStreamPublish(subject: string, seconds: number, failed: boolean) {
    const failures = this.counter(
      MetricNames.jetstreamPublishFailures,
      'JetStream publications not acknowledged, by subject',
      ['subject'],
    );
    this.observeSubject(
      this.publishChildren,
      MetricNames.jetstreamPublishDuration,
      'JetStream publications until acknowledged or failed, by subject',
      subject,
      seconds,
      // At 0 from the first publication: increase() then sees the first failure.
      (label) => failures.inc({ subject: label }, 0),
    );
    if (failed) failures.inc({ subject: this.unprefixed(subject) });
  }

  /** Reports the lag of a durable consumer at each scrape, until the function returned is called. */
  watchConsumer(stream: string, consumer: string, source: ConsumerInfoSource): () => void {
    const key = `${stream}\u0000${consumer}`;
    const entry = { stream, consumer, source };
    this.consumers.set(key, entry);
    const consumers = this.consumers;
    // prom-client collects the families of a scrape at once: both read one answer per consumer.
    const read = shared(() =>
      Promise.all(
        [...consumers.values()].map(async ({ stream: s, consumer: c, source: info }) => {
          const answer = await withTimeout(info.info(), COLLECT_TIMEOUT_MS).catch(() => undefined);
          return { labels: { stream: s, consumer: c }, answer };
        }),
      ),
    );
    const collectWith = (pick: (a: { num_pending: number; num_ack_pending: number }) => number) =>
      async function collect(this: Gauge) {
        const infos = await read();
        this.reset();
        for (const { labels, answer } of infos) if (answer) this.set(labels, pick(answer));
      };
    this.gauge(
      MetricNames.consumerPending,
      'Messages of the stream a durable JetStream consumer has yet to be given (its lag)',
      ['stream', 'consumer'],
      collectWith((a) => a.num_pending),
    );
    this.gauge(
      MetricNames.consumerAckPending,
      'Messages given to a durable JetStream consumer and not yet acknowledged',
      ['stream', 'consumer'],
      collectWith((a) => a.num_ack_pending),
    );
    return () => {
      if (consumers.get(key) === entry) consumers.delete(key);
    };
  }

  /**
   * Reports a BullMQ queue's jobs by state at each scrape, and counts its worker's stalled and
   * failed jobs; the function returned stops reporting the queue.
   */
  watchQueue(name: string, queue: JobCountSource, worker?: WorkerEvents): () => void {
    this.queues.set(name, queue);
    const queues = this.queues;
    this.gauge(
      MetricNames.queueJobs,
      'BullMQ jobs by queue and state',
      ['queue', 'state'],
      async function collect(this: Gauge) {
        this.reset();
        await Promise.all(
          [...queues].map(async ([queueName, source]) => {
            const counts = await withTimeout(
              source.getJobCounts(...QUEUE_STATES),
              COLLECT_TIMEOUT_MS,
            ).catch(() => undefined);
            if (!counts) return;
            for (const state of QUEUE_STATES)
              this.set({ queue: queueName, state }, counts[state] ?? 0);
          }),
        );
      },
    );
    if (worker) {
      const stalled = this.counter(
        MetricNames.queueStalledJobs,
        'BullMQ jobs found stalled by this replica (their worker died or hung)',
        ['queue'],
      );
      const failed = this.counter(
        MetricNames.queueFailedJobs,
        'BullMQ job attempts that failed on this replica',
        ['queue'],
      );
      // Present at 0 from the start, so that rate() and increase() see the first one.
      stalled.inc({ queue: name }, 0);
      failed.inc({ queue: name }, 0);
      worker.on('stalled', () => stalled.inc({ queue: name }));
      worker.on('failed', () => failed.inc({ queue: name }));
    }
    return () => {
      if (queues.get(name) === queue) queues.delete(name);
    };
  }

  /** Reports readiness (kartlink_ready, kartlink_dependency_up) at each scrape, from `check`. */
  watchReadiness(
    check: () => Promise<{ ready: boolean; checks: Record<string, { ok: boolean }> }>,
  ) {
    const read = shared(() =>
      check().catch(() => ({ ready: false, checks: {} as Record<string, { ok: boolean }> })),
    );
    this.gauge(
      MetricNames.ready,
      'Whether this replica is ready (1) or not (0), as its /readyz answers',
      [],
      async function collect(this: Gauge) {
        this.set((await read()).ready ? 1 : 0);
      },
    );
    this.gauge(
      MetricNames.dependencyUp,
      'Whether a dependency answers this replica (1) or not (0), by check',
      ['check'],
      async function collect(this: Gauge) {
        const report = await read();
        this.reset();
        for (const [name, { ok }] of Object.entries(report.checks))
          this.set({ check: name }, ok ? 1 : 0);
      },
    );
  }

  /** Times one image's processing (a primary or a variants job). */
  async timeImageProcessing<T>(job: 'primary' | 'variants', work: () => Promise<T>): Promise<T> {
    const histogram = this.histogram(
      MetricNames.imageProcessingDuration,
      'media-service work on one image, by job',
      ['job'],
      IMAGE_BUCKETS,
    );
    const end = histogram.startTimer({ job });
    try {
      return await work();
    } finally {
      end();
    }
  }

  private observeSubject(
    children: Map<string, Observer>,
    name: string,
    help: string,
    subject: string,
    seconds: number,
    first?: (label: string) => void,
  ) {
    let child = children.get(subject);
    if (!child) {
      const label = this.unprefixed(subject);
      child = this.hotHistogram(name, help, LATENCY_BUCKETS).series({ subject: label });
      children.set(subject, child);
      first?.(label);
    }
    child.observe(seconds);
  }

  private unprefixed(subject: string): string {
    return this.subjectPrefix && subject.startsWith(this.subjectPrefix)
      ? subject.slice(this.subjectPrefix.length)
      : subject;
  }

  private histogram<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    buckets: number[],
  ): Histogram<L> {
    return this.family(
      name,
      () => new Histogram({ name, help, labelNames, buckets, registers: [this.registry] }),
    );
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return this.family(
      name,
      () => new Counter({ name, help, labelNames, registers: [this.registry] }),
    );
  }

  private gauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect?: (this: Gauge<L>) => Promise<void>,
  ): Gauge<L> {
    return this.family(
      name,
      () =>
        new Gauge({
          name,
          help,
          labelNames,
          registers: [this.registry],
          ...(collect ? { collect } : {}),
        }),
    );
  }

  /** A family of the hot paths (hot-metrics.ts), registered as prom-client's own are. */
  private hotHistogram(name: string, help: string, buckets: number[]): HotHistogram {
    return this.family(name, () => {
      const family = new HotHistogram(name, help, buckets);
      this.registry.registerMetric(family as unknown as Metric);
      return family;
    });
  }

  private hotCounter(name: string, help: string): HotCounter {
    return this.family(name, () => {
      const family = new HotCounter(name, help);
      this.registry.registerMetric(family as unknown as Metric);
      return family;
    });
  }

  private family<M>(name: string, make: () => M): M {
    let family = this.families.get(name) as M | undefined;
    if (!family) {
      family = make();
      this.families.set(name, family);
    }
    return family;
  }
}

/**
 * `load` shared by the callers that ask while it runs: the collectors of one scrape, which
 * prom-client runs at once, get one answer; the next scrape loads again.
 */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= load().finally(() => {
      running = undefined;
    });
    return running;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The metrics of this process. */
export const metrics = new AppMetrics();
