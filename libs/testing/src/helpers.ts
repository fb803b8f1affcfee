import { databaseNameOf, dropDatabase, ensureDatabase, waitFor } from '@kartlink/infra';
import { Client, type QueryResultRow } from 'pg';
import { escapeGlob, scanKeys, withRedis } from './redis-keys';
import { readTestEnv } from './test-env';

export { waitFor };

/** Runs one query against the run's database (its own connection, closed afterwards). */
export async function pgQuery<R extends QueryResultRow = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new Client({ connectionString: readTestEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database of its own beside the run's (`<run database>_<label>`), for a test that changes
 * what every other test of the service shares (e.g. its signing keys); `drop` removes it.
 */
export async function scratchDatabase(
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const runUrl = readTestEnv().DATABASE_URL;
  const name = `${databaseNameOf(runUrl)}_${label}`;
  return { url: await ensureDatabase(runUrl, name), drop: () => dropDatabase(runUrl, name) };
}

/**
 * The run's Redis keys that match `pattern` (a Redis glob, relative to REDIS_KEY_PREFIX),
 * returned without the prefix: what the apps call them.
 */
export async function redisKeys(pattern = '*'): Promise<string[]> {
  const { REDIS_URL, REDIS_KEY_PREFIX } = readTestEnv();
  const keys = await withRedis(REDIS_URL, (redis) =>
    scanKeys(redis, `${escapeGlob(REDIS_KEY_PREFIX)}${pattern}`),
  );
  return keys.map((key) => key.slice(REDIS_KEY_PREFIX.length)).sort();
}

interface MailAddress {
  address: string;
  name?: string;
}

/** A message as MailDev's REST API returns it (the fields tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  from: MailAddress[];
  to: MailAddress[];
  /** The SMTP recipients, BCC included. */
  envelope: { from: MailAddress; to: MailAddress[] };
  time: string;
}

async function allMail(): Promise<CaughtMail[]> {
  const response = await fetch(`${readTestEnv().MAILDEV_API_URL}/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The newest mail sent to `to` during this run, waiting up to `timeoutMs` for one to arrive.
 * Call clearMail() first when an earlier mail to the same address must not count.
 */
export function fetchMail(to: string, { timeoutMs = 10_000 } = {}): Promise<CaughtMail> {
  const wanted = to.toLowerCase();
  return waitFor(
    async () =>
      (await allMail())
        .filter((mail) => mail.envelope.to.some((r) => r.address.toLowerCase() === wanted))
        .at(-1),
    { timeoutMs, intervalMs: 200, description: `a mail to ${to}` },
  );
}

/** Deletes every mail caught so far in this run. */
export async function clearMail(): Promise<void> {
  const response = await fetch(`${readTestEnv().MAILDEV_API_URL}/email/all`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
}

/**
 * A stream message's JSON, or null when it is not JSON: for a test reading a subject the run's
 * other test files also publish on, some of them broken on purpose.
 */
export function decodedOrNull<T>(
  codec: { decode(data: Uint8Array): T },
  data: Uint8Array,
): T | null {
  try {
    return codec.decode(data);
  } catch {
    return null;
  }
}
