import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import type { ServiceName } from '@kartlink/contracts';
import { loadConfig, type ConfigOf, type Schema } from '@kartlink/config';
import { headers as natsHeaders } from 'nats';
import { firstValueFrom, timeout } from 'rxjs';
import { DataSource, type DataSourceOptions } from 'typeorm';
import {
  createLogger,
  createService,
  type Logger,
  natsConnectionOptions,
  natsCredentials,
  runServiceMigrations,
  type ServiceConfig,
} from '@kartlink/server-kit';

/**
 * For integration tests: runs one service in-process on the real NATS, PostgreSQL and Redis
 * that the test harness prepared (its environment variables), and a client that talks to it
 * exactly as the gateway does.
 */
export async function startServiceForTest<S extends Schema>(options: {
  service: ServiceName;
  schema: S;
  module: (config: ConfigOf<S>, logger: Logger) => DynamicModule;
  dataSource: (config: ConfigOf<S>) => DataSourceOptions;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
}) {
  const config = loadConfig(options.schema, { ...process.env, ...options.env }) as ConfigOf<S> &
    ServiceConfig;
  const logger = options.logger ?? createLogger(`${options.service}-service`, 'warn');
  await runServiceMigrations(options.dataSource(config), logger);
  const app: INestMicroservice = await createService(
    options.service,
    config,
    logger,
    options.module(config, logger),
  );
  try {
    await app.listen();
  } catch (err) {
    // A service that refuses to start (a test of that) leaves no connection open.
    await app.close().catch(() => undefined);
    throw err;
  }
  const client = new ClientNats(
    natsConnectionOptions(
      config.NATS_URL,
      `${options.service}-test-client`,
      natsCredentials(config),
    ),
  );
  await client.connect();
  return {
    app,
    config,
    /** A NATS request as the gateway sends it; rejects with the service's `{ code, message }`. */
    request<T>(subject: string, payload: unknown = {}, requestId?: string): Promise<T> {
      const headers = natsHeaders();
      if (requestId) headers.set('x-request-id', requestId);
      const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
      return firstValueFrom(
        client.send<T>(`${config.NATS_SUBJECT_PREFIX}${subject}`, record).pipe(timeout(5000)),
      );
    },
    async close() {
      await client.close();
      await app.close();
    },
  };
}

/** SQL that would bring the database in line with the entities: empty when migrations match them. */
export async function schemaDrift(options: DataSourceOptions): Promise<string[]> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return sql.upQueries.map((q) => q.query);
  } finally {
    await dataSource.destroy();
  }
}
