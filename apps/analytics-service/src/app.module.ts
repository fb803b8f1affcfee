import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import {
  createServiceModule,
  type Logger,
  natsRequesterProvider,
  userDeletedConsumer,
} from '@kartlink/server-kit';
import { AnalyticsAccountsController } from './accounts/analytics-accounts.controller';
import { AnalyticsAccountsRepository } from './accounts/analytics-accounts.repository';
import { AnalyticsAccountsService } from './accounts/analytics-accounts.service';
import type { AnalyticsConfig } from './config';
import { database } from './database';
import { EventsConsumer } from './events/events.consumer';
import { EventsRepository } from './events/events.repository';
import { RefsResolver } from './refs/refs.resolver';
import { ReportsCache } from './reports/reports-cache';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsResponder } from './reports/reports.responder';
import { ReportsService } from './reports/reports.service';
import { ShopChanges } from './refs/shop-changes';
import { RollupJobs } from './rollups/rollup.jobs';
import { RollupsRepository } from './rollups/rollups.repository';
import { RollupsService } from './rollups/rollups.service';

export const appModule = (config: AnalyticsConfig, logger: Logger) =>
  createServiceModule({
    service: 'analytics',
    config,
    logger,
    database,
    controllers: [AnalyticsAccountsController],
    providers: [
      // Requests to shop-service: which shop and owner an event or a reader belongs to.
      natsRequesterProvider('analytics-service-requests'),
      RefsResolver,
      EventsRepository,
      EventsConsumer,
      RollupsRepository,
      RollupsService,
      RollupJobs,
      ReportsRepository,
      ReportsCache,
      // Shop-service's announced changes: the products CSV is kept until its titles change.
      ShopChanges,
      ReportsService,
      // The owner's reports: outside Nest's per-message machinery.
      ReportsResponder,
      AnalyticsAccountsRepository,
      AnalyticsAccountsService,
      userDeletedConsumer({
        durable: 'analytics-user-deleted',
        applier: AnalyticsAccountsService,
        read: (payload) => readPayload(UserDeletedPayload, payload),
      }),
    ],
  });
