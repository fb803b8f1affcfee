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
import type { NatsConnection } from 'nats';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { createLogger, type Logger, NestPinoLogger } from './logger';
import { metrics } from './metrics';
import { checkWithin, startMetricsServer } from './metrics-server';
import { natsConnectionOptions, natsCredentials, PrefixedNatsServer } from './nats-transport';
import { checkDatabase, runServiceMigrations } from './database';
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
  const strategy = new PrefixedNatsServer(
    {
      ...natsConnectionOptions(config.NATS_URL, `${service}-service`, natsCredentials(config)),
      queue: queueGroupOf(service),
    },
    config.NATS_SUBJECT_PREFIX,
  );
  const app = await NestFactory.createMicroservice(module, {
    strategy,
    logger: new NestPinoLogger(logger),
  });
  servers.set(app, strategy);
  return app;
}

const servers = new WeakMap<INestMicroservice, PrefixedNatsServer>();

/** Readiness checks answer within this, so that a probe's 5 s timeout is never reached. */
const READY_CHECK_MS = 2000;

/**
 * This replica's readiness, for its metrics port's /readyz: its own NATS connection answers a
 * round trip, and its database answers with no migration pending (as the health subject that
 * deploy/probes/service-health.mjs asks, but for this replica, not whichever answers).
 */
function serviceReadiness(app: INestMicroservice, service: ServiceName, logger: Logger) {
  const dataSource = app.get(DataSource);
  return async () => {
    const [nats, database] = await Promise.all([
      checkWithin(() => servers.get(app)!.unwrap<NatsConnection>().rtt(), READY_CHECK_MS),
      checkWithin(async () => {
        const check = await checkDatabase(dataSource, service);
        if (!check.ok) throw new Error(check.error);
      }, READY_CHECK_MS),
    ]);
    if (!nats || !database) logger.warn({ nats, database }, 'not ready');
    return { ready: nats && database, checks: { nats: { ok: nats }, database: { ok: database } } };
  };
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
  metrics.init({ subjectPrefix: config.NATS_SUBJECT_PREFIX });
  const tracing = await startTracing(name, config, logger);
  const app = await createService(options.service, config, logger, options.module(config, logger));
  // Up before the NATS server listens: /healthz answers at once, /readyz 503 until ready.
  const metricsServer = await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    logger,
    ready: serviceReadiness(app, options.service, logger),
  });
  // On SIGTERM, in this order: the NATS subscriptions are drained and the requests in progress
  // answered; then the module hooks stop the JetStream consumers and the BullMQ workers, each
  // finishing what it holds; then the connections and the database pool close; then the
  // last spans are exported. The metrics port answers not ready from the start, and closes last.
  new GracefulShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      metricsServer?.draining();
      await app.close();
      await tracing.shutdown();
      await metricsServer?.close();
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
