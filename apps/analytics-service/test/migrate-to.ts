import { readTestEnv } from '@kartlink/testing';
import { loadConfig } from '@kartlink/config';
import { DataSource } from 'typeorm';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

/**
 * Runs analytics-service's migrations on the database at `url`: all of them, or those before
 * the one whose name starts with `before` (a database as an earlier version left it).
 */
export async function migrateTo(url: string, before?: string): Promise<void> {
  const options = dataSourceOptions(
    loadConfig(configSchema, { ...readTestEnv(), DATABASE_URL: url }),
  );
  const all = options.migrations as Array<{ name: string }>;
  const end = before ? all.findIndex((m) => m.name.startsWith(before)) : all.length;
  if (end < 0) throw new Error(`no migration named ${before}`);
  const dataSource = new DataSource({
    ...options,
    migrations: all.slice(0, end),
  } as typeof options);
  await dataSource.initialize();
  try {
    await dataSource.query('CREATE SCHEMA IF NOT EXISTS analytics');
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}
