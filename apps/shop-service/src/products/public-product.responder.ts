import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { queueGroupOf, Subjects } from '@kartlink/contracts';
import { CONFIG, DirectResponder, LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { ProductsService } from './products.service';

/**
 * GET /url/shop/{shopUrl}/{shortCode} as shop-service answers it: a cold read (the gateway's
 * copy gone) costs a Redis round trip, often a query, and on top Nest's per-message machinery,
 * which this plain subscription leaves out (server-kit direct-responder.ts).
 */
@Injectable()
export class PublicProductResponder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly responder: DirectResponder;

  constructor(
    private readonly products: ProductsService,
    private readonly services: NatsRequester,
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.responder = new DirectResponder({
      subject: `${config.NATS_SUBJECT_PREFIX}${Subjects.shop.publicProduct}`,
      queue: queueGroupOf('shop'),
      logger,
      handle: (data) => {
        const { shopUrl, shortCode } = (data ?? {}) as { shopUrl?: unknown; shortCode?: unknown };
        return this.products.publicProduct(String(shopUrl ?? ''), String(shortCode ?? ''));
      },
    });
  }

  async onApplicationBootstrap() {
    this.responder.start(await this.services.connection());
  }

  /** After the Nest server's own drain (NestMicroservice.close), before the pools close. */
  async onModuleDestroy() {
    await this.responder.stop();
  }
}
