import {
  type DynamicModule,
  Inject,
  Module,
  type ModuleMetadata,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClientNats } from '@nestjs/microservices';
import {
  createRedis,
  LOGGER,
  type Logger,
  natsConnectionOptions,
  RedisRateLimiter,
} from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { HttpErrorFilter } from './http/exception.filter';
import { RequestInterceptor } from './http/request.interceptor';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { ServiceClient } from './services/service-client';
import { GATEWAY_CONFIG, NATS_CLIENT, REDIS } from './tokens';

@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  static register(
    config: GatewayConfig,
    logger: Logger,
    imports: ModuleMetadata['imports'] = [],
  ): DynamicModule {
    return {
      module: GatewayModule,
      imports,
      controllers: [HealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        {
          provide: NATS_CLIENT,
          useFactory: () => new ClientNats(natsConnectionOptions(config.NATS_URL, 'gateway')),
        },
        {
          provide: REDIS,
          useFactory: () => createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, 'gateway'),
        },
        {
          provide: RedisRateLimiter,
          inject: [REDIS],
          useFactory: (redis: Redis) => new RedisRateLimiter(redis),
        },
        ServiceClient,
        HealthService,
        { provide: APP_FILTER, useFactory: () => new HttpErrorFilter(logger) },
        { provide: APP_INTERCEPTOR, useClass: RequestInterceptor },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
