import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type BannersChanged, Events, Subjects } from '@kartlink/contracts';
import {
  CONFIG,
  ensureMediaStream,
  LOGGER,
  type Logger,
  NatsRequester,
  untilJetStreamAnswers,
} from '@kartlink/server-kit';
import { JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MEDIA_NATS } from '../blobs/blob-store.provider';
import type { MediaConfig } from '../config';
import { toBannerList } from './banner.mapper';
import { BannersRepository } from './banners.repository';

const codec = JSONCodec<BannersChanged>();

/**
 * Tells shop-service (and any other listener) an owner's whole banner list after each change,
 * on the MEDIA JetStream stream: a change made while shop-service is down reaches it later.
 * shop-service is also asked to apply it at once, before the change is answered, so that the
 * owner's public shop shows it on the very next read, as every other write does.
 */
@Injectable()
export class BannerEvents implements OnModuleInit {
  constructor(
    @Inject(MEDIA_NATS) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly banners: BannersRepository,
    private readonly services: NatsRequester,
  ) {}

  async onModuleInit() {
    await untilJetStreamAnswers(
      async () =>
        ensureMediaStream(
          await this.connection.jetstreamManager(),
          this.config.NATS_SUBJECT_PREFIX,
          {
            replicas: this.config.JETSTREAM_REPLICAS,
            logger: this.logger,
          },
        ),
      this.logger,
    );
  }

  /**
   * Publishes the owner's list as it stands now. List and counter are read from one snapshot,
   * so the counter always belongs to the list it travels with.
   */
  async announce(userId: string): Promise<void> {
    const event = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const settings = await this.banners.findSettings(userId, manager);
      const list = await this.banners.list(userId, manager);
      return {
        id: randomUUID(),
        userId,
        version: settings?.version ?? 0,
        banners: toBannerList(settings, list),
        occurredAt: new Date().toISOString(),
      } satisfies BannersChanged;
    });
    try {
      await this.connection
        .jetstream()
        .publish(
          `${this.config.NATS_SUBJECT_PREFIX}${Events.bannersChanged}`,
          codec.encode(event),
          {
            msgID: event.id,
          },
        );
    } catch (err) {
      // The change is stored; the next change sends the whole list again.
      this.logger.error({ err, userId, eventId: event.id }, 'banner change not announced');
    }
    try {
      await this.services.request(Subjects.shop.applyBanners, event);
    } catch (err) {
      // The stream's durable consumer applies it when shop-service answers again.
      this.logger.warn({ err, userId, eventId: event.id }, 'banner change not applied at once');
    }
  }
}
