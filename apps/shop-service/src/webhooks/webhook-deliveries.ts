import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  Subjects,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookClick,
  type WebhookDeliveryEvent,
  type WebhookEventBody,
} from '@kartlink/contracts';
import {
  CONFIG,
  hostList,
  LOGGER,
  type Logger,
  metrics,
  NatsRequester,
  OutboundError,
  outboundRequest,
  type OutboundPolicy,
} from '@kartlink/server-kit';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { ShopConfig } from '../config';
import { REDIS } from '../redis.provider';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { signatureHeader } from './webhook-signature';
import { type NewDelivery, WebhooksRepository } from './webhooks.repository';

const DELIVERY_QUEUE = 'shop-webhook-deliveries';
const CLICK_QUEUE = 'shop-webhook-clicks';
/** click.recorded: at most one delivery a second per endpoint, with the clicks since the last. */
const CLICK_BATCH_MS = 1000;
const USER_AGENT = 'Kartlink-Webhooks/1.0 (+https://github.com/kartlink)';

interface DeliveryJob {
  deliveryId: string;
}
interface ClickFlushJob {
  endpointId: string;
}

/** The JSON of an event, as it is signed and sent. */
export function eventBody(event: WebhookDeliveryEvent, eventId: string, data: unknown): string {
  const body: WebhookEventBody = {
    id: eventId,
    type: event,
    createdAt: new Date().toISOString(),
    data,
  };
  return JSON.stringify(body);
}

/** Why an attempt failed, in the log's words. */
function attemptError(err: unknown, timeoutMs: number): string {
  if (err instanceof OutboundError) {
    if (err.failure === 'timed-out') return `Timed out after ${timeoutMs / 1000} s`;
    if (err.failure === 'private-address') return 'Refused: the address is on a private network';
    return `Could not connect: ${err.message}`.slice(0, 300);
  }
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/**
 * Sends deliveries as BullMQ jobs (one per delivery, retried with exponential backoff,
 * WEBHOOK_ATTEMPTS × WEBHOOK_BACKOFF_MS ≈ a day), one delivery of a chain at a time (see
 * WebhooksRepository.startNext): the next delivery of a product starts once the one before
 * succeeded or finally failed. Also batches click.recorded per endpoint.
 */
@Injectable()
export class WebhookDeliveries implements OnApplicationBootstrap, OnModuleDestroy {
  private queue?: Queue<DeliveryJob>;
  private clicks?: Queue<ClickFlushJob>;
  private workers: Worker[] = [];
  private unwatch?: () => void;
  private readonly connections: Redis[] = [];
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly services: NatsRequester,
    @Inject(REDIS) private readonly shared: Redis,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.policy = { allowHosts: hostList(config.WEBHOOK_ALLOW_HTTP_HOSTS), userAgent: USER_AGENT };
  }

  onApplicationBootstrap() {
    const prefix = `${this.config.REDIS_KEY_PREFIX}bull`;
    this.queue = new Queue(DELIVERY_QUEUE, { connection: this.redis(), prefix });
    this.clicks = new Queue(CLICK_QUEUE, { connection: this.redis(), prefix });
    const deliveries = new Worker<DeliveryJob>(DELIVERY_QUEUE, (job) => this.attempt(job), {
      connection: this.redis(),
      prefix,
      // Each job waits on an endpoint (up to WEBHOOK_TIMEOUT_MS), not on this process.
      concurrency: 20,
    });
    const flushes = new Worker<ClickFlushJob>(CLICK_QUEUE, (job) => this.flushClicks(job), {
      connection: this.redis(),
      prefix,
      concurrency: 5,
    });
    for (const worker of [deliveries, flushes])
      worker.on('error', (err) => this.logger.warn({ err }, 'webhook worker error'));
    // A delivery's failed attempt is in its log; a batch of clicks that could not be made is not.
    flushes.on('failed', (job, err) =>
      this.logger.warn({ err, endpointId: job?.data.endpointId }, 'webhook clicks not batched'),
    );
    this.workers = [deliveries, flushes];
    this.unwatch = metrics.watchQueue(DELIVERY_QUEUE, this.queue, deliveries);
  }

  async onModuleDestroy() {
    this.unwatch?.();
    await Promise.all(this.workers.map((w) => w.close()));
    await this.queue?.close();
    await this.clicks?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  /** Adds deliveries and starts those first in their chain. */
  async add(deliveries: NewDelivery[]) {
    await this.webhooks.addDeliveries(deliveries);
    const chains = new Map(deliveries.map((d) => [`${d.endpointId} ${d.chain}`, d]));
    for (const d of chains.values()) await this.advance(d.endpointId, d.chain);
    // The log keeps a month: each new delivery drops what fell out of it (an index range).
    for (const endpointId of new Set(deliveries.map((d) => d.endpointId)))
      await this.webhooks.prune(endpointId);
  }

  /** Clicks for endpoints: kept, and sent within a second (one flush per endpoint a second). */
  async addClicks(rows: Array<{ endpointId: string; click: WebhookClick }>) {
    await this.webhooks.addPendingClicks(rows);
    for (const endpointId of new Set(rows.map((r) => r.endpointId)))
      await this.scheduleFlush(endpointId);
  }

  private async scheduleFlush(endpointId: string, notBefore = 0) {
    const now = Date.now() + notBefore;
    const slot = Math.floor(now / CLICK_BATCH_MS) + 1;
    // One job an endpoint a slot: the clicks of the slot wait for its end, then go together.
    await this.clicks!.add(
      'flush',
      { endpointId },
      {
        jobId: `${endpointId}-${slot}`,
        delay: slot * CLICK_BATCH_MS - Date.now(),
        removeOnComplete: { age: 60 },
        removeOnFail: { age: 3600 },
      },
    );
  }

  private async flushClicks(job: Job<ClickFlushJob>) {
    const { endpointId } = job.data;
    const endpoint = await this.webhooks.findEndpoint(endpointId);
    if (!endpoint?.enabled) return;
    // A second apart at least, whichever replica and slot: else the clicks wait for the next.
    const gate = `webhook-clicks-sent:${endpointId}`;
    if (!(await this.shared.set(gate, '1', 'PX', CLICK_BATCH_MS, 'NX'))) {
      await this.scheduleFlush(endpointId, Math.max(await this.shared.pttl(gate), 0));
      return;
    }
    const id = randomUUID();
    const delivery = await this.webhooks.takePendingClicks(endpointId, (clicks) => {
      const eventId = randomUUID();
      return {
        id,
        endpointId,
        userId: endpoint.userId,
        chain: 'clicks',
        eventId,
        event: 'click.recorded',
        body: eventBody('click.recorded', eventId, { clicks }),
      };
    });
    if (delivery) {
      await this.advance(endpointId, 'clicks');
      await this.webhooks.prune(endpointId);
    }
    // A click kept while this ran (another replica's slot) is not left behind.
    if (await this.webhooks.hasPendingClicks(endpointId)) await this.scheduleFlush(endpointId);
  }

  /** Starts the next delivery of a chain, if none of it is under way. */
  async advance(endpointId: string, chain: string) {
    const next = await this.webhooks.startNext(endpointId, chain);
    if (!next) return;
    await this.queue!.add(
      'deliver',
      { deliveryId: next },
      {
        jobId: next,
        attempts: this.config.WEBHOOK_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.WEBHOOK_BACKOFF_MS },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 3600 },
      },
    );
  }

  /** One attempt of a delivery; throwing has BullMQ retry it after the backoff. */
  private async attempt(job: Job<DeliveryJob>) {
    const delivery = await this.webhooks.findDelivery(job.data.deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await this.webhooks.findEndpoint(delivery.endpointId);
    if (!endpoint?.enabled) {
      await this.webhooks.updateDelivery(delivery.id, {
        status: 'failed',
        nextRetryAt: null,
        error: 'Endpoint disabled',
      });
      return;
    }
    const attempt = job.attemptsMade + 1;
    const started = Date.now();
    let status: number | undefined;
    let error: string | null = null;
    try {
      status = await this.send(
        endpoint,
        delivery.id,
        delivery.eventId,
        delivery.event,
        delivery.body,
      );
      if (status < 200 || status >= 300) error = `The endpoint answered ${status}`;
    } catch (err) {
      error = attemptError(err, this.config.WEBHOOK_TIMEOUT_MS);
    }
    const latencyMs = Date.now() - started;
    if (!error) {
      await this.webhooks.updateDelivery(delivery.id, {
        status: 'succeeded',
        attempts: attempt,
        responseStatus: status ?? null,
        latencyMs,
        error: null,
        nextRetryAt: null,
        deliveredAt: new Date(),
      });
      if (endpoint.failingSince) await this.webhooks.markHealthy(endpoint.id);
      await this.advance(delivery.endpointId, delivery.chain);
      return;
    }
    const last = attempt >= this.config.WEBHOOK_ATTEMPTS;
    const failingSince = await this.webhooks.markFailing(endpoint.id);
    const disabled =
      failingSince !== undefined &&
      Date.now() - failingSince.getTime() >= this.config.WEBHOOK_DISABLE_AFTER_MS &&
      (await this.disable(endpoint, failingSince));
    const retryIn = this.config.WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1);
    await this.webhooks.updateDelivery(delivery.id, {
      status: last || disabled ? 'failed' : 'pending',
      attempts: attempt,
      responseStatus: status ?? null,
      latencyMs,
      error,
      nextRetryAt: last || disabled ? null : new Date(Date.now() + retryIn),
    });
    if (disabled) return;
    if (last) {
      await this.advance(delivery.endpointId, delivery.chain);
      return;
    }
    throw new Error(error);
  }

  /** POSTs the body, signed now; answers the status. No redirect is followed. */
  private async send(
    endpoint: WebhookEndpointEntity,
    deliveryId: string,
    eventId: string,
    event: WebhookDeliveryEvent,
    body: string,
  ): Promise<number> {
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await outboundRequest(
      new URL(endpoint.url),
      {
        method: 'POST',
        deadline: Date.now() + this.config.WEBHOOK_TIMEOUT_MS,
        // The answer's body is never read: its status is the endpoint's whole answer.
        maxBytes: 0,
        accept: 'application/json',
        body: Buffer.from(body),
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
          'Kartlink-Event': event,
          'Kartlink-Event-Id': eventId,
          'Kartlink-Delivery': deliveryId,
        },
      },
      this.policy,
    );
    return answer.status;
  }

  private async disable(endpoint: WebhookEndpointEntity, failingSince: Date): Promise<boolean> {
    const reason = `Every delivery failed since ${failingSince.toISOString()}`;
    const disabled = await this.webhooks.disable(endpoint.id, reason);
    if (!disabled) return false;
    this.logger.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled after failing');
    await this.services
      .request(Subjects.auth.webhookDisabledMail, {
        userId: endpoint.userId,
        url: endpoint.url,
        failingSince: failingSince.toISOString(),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'webhook disabled notice not sent'));
    return true;
  }

  private redis(): Redis {
    const connection = new Redis(this.config.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: 'shop-service-webhooks',
    });
    this.connections.push(connection);
    return connection;
  }
}
