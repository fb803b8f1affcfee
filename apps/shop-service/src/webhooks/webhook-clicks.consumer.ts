import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Events, type TrackedEvent, type WebhookClick } from '@kartlink/contracts';
import {
  CONFIG,
  consumeDurably,
  type DurableConsumer,
  ensureAnalyticsStream,
  LOGGER,
  type Logger,
  NatsRequester,
} from '@kartlink/server-kit';
import { JSONCodec } from 'nats';
import type { ShopConfig } from '../config';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhooksRepository } from './webhooks.repository';

const WEBHOOK_CLICKS_CONSUMER = 'shop-webhook-clicks';
const codec = JSONCodec<unknown>();

/** A recorded click as an endpoint receives it; nothing for what is not a person's click. */
function toClick(value: unknown): WebhookClick | undefined {
  const e = value as Partial<TrackedEvent> | null;
  if (!e || e.type !== 'click' || typeof e.id !== 'string' || typeof e.productId !== 'string')
    return undefined;
  // A prefetch or link preview is kept by analytics but is no one's click.
  if (e.prefetch === true || typeof e.occurredAt !== 'string') return undefined;
  return {
    id: e.id,
    productId: e.productId,
    occurredAt: e.occurredAt,
    platform: e.platform ?? null,
    device: e.device ?? null,
    browser: e.browser ?? null,
    referrer: e.referrer ?? null,
    bot: e.bot === true,
  };
}

/**
 * click.recorded: the clicks the gateway records on the ANALYTICS stream, read by a durable
 * consumer of their own, kept per subscribed endpoint (by click id: a redelivered event is kept
 * once) and sent in batches (WebhookDeliveries.addClicks). Acknowledged once kept.
 */
@Injectable()
export class WebhookClicksConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveries,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    this.consumer = await consumeDurably({
      connection: await this.services.connection(),
      stream: (manager) =>
        ensureAnalyticsStream(manager, prefix, {
          replicas: this.config.JETSTREAM_REPLICAS,
          logger: this.logger,
        }),
      durable: WEBHOOK_CLICKS_CONSUMER,
      filterSubject: `${prefix}${Events.analyticsClick}`,
      logger: this.logger,
      batch: { size: 200, waitMs: 100 },
      handle: async (messages) => {
        const clicks: WebhookClick[] = [];
        for (const message of messages) {
          let click: WebhookClick | undefined;
          try {
            click = toClick(codec.decode(message.data));
          } catch {
            click = undefined;
          }
          if (click) clicks.push(click);
        }
        await this.keep(clicks);
      },
    });
  }

  async onModuleDestroy() {
    await this.consumer?.stop();
  }

  private async keep(clicks: WebhookClick[]) {
    if (clicks.length === 0) return;
    const owners = await this.webhooks.productOwners([...new Set(clicks.map((c) => c.productId))]);
    const userIds = [...new Set(owners.values())];
    if (userIds.length === 0) return;
    const endpoints = await this.webhooks.subscribed(userIds, 'click.recorded');
    const rows = clicks.flatMap((click) =>
      endpoints
        // Only clicks made once the endpoint existed (the stream keeps a week of them).
        .filter(
          (e) =>
            e.userId === owners.get(click.productId) &&
            new Date(click.occurredAt).getTime() >= e.createdAt.getTime(),
        )
        .map((e) => ({ endpointId: e.id, click })),
    );
    await this.deliveries.addClicks(rows);
  }
}
