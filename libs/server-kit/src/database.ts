import type { DependencyCheck } from '@kartlink/contracts';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import type { Logger } from './logger';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema this service owns; no other service reads or writes it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize: number;
  applicationName: string;
}

export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // Schema changes only ever come from migrations.
    synchronize: false,
    migrationsRun: false,
    logging: ['error', 'warn', 'migration'],
    extra: {
      max: options.poolSize,
      application_name: options.applicationName,
      connectionTimeoutMillis: 5000,
    },
  };
}

/**
 * Applies the service's pending migrations. A PostgreSQL advisory lock serialises replicas or
 * jobs that start at the same time, so each migration runs exactly once.
 */
export async function runServiceMigrations(
  options: DataSourceOptions & { schema?: string },
  logger: Logger,
) {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  const lockKey = `kartlink:migrations:${options.schema}`;
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    // The migrations table lives inside the service's schema, so the schema comes first.
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    logger.info(
      { schema: options.schema, applied: applied.map((m) => m.name) },
      `${applied.length} migration(s) applied`,
    );
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await runner.release();
    await dataSource.destroy();
  }
}

/** Can the service reach its database, and is its schema up to date? */
export async function checkDatabase(
  dataSource: DataSource,
  schema: string,
): Promise<DependencyCheck & { pendingMigrations?: number }> {
  const started = performance.now();
  try {
    const [{ exists }] = (await dataSource.query('SELECT to_regclass($1) IS NOT NULL AS exists', [
      `"${schema}"."migrations"`,
    ])) as [{ exists: boolean }];
    if (!exists)
      return { ok: false, latencyMs: since(started), error: 'migrations have not been run' };
    const [{ applied }] = (await dataSource.query(
      `SELECT count(*)::int AS applied FROM "${schema}"."migrations"`,
    )) as [{ applied: number }];
    const latencyMs = since(started);
    const pendingMigrations = dataSource.migrations.length - applied;
    return pendingMigrations > 0
      ? {
          ok: false,
          latencyMs,
          pendingMigrations,
          error: `${pendingMigrations} migration(s) pending`,
        }
      : { ok: true, latencyMs, pendingMigrations };
  } catch (err) {
    return { ok: false, latencyMs: since(started), error: (err as Error).message };
  }
}

const since = (started: number) => Math.round(performance.now() - started);
