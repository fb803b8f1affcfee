import type { DynamicModule, ModuleMetadata } from '@nestjs/common';
import { Controller, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { type ServiceHealth, type ServiceName, Subjects } from '@kartlink/contracts';
import type { ConfigOf } from '@kartlink/config';
import type { DataSource } from 'typeorm';
import { checkDatabase, serviceDataSourceOptions, type ServiceDatabaseOptions } from './database';
import type { Logger } from './logger';
import { RpcErrorFilter, RpcRequestInterceptor } from './rpc';
import type { serviceEnvSchema } from './service-config';

export const LOGGER = Symbol('LOGGER');
export const CONFIG = Symbol('CONFIG');

export type ServiceConfig = ConfigOf<typeof serviceEnvSchema>;

export interface ServiceModuleOptions<C extends ServiceConfig> extends ModuleMetadata {
  service: ServiceName;
  config: C;
  logger: Logger;
  database: Pick<ServiceDatabaseOptions, 'entities' | 'migrations'>;
}

export function databaseOptionsFor(
  service: ServiceName,
  config: ServiceConfig,
  database: ServiceModuleOptions<ServiceConfig>['database'],
) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: service,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `kartlink-${service}-service`,
    ...database,
  });
}

/** The health responder every service has: the gateway's readiness asks it over NATS. */
function createHealthController(service: ServiceName, version: string) {
  @Controller()
  class HealthController {
    private readonly startedAt = Date.now();
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(Subjects.health(service))
    async health(): Promise<ServiceHealth> {
      const database = await checkDatabase(this.dataSource, service);
      return {
        service,
        status: database.ok ? 'ok' : 'degraded',
        version,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
        checks: { database },
      };
    }
  }
  return HealthController;
}

@Global()
@Module({})
class ServiceCoreModule {}

/**
 * Everything a NATS service shares: its configuration and logger as providers, its database
 * (own schema, migrations only), the error filter and request interceptor, and the health
 * responder. A service's AppModule is this plus its domain modules.
 */
export function createServiceModule<C extends ServiceConfig>(
  options: ServiceModuleOptions<C>,
): DynamicModule {
  const {
    service,
    config,
    logger,
    database,
    imports = [],
    controllers = [],
    providers = [],
    exports = [],
  } = options;
  return {
    module: ServiceCoreModule,
    imports: [TypeOrmModule.forRoot(databaseOptionsFor(service, config, database)), ...imports],
    controllers: [createHealthController(service, config.APP_VERSION), ...controllers],
    providers: [
      { provide: CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      { provide: APP_FILTER, useFactory: () => new RpcErrorFilter(logger) },
      { provide: APP_INTERCEPTOR, useFactory: () => new RpcRequestInterceptor(logger) },
      ...providers,
    ],
    exports: [CONFIG, LOGGER, ...exports],
  };
}
