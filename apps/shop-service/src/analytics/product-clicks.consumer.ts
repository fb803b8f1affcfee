import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Events, type ProductClicksChanged } from '@kartlink/contracts';
import { ProductClicksPayload, readPayload } from '@kartlink/contracts/dto';
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
import { OwnerPages } from '../products/owner-pages';
import { ProductsRepository } from '../products/products.repository';

const CLICKS_CONSUMER = 'shop-product-clicks';
const codec = JSONCodec<unknown>();

/**
 * Keeps each product's `clicks` (shown in the owner's product list) in step with the totals
 * analytics-service announces on the ANALYTICS stream. A durable consumer: totals announced
 * while this service was down are applied when it comes back.
 */
@Injectable()
export class ProductClicksConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly products: ProductsRepository,
    private readonly ownerPages: OwnerPages,
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
      durable: CLICKS_CONSUMER,
      filterSubject: `${prefix}${Events.productClicks}`,
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
    let total: ProductClicksChanged | undefined;
    try {
      total = readPayload(ProductClicksPayload, codec.decode(data));
    } catch {
      total = undefined;
    }
    if (!total) {
      this.logger.warn({ seq }, 'malformed click total dropped');
      return;
    }
    const owner = await this.products.setClicks(total.productId, total.clicks);
    if (owner) await this.ownerPages.forget(owner);
  }
}
