import { maskUrl } from '@kartlink/config';
import {
  assertTestDatabaseName,
  dropDatabase,
  ensureDatabase,
  ensureInfrastructure,
  newAppSecrets,
  startMailDev,
} from '@kartlink/infra';
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { dockerEngineAvailable, startContainers, type ServerUrls } from './containers';
import { deleteKeysWithPrefix } from './redis-keys';
import type { TestEnv } from './test-env';

export interface TestRun {
  runId: string;
  env: TestEnv;
  /** Where the run's data lives, passwords masked, for the test log. */
  summary: string;
  /** Drops the database, deletes the run's Redis keys and streams, stops what was started. */
  cleanup(): Promise<void>;
}

export interface TestRunOptions {
  /** Repository root, for project-local servers under .data/. */
  rootDir: string;
  /** The run's database is `<databasePrefix>_<runId>`; it must mark it as a test database. */
  databasePrefix: string;
}

/** Lower-case letters and digits, valid in database names, Redis keys and NATS subjects. */
export function newRunId(): string {
  return `${Date.now().toString(36).slice(-4)}${randomBytes(3).toString('hex')}`;
}

async function deleteRunStreams(natsUrl: string, subjectPrefix: string, runId: string) {
  const nc = await connect({ servers: natsUrl, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const stream of jsm.streams.list()) {
      const { name, subjects = [] } = stream.config;
      const ours =
        name.toLowerCase().includes(runId) ||
        (subjects.length > 0 && subjects.every((subject) => subject.startsWith(subjectPrefix)));
      if (ours) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

/** Runs every step even when some fail, then reports the failures together. */
async function runAll(steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'Test run cleanup failed');
}

/**
 * Everything one test run needs, isolated from any other run: PostgreSQL, Redis and NATS in
 * containers when a Docker engine is present, else found by libs/infra discovery; a fresh
 * database, a Redis key prefix and a NATS subject prefix of its own; a MailDev on spare ports.
 */
export async function provisionTestRun(options: TestRunOptions): Promise<TestRun> {
  const runId = newRunId();
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = () => runAll([...cleanups].reverse());
  try {
    let servers: ServerUrls;
    let origin: string;
    if (await dockerEngineAvailable()) {
      const containers = await startContainers();
      cleanups.push(() => containers.stop());
      servers = containers.urls;
      origin = 'containers';
    } else {
      const infra = await ensureInfrastructure({
        rootDir: options.rootDir,
        log: (message) => console.log(message),
      });
      servers = { postgres: infra.postgres.url, redis: infra.redis.url, nats: infra.nats.url };
      origin = 'local servers';
    }

    const databaseName = `${options.databasePrefix}_${runId}`;
    assertTestDatabaseName(databaseName);
    const databaseUrl = await ensureDatabase(servers.postgres, databaseName);
    cleanups.push(() => dropDatabase(servers.postgres, databaseName));

    const mail = await startMailDev();
    cleanups.push(() => mail.stop());

    const env: TestEnv = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: servers.redis,
      REDIS_KEY_PREFIX: `test:${runId}:`,
      NATS_URL: servers.nats,
      NATS_SUBJECT_PREFIX: `test.${runId}.`,
      SMTP_URL: mail.smtpUrl,
      MAILDEV_API_URL: mail.apiUrl,
      ...newAppSecrets(`test-${runId}`),
    };
    cleanups.push(() => deleteRunStreams(env.NATS_URL, env.NATS_SUBJECT_PREFIX, runId));
    cleanups.push(() => deleteKeysWithPrefix(env.REDIS_URL, env.REDIS_KEY_PREFIX));

    const summary =
      `test run ${runId} on ${origin}: ${maskUrl(env.DATABASE_URL)}, ` +
      `${maskUrl(env.REDIS_URL)} keys ${env.REDIS_KEY_PREFIX}*, ` +
      `${maskUrl(env.NATS_URL)} subjects ${env.NATS_SUBJECT_PREFIX}>`;
    return { runId, env, summary, cleanup };
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}
