import { findFreePort } from '@kartlink/infra';
import { readTestEnv, stackBaseUrl, waitFor } from '@kartlink/testing';
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { appEnvironment } from '../../tools/stack';
import { AppProcesses } from './app-processes';

export interface SecondGateway {
  /** Its base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A second gateway replica beside the shared stack (API only, its own port and metrics port,
 * its log in test-results/{name}-gateway.log): what one replica changes, the other must see.
 */
export async function startSecondGateway(name: string): Promise<SecondGateway> {
  const rootDir = resolve(__dirname, '..', '..');
  const log = createWriteStream(join(rootDir, 'test-results', `${name}-gateway.log`));
  const port = await findFreePort();
  const env = appEnvironment({
    rootDir,
    infra: readTestEnv(),
    port,
    host: '127.0.0.1',
    publicUrl: stackBaseUrl(),
    webOrigins: [stackBaseUrl()],
    nodeEnv: 'test',
    logLevel: 'warn',
    extraEnv: { TRUST_PROXY: '1', WEB_DIST_DIR: '', METRICS_PORT: String(await findFreePort()) },
  });
  const apps = new AppProcesses({ rootDir, env, log });
  apps.launch('gateway');
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await apps.stopAll();
    log.end();
  };
  try {
    await waitFor(
      async () => (await fetch(`${url}/api/health/ready`).catch(() => undefined))?.status === 200,
      { timeoutMs: 30_000, intervalMs: 200, description: 'the second gateway to be ready' },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
