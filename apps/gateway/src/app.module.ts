import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClientNats } from '@nestjs/microservices';
import {
  LOGGER,
  type Logger,
  natsConnectionOptions,
  natsCredentials,
  redisProviders,
} from '@kartlink/server-kit';
import { AccountController } from './account/account.controller';
import { AccountExporter } from './account/account-export';
import { AdminController } from './admin/admin.controller';
import { AdminGuard } from './admin/admin.guard';
import { ReportsController } from './admin/reports.controller';
import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsRecorder } from './analytics/analytics-recorder';
import { AccessTokenVerifier } from './auth/access-token.verifier';
import { ApiKeyCache } from './auth/api-key-cache';
import { ApiKeysController } from './auth/api-keys.controller';
import { AuthController } from './auth/auth.controller';
import { SessionsController } from './auth/sessions.controller';
import { AuthGuard } from './auth/auth.guard';
import { GoogleController } from './auth/google.controller';
import { SessionCookies } from './auth/session-cookies';
import type { GatewayConfig } from './config';
import { BannersController } from './media/banners.controller';
import { blobStoreProvider } from './media/blob-store.provider';
import { MediaUploads } from './media/media-uploads';
import { PhotosController } from './media/photos.controller';
import { ProductsController } from './products/products.controller';
import { PublicReadCache } from './public/public-read-cache';
import { TapTokens } from './store-routing/tap-tokens';
import { QrCodes } from './share/qr-codes';
import { ShopsController } from './shops/shops.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { ProfileController } from './users/profile.controller';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { HttpErrorFilter } from './http/exception.filter';
import { RequestInterceptor } from './http/request.interceptor';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { ServiceClient } from './services/service-client';
import { CustomHosts } from './domains/custom-hosts';
import { DomainsController } from './domains/domains.controller';
import { GATEWAY_CONFIG, NATS_CLIENT, REDIS } from './tokens';

@Module({})
export class GatewayModule {
  static register(
    config: GatewayConfig,
    logger: Logger,
    imports: ModuleMetadata['imports'] = [],
  ): DynamicModule {
    return {
      module: GatewayModule,
      imports,
      controllers: [
        HealthController,
        AuthController,
        SessionsController,
        GoogleController,
        ProfileController,
        AdminController,
        ReportsController,
        ShopsController,
        WebhooksController,
        ProductsController,
        AnalyticsController,
        PhotosController,
        BannersController,
        AccountController,
        ApiKeysController,
        DomainsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        {
          provide: NATS_CLIENT,
          // No async traces: nats.js would otherwise capture a stack (an Error) for every
          // request, a JetStream publish of each click included (a twentieth of the gateway's
          // time at the click benchmark); a timeout still says which subject timed out.
          useFactory: () =>
            new ClientNats({
              ...natsConnectionOptions(config.NATS_URL, 'gateway', natsCredentials(config)),
              noAsyncTraces: true,
            }),
        },
        ...redisProviders(REDIS, GATEWAY_CONFIG, 'gateway'),
        ServiceClient,
        PublicReadCache,
        CustomHosts,
        TapTokens,
        QrCodes,
        AnalyticsRecorder,
        blobStoreProvider,
        MediaUploads,
        AccessTokenVerifier,
        ApiKeyCache,
        AuthGuard,
        AdminGuard,
        SessionCookies,
        AccountExporter,
        HealthService,
        { provide: APP_FILTER, useFactory: () => new HttpErrorFilter(logger) },
        { provide: APP_INTERCEPTOR, useClass: RequestInterceptor },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
