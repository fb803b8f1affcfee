import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ANALYTICS_TRACK_SUBJECTS, type TrackedEvent } from '@kartlink/contracts';
import {
  CONFIG,
  consumeDurably,
  type DurableConsumer,
  ensureAnalyticsStream,
  LOGGER,
  type Logger,
  NatsRequester,
} from '@kartlink/server-kit';
import { type JsMsg, StringCodec } from 'nats';
import type { AnalyticsConfig } from '../config';
import { RefsResolver } from '../refs/refs.resolver';
import { type EventRow, readEvent, toRow } from './event-rows';
import { EventsRepository } from './events.repository';

export const STORE_CONSUMER = 'analytics-store';
const RETRY_DELAY_MS = 2000;
/** A store that hangs (database away) holds the shutdown this long, then is left to redelivery. */
const STOP_WAIT_MS = 10_000;
const text = StringCodec();
/** A product page's short code as the gateway passes it on (anything else is no page). */
const SHORT_CODE = /^[A-Za-z0-9-]{1,40}$/;

/** What the consumer has done since it started (logged, and read by tests). */
export interface ConsumerStats {
  stored: number;
  duplicates: number;
  unknownTarget: number;
  malformed: number;
  retried: number;
}

/**
 * Stores the events of the ANALYTICS stream: a durable pull consumer shared by the replicas,
 * read in batches (ANALYTICS_BATCH_SIZE events or ANALYTICS_BATCH_WAIT_MS, whichever first).
 * A batch is resolved to shops with one request to shop-service, written with one insert that
 * skips ids already stored, and acknowledged only after the commit: a crash at any point
 * delivers the batch again, and it is still stored once.
 */
@Injectable()
export class EventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  readonly stats: ConsumerStats = {
    stored: 0,
    duplicates: 0,
    unknownTarget: 0,
    malformed: 0,
    retried: 0,
  };
  private consumer?: DurableConsumer;

  constructor(
    private readonly repository: EventsRepository,
    private readonly refs: RefsResolver,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: AnalyticsConfig,
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
      durable: STORE_CONSUMER,
      filterSubject: `${prefix}${ANALYTICS_TRACK_SUBJECTS}`,
      logger: this.logger,
      batch: {
        size: this.config.ANALYTICS_BATCH_SIZE,
        waitMs: this.config.ANALYTICS_BATCH_WAIT_MS,
      },
      maxAckPending: this.config.ANALYTICS_MAX_ACK_PENDING,
      ackWaitMs: this.config.ANALYTICS_ACK_WAIT_MS,
      retryDelayMs: RETRY_DELAY_MS,
      stopWaitMs: STOP_WAIT_MS,
      handle: (batch) => this.store(batch),
    });
  }

  /**
   * Asks for no more events and stores and acknowledges every one already delivered (none is
   * left to come back after the ack wait).
   */
  async onModuleDestroy() {
    await this.consumer?.stop();
    this.logger.info({ ...this.stats }, 'analytics events consumer stopped');
  }

  /** Stores a batch; throwing has every event of it delivered again after a pause. */
  private async store(batch: JsMsg[]): Promise<void> {
    const events: TrackedEvent[] = [];
    for (const message of batch) {
      const event = readEvent(text.decode(message.data));
      if (event) events.push(event);
      else {
        this.stats.malformed += 1;
        this.logger.warn({ seq: message.seq }, 'malformed analytics event dropped');
      }
    }
    try {
      const known = await this.rowsOf(events);
      const inserted = await this.repository.insertBatch(known.rows);
      this.stats.stored += inserted;
      // Replays in this batch, or of events stored before.
      this.stats.duplicates += known.count - inserted;
    } catch (err) {
      // shop-service or the database is away: everything comes back after a pause.
      this.stats.retried += batch.length;
      throw err;
    }
  }

  /**
   * The rows of the events whose shop (and product) exist; the others are counted and dropped.
   * A visit of a product page is the product's as well, when that page still exists.
   */
  private async rowsOf(events: TrackedEvent[]): Promise<{ rows: EventRow[]; count: number }> {
    const pageOf = (e: TrackedEvent) =>
      e.type === 'shop_view' && e.shopUrl && typeof e.page === 'string' && SHORT_CODE.test(e.page)
        ? `${e.shopUrl}/${e.page.toLowerCase()}`
        : undefined;
    const [{ shops, products }, pages] = await Promise.all([
      this.refs.resolve(
        events.flatMap((e) => (e.type === 'shop_view' && e.shopUrl ? [e.shopUrl] : [])),
        events.flatMap((e) =>
          e.type === 'click' && e.productId ? [e.productId.toLowerCase()] : [],
        ),
      ),
      this.refs.productPages(events.flatMap((e) => pageOf(e) ?? [])),
    ]);
    const rows = new Map<string, EventRow>();
    let count = 0;
    for (const event of events) {
      const product = event.type === 'click' ? products.get(event.productId!.toLowerCase()) : null;
      const shop = event.type === 'shop_view' ? shops.get(event.shopUrl!) : null;
      const page = pageOf(event);
      const target = product
        ? { shopId: product.shopId, ownerUserId: product.ownerUserId, productId: product.productId }
        : shop
          ? {
              shopId: shop.shopId,
              ownerUserId: shop.ownerUserId,
              productId: (page && pages.get(page)) || null,
            }
          : undefined;
      if (!target) {
        this.stats.unknownTarget += 1;
        this.logger.debug(
          { eventId: event.id, type: event.type },
          'event for an unknown shop or product dropped',
        );
        continue;
      }
      const row = toRow(event, target);
      rows.set(row.id, row);
      count += 1;
    }
    return { rows: [...rows.values()], count };
  }
}
