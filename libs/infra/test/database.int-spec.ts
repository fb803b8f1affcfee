import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../src/database';
import { databaseUrl } from '../src/urls';

const serverUrl = databaseUrl(process.env.DATABASE_URL!, 'postgres');

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1
    );
  } finally {
    await client.end();
  }
}

describe('ensureDatabase and dropDatabase', () => {
  const name = `kartlink_test_db_${Date.now().toString(36)}`;
  afterAll(() => dropDatabase(serverUrl, name));

  it('creates a database once and returns its URL', async () => {
    const url = await ensureDatabase(serverUrl, name);
    expect(url).toBe(databaseUrl(serverUrl, name));
    await expect(ensureDatabase(serverUrl, name)).resolves.toBe(url);
    expect(await databaseExists(name)).toBe(true);
  });

  it('drops a test database that still has a session open', async () => {
    const session = new Client({ connectionString: databaseUrl(serverUrl, name) });
    session.on('error', () => undefined);
    await session.connect();
    try {
      await dropDatabase(serverUrl, name);
    } finally {
      await session.end().catch(() => undefined);
    }
    expect(await databaseExists(name)).toBe(false);
  });

  it('refuses to drop a database whose name does not mark it as a test one', async () => {
    await expect(dropDatabase(serverUrl, 'postgres')).rejects.toThrow(
      /Refusing to use database "postgres"/,
    );
    expect(await databaseExists('postgres')).toBe(true);
  });
});
