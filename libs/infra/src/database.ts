import { Client } from 'pg';
import { databaseUrl } from './urls';

const MAINTENANCE_DATABASE = 'postgres';
const TEST_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const TEST_MARK = /(^|_)test(_|$)/;

/**
 * Refuses a database name that does not say it belongs to tests (the word `test` between
 * underscores, e.g. `kartlink_test_ab12`), so that a test run can never create, fill or drop a
 * real database, whatever DATABASE_URL points at.
 */
export function assertTestDatabaseName(name: string): void {
  if (!TEST_NAME.test(name) || !TEST_MARK.test(name)) {
    throw new Error(
      `Refusing to use database "${name}" for tests: a test database name is lower-case ` +
        `letters, digits and underscores and contains the word "test" (e.g. kartlink_test_ab12).`,
    );
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withMaintenanceClient<T>(
  serverUrl: string,
  fn: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({
    connectionString: databaseUrl(serverUrl, MAINTENANCE_DATABASE),
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database on the server unless it exists; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  await withMaintenanceClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    } catch (err) {
      // Another process created it between the check and here: that is what we wanted.
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
  return databaseUrl(serverUrl, name);
}

/**
 * Drops a test database (the name must pass assertTestDatabaseName), first closing the
 * sessions still connected to it.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertTestDatabaseName(name);
  await withMaintenanceClient(serverUrl, async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
  });
}
