import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  type AnalyticsResolveAnswer,
  type AnalyticsResolveRequest,
  normalizeShopUrl,
  queueGroupOf,
  Subjects,
  isUuid,
} from '@kartlink/contracts';
import { CONFIG, DirectResponder, LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { AnalyticsRefsRepository } from './analytics-refs.repository';

const MAX_NAMES = 10_000;

const strings = (value: unknown, keep: (s: string) => boolean = () => true) =>
  (Array.isArray(value) ? value : [])
    .filter((v): v is string => typeof v === 'string' && keep(v))
    .slice(0, MAX_NAMES);

/**
 * For analytics-service only: which shops and products these names are, and whose. Asked with
 * each of an owner's reports (their own shop, afresh), so answered on a plain subscription,
 * outside Nest's per-message machinery (server-kit direct-responder.ts).
 */
@Injectable()
export class AnalyticsRefsResponder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly responder: DirectResponder;

  constructor(
    private readonly refs: AnalyticsRefsRepository,
    private readonly services: NatsRequester,
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.responder = new DirectResponder({
      subject: `${config.NATS_SUBJECT_PREFIX}${Subjects.shop.analyticsResolve}`,
      queue: queueGroupOf('shop'),
      logger,
      handle: (data) => this.resolve(data as AnalyticsResolveRequest),
    });
  }

  async resolve(request: AnalyticsResolveRequest): Promise<AnalyticsResolveAnswer> {
    const shopUrls = strings(request?.shopUrls).map(normalizeShopUrl);
    const ownerUserIds = strings(request?.ownerUserIds, isUuid);
    const productIds = strings(request?.productIds, isUuid);
    const [shops, products] = await Promise.all([
      this.refs.shops({ shopUrls, ownerUserIds }),
      this.refs.products(productIds),
    ]);
    return { shops, products };
  }

  async onApplicationBootstrap() {
    this.responder.start(await this.services.connection());
  }

  /** After the Nest server's own drain (NestMicroservice.close), before the pools close. */
  async onModuleDestroy() {
    await this.responder.stop();
  }
}
