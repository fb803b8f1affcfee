import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ServiceName, queueGroupOf } from '@kartlink/contracts';
import {
  ConfigError,
  loadConfig,
  type ConfigOf,
  type Schema,
  describeConfig,
} from '@kartlink/config';
import { type DataSourceOptions } from 'typeorm';
import { createLogger, type Logger, NestPinoLogger } from './logger';
import { natsConnectionOptions, natsCredentials, PrefixedNatsServer } from './nats-transport';
import { runServiceMigrations } from './database';
import { GracefulShutdown } from './graceful-shutdown';
import type { ServiceConfig } from './service-module';
import { startTracing } from './tracing';

/** Reads and validates the environment; on any problem prints the full list and exits. */
export function loadServiceConfig<S extends Schema>(
  name: string,
  schema: S,
  env = process.env,
): ConfigOf<S> {
  try {
    return loadConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    createLogger(name).fatal({ problems: err.problems }, `${name} cannot start: ${err.message}`);
    process.exit(1);
  }
}

/** Creates a service's NestJS microservice on NATS, in its queue group, with structured logs. */
export async function createService<C extends ServiceConfig>(
  service: ServiceName,
  config: C,
  logger: Logger,
  module: DynamicModule,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new PrefixedNatsServer(
      {
        ...natsConnectionOptions(config.NATS_URL, `${service}-service`, natsCredentials(config)),
        queue: queueGroupOf(service),
      },
      config.NATS_SUBJECT_PREFIX,
    ),
    logger: new NestPinoLogger(logger),
  });
  return app;
}

/** The `main` of every service: config, logger, module, listen. */
export async function runService<S extends Schema>(options: {
  service: ServiceName;
  schema: S;
  module: (config: ConfigOf<S>, logger: Logger) => DynamicModule;
}) {
  const name = `${options.service}-service`;
  const config = loadServiceConfig(name, options.schema) as ConfigOf<S> & ServiceConfig;
  const logger = createLogger(name, config.LOG_LEVEL);
  logger.info({ config: describeConfig(options.schema, config) }, 'starting');
  const tracing = await startTracing(name, config, logger);
  const app = await createService(options.service, config, logger, options.module(config, logger));
  // On SIGTERM, in this order: the NATS subscriptions are drained and the requests in progress
  // answered; then the module hooks stop the JetStream consumers and the BullMQ workers, each
  // finishing what it holds; then the connections and the database pool close; then the
  // last spans are exported.
  new GracefulShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await app.close();
      await tracing.shutdown();
    },
  }).listen();
  await app.listen();
  logger.info(
    { queue: queueGroupOf(options.service), subjectPrefix: config.NATS_SUBJECT_PREFIX },
    `${name} listening on NATS`,
  );
}

/** The `migrate` entry of every service: apply pending migrations, then exit. */
export async function runMigrate<S extends Schema>(options: {
  service: ServiceName;
  schema: S;
  dataSource: (config: ConfigOf<S>) => DataSourceOptions;
}) {
  const name = `${options.service}-service`;
  const config = loadServiceConfig(name, options.schema) as ConfigOf<S> & ServiceConfig;
  const logger = createLogger(`${name}-migrate`, config.LOG_LEVEL);
  try {
    await runServiceMigrations(options.dataSource(config), logger);
  } catch (err) {
    logger.fatal({ err }, 'migrations failed');
    process.exit(1);
  }
}
