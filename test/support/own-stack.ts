import { findFreePort } from '@kartlink/infra';
import { provisionTestRun, type TestRun, waitFor } from '@kartlink/testing';
import autocannon from 'autocannon';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { appEnvironment } from '../../tools/stack';
import { AppProcesses } from './app-processes';

export interface OwnStackOptions {
  /** The test log is `test-results/<name>.log`. */
  name: string;
  /** The run's database is `<databasePrefix>_<runId>`. */
  databasePrefix: string;
  /** The gateway's port (PORT); a free one unless told. */
  port?: number;
  /** The product's public URL and web origin; `http://127.0.0.1:<port>` unless told. */
  publicUrl?: string;
  logLevel: string;
  /** On top of the apps' environment, for every process of the run. */
  extraEnv?: NodeJS.ProcessEnv;
}

/**
 * A test run of a test file's own, for the tests that start, stop and kill the built apps
 * themselves: the run's PostgreSQL database, Redis keys and NATS streams, the apps' environment
 * on it, the test log, and the processes. While it runs, process.env points at the run (the
 * shared helpers, sign-up, mail, blobs, pgQuery, read it from there); `stop` puts it back.
 *
 * Create it at the top of the file, `start` it in beforeAll and `stop` it in afterAll: `stop`
 * undoes whatever `start` got to.
 */
export class OwnStack {
  readonly rootDir = resolve(__dirname, '..', '..');
  run!: TestRun;
  /** The environment of every app process. */
  env!: NodeJS.ProcessEnv;
  /** The public URL (where the gateway answers, unless something stands before it). */
  base!: string;
  log!: WriteStream;
  apps!: AppProcesses;
  private savedEnv?: NodeJS.ProcessEnv;

  async start(options: OwnStackOptions): Promise<this> {
    const { rootDir } = this;
    this.run = await provisionTestRun({ rootDir, databasePrefix: options.databasePrefix });
    const port = options.port ?? (await findFreePort());
    this.base = options.publicUrl ?? `http://127.0.0.1:${port}`;
    mkdirSync(join(rootDir, 'test-results'), { recursive: true });
    this.log = createWriteStream(join(rootDir, 'test-results', `${options.name}.log`));
    this.log.write(`${this.run.summary}\n`);
    this.env = appEnvironment({
      rootDir,
      infra: this.run.env,
      port,
      host: '127.0.0.1',
      publicUrl: this.base,
      webOrigins: [this.base],
      nodeEnv: 'test',
      logLevel: options.logLevel,
      extraEnv: options.extraEnv,
    });
    // This file's own run until stop puts the e2e stack's back.
    const savedEnv: NodeJS.ProcessEnv = {};
    for (const key of [...Object.keys(this.run.env), 'KARTLINK_BASE_URL'])
      savedEnv[key] = process.env[key];
    this.savedEnv = savedEnv;
    Object.assign(process.env, this.run.env, { KARTLINK_BASE_URL: this.base });
    this.apps = new AppProcesses({ rootDir, env: this.env, log: this.log });
    return this;
  }

  /**
   * Migrates and launches the services (`shop` for shop-service) and a gateway, and waits until
   * the gateway reports each service as answering.
   */
  async launchServices(...services: string[]) {
    for (const service of services) await this.apps.migrate(`${service}-service`);
    for (const service of services) this.apps.launch(`${service}-service`);
    this.apps.launch('gateway');
    for (const service of services) await this.healthy(service);
  }

  /** Waits until the gateway reports the service as answering. */
  async healthy(service: string) {
    await waitFor(
      async () => (await fetch(`${this.base}/api/health/services/${service}`)).status === 200,
      { timeoutMs: 60_000, intervalMs: 250, description: `${service}-service to answer` },
    );
  }

  /** `amount` clicks on a product, sent on `connections` connections at once, as many visitors would. */
  trackClicks(options: {
    productId: string;
    connections: number;
    amount: number;
    userAgent: string;
    click: Record<string, string>;
  }) {
    return autocannon({
      url: `${this.base}/api/analytics/track/${options.productId}`,
      method: 'POST',
      connections: options.connections,
      amount: options.amount,
      headers: { 'content-type': 'application/json', 'user-agent': options.userAgent },
      body: JSON.stringify(options.click),
    });
  }

  /**
   * Stops every process, then closes the test's own clients (`closeClients`, while process.env
   * still points at the run), puts process.env back, ends the log and cleans up the run.
   */
  async stop(closeClients?: () => Promise<unknown>) {
    try {
      await this.apps?.stopAll();
      await closeClients?.();
    } finally {
      for (const [key, value] of Object.entries(this.savedEnv ?? {})) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      this.savedEnv = undefined;
      this.log?.end();
      await this.run?.cleanup();
    }
  }
}
