import { findFreePort } from '@kartlink/infra';
import { provisionTestRun, type TestRun } from '@kartlink/testing';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { buildAll, Stack, type StackOptions } from '../stack';

const rootDir = resolve(__dirname, '..', '..');

/**
 * What every benchmark measures against: the whole product built, on a test run of its own
 * (database, Redis prefix, NATS prefix), in production mode, logging warnings only. Not started
 * yet: the caller starts it, and stops it and cleans the run up when done.
 */
export async function benchStack(
  options: Pick<StackOptions, 'extraEnv'> & { onLine?: StackOptions['onLine'] } = {},
): Promise<{ run: TestRun; stack: Stack }> {
  console.log('Building…');
  const build = await buildAll(rootDir);
  if (build.code !== 0) throw new Error(build.output);
  const run = await provisionTestRun({ rootDir, databasePrefix: 'kartlink_test_bench' });
  const port = await findFreePort();
  const stack = new Stack({
    rootDir,
    infra: run.env,
    port,
    host: '127.0.0.1',
    publicUrl: `http://127.0.0.1:${port}`,
    webOrigins: [`http://127.0.0.1:${port}`],
    nodeEnv: 'production',
    logLevel: 'warn',
    // Production mode wants a NATS user; the local server, without authorization, lets any in.
    extraEnv: {
      NATS_USER: 'kartlink-bench',
      NATS_PASSWORD: randomBytes(24).toString('base64url'),
      ...options.extraEnv,
    },
    onLine: options.onLine ?? (() => undefined),
  });
  return { run, stack };
}
