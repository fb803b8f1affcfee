import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type Caller, type ProductListQuery, queueGroupOf, Subjects } from '@kartlink/contracts';
import { CONFIG, DirectResponder, LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { ProductsService } from './products.service';

/**
 * The hottest reads of products as shop-service answers them, on plain subscriptions
 * (server-kit direct-responder.ts) without Nest's per-message machinery, a good part of a small
 * read's cost: GET /url/shop/{shopUrl}/{shortCode} (a cold read, the gateway's copy gone, costs
 * a Redis round trip and often a query) and the owner's product list (a page kept in Redis, or
 * one query).
 */
@Injectable()
export class ProductsResponder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly responders: DirectResponder[];

  constructor(
    products: ProductsService,
    private readonly services: NatsRequester,
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    const answer = (subject: string, handle: (data: unknown) => Promise<unknown>) =>
      new DirectResponder({
        subject: `${config.NATS_SUBJECT_PREFIX}${subject}`,
        queue: queueGroupOf('shop'),
        logger,
        handle,
      });
    this.responders = [
      answer(Subjects.shop.publicProduct, (data) => {
        const { shopUrl, shortCode } = (data ?? {}) as { shopUrl?: unknown; shortCode?: unknown };
        return products.publicProduct(String(shopUrl ?? ''), String(shortCode ?? ''));
      }),
      answer(Subjects.shop.listProducts, (data) => {
        const { caller, query } = data as { caller: Caller; query: ProductListQuery };
        return products.list(caller, query ?? {});
      }),
    ];
  }

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    for (const responder of this.responders) responder.start(connection);
  }

  /** After the Nest server's own drain (NestMicroservice.close), before the pools close. */
  async onModuleDestroy() {
    await Promise.all(this.responders.map((responder) => responder.stop()));
  }
}
