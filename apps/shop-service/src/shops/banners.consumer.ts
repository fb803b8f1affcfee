import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type BannersChanged, Events } from '@kartlink/contracts';
import { BannersChangedPayload, readPayload } from '@kartlink/contracts/dto';
import {
  CONFIG,
  consumeDurably,
  type DurableConsumer,
  ensureMediaStream,
  LOGGER,
  type Logger,
  NatsRequester,
} from '@kartlink/server-kit';
import { JSONCodec } from 'nats';
import type { ShopConfig } from '../config';
import { ShopCache } from './shop-cache';
import { ShopsRepository } from './shops.repository';

const BANNERS_CONSUMER = 'shop-banners';
const codec = JSONCodec<unknown>();

/**
 * Copies each owner's banner list, as media-service announces it on the MEDIA stream, onto
 * their shop, so that the public shop read carries its carousel without asking media-service.
 * Durable: changes announced while this service was down are applied when it is back; an
 * announcement older than the one applied is ignored.
 */
@Injectable()
export class BannersConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly shops: ShopsRepository,
    private readonly cache: ShopCache,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    this.consumer = await consumeDurably({
      connection: await this.services.connection(),
      stream: (manager) =>
        ensureMediaStream(manager, prefix, {
          replicas: this.config.JETSTREAM_REPLICAS,
          logger: this.logger,
        }),
      durable: BANNERS_CONSUMER,
      filterSubject: `${prefix}${Events.bannersChanged}`,
      logger: this.logger,
      handle: async (messages) => {
        for (const message of messages) await this.apply(message.data, message.seq);
      },
    });
  }

  async onModuleDestroy() {
    await this.consumer?.stop();
  }

  private async apply(data: Uint8Array, seq: number) {
    let event: BannersChanged | undefined;
    try {
      event = readPayload(BannersChangedPayload, codec.decode(data));
    } catch {
      event = undefined;
    }
    if (!event) {
      this.logger.warn({ seq }, 'malformed banner change dropped');
      return;
    }
    await this.applyChange(event);
  }

  /**
   * Puts the list on the owner's shop unless a newer one is there already, and clears the
   * shop's cached reads (here and in every gateway) so that they show the new carousel. Run
   * twice for each change (media-service asks before it answers; the stream delivers it too):
   * the second finds its version applied and writes nothing.
   */
  async applyChange(event: BannersChanged): Promise<void> {
    // Applied already, perhaps by the other path a moment ago, which may not have cleared the
    // caches yet: they are cleared here too before answering, so the answer never runs ahead.
    const shopUrl =
      (await this.shops.setBanners(event.userId, event.banners, event.version)) ??
      (await this.shops.findByOwner(event.userId))?.shopUrl;
    if (shopUrl) await this.cache.invalidateShop(shopUrl);
  }
}
