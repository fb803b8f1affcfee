import { TypeOrmModule } from '@nestjs/typeorm';
import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import {
  createServiceModule,
  type Logger,
  natsRequesterProvider,
  userDeletedConsumer,
} from '@kartlink/server-kit';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import { AnalyticsRefsResponder } from './analytics/analytics-refs.responder';
import { AnalyticsRefsRepository } from './analytics/analytics-refs.repository';
import { ImportJobs } from './imports/import.jobs';
import { ImportsController } from './imports/imports.controller';
import { ProductImportsService } from './imports/product-imports.service';
import { ImageRefsController } from './images/image-refs.controller';
import { ImageRefsRepository } from './images/image-refs.repository';
import { ProductClicksConsumer } from './analytics/product-clicks.consumer';
import type { ShopConfig } from './config';
import { database, entities } from './database';
import { ModerationController } from './moderation/moderation.controller';
import { ModerationReads } from './moderation/moderation-reads';
import { ModerationService } from './moderation/moderation.service';
import { DomainChecks } from './domains/domain-checks';
import { DomainsController } from './domains/domains.controller';
import { DomainsRepository } from './domains/domains.repository';
import { DomainsService } from './domains/domains.service';
import { OwnerPages } from './products/owner-pages';
import { ProductReads } from './products/product-reads';
import { ProductsController } from './products/products.controller';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';
import { ProductsResponder } from './products/products.responder';
import { ScheduleWatch } from './products/schedule-watch';
import { ShortLinkResolver } from './products/short-links';
import { shopRedisProviders } from './redis.provider';
import { BannersConsumer } from './shops/banners.consumer';
import { ShopCache } from './shops/shop-cache';
import { ShopsController } from './shops/shops.controller';
import { ShopsRepository } from './shops/shops.repository';
import { ShopsService } from './shops/shops.service';
import { WebhookClicksConsumer } from './webhooks/webhook-clicks.consumer';
import { WebhookDeliveries } from './webhooks/webhook-deliveries';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';

export const appModule = (config: ShopConfig, logger: Logger) =>
  createServiceModule({
    service: 'shop',
    config,
    logger,
    database,
    imports: [TypeOrmModule.forFeature(entities)],
    controllers: [
      ShopsController,
      ProductsController,
      ImageRefsController,
      AccountsController,
      ImportsController,
      WebhooksController,
      ModerationController,
      DomainsController,
    ],
    providers: [
      ...shopRedisProviders,
      // Requests to other services (auth-service for a user's plan).
      natsRequesterProvider('shop-service-requests'),
      ShopsRepository,
      ShopCache,
      BannersConsumer,
      ShopsService,
      ProductsRepository,
      ProductReads,
      OwnerPages,
      ShortLinkResolver,
      ProductsService,
      ModerationReads,
      ModerationService,
      ProductsResponder,
      // analytics-service's lookups (each owner report asks one): outside Nest's machinery.
      AnalyticsRefsResponder,
      ScheduleWatch,
      AnalyticsRefsRepository,
      ImageRefsRepository,
      ProductClicksConsumer,
      AccountsRepository,
      AccountsService,
      userDeletedConsumer({
        durable: 'shop-user-deleted',
        applier: AccountsService,
        read: (payload) => readPayload(UserDeletedPayload, payload),
      }),
      ProductImportsService,
      ImportJobs,
      WebhooksRepository,
      WebhookDeliveries,
      WebhooksService,
      WebhookClicksConsumer,
      DomainsRepository,
      DomainsService,
      DomainChecks,
    ],
  });
