import { SERVER_RENDERER_FILE, SERVICE_NAMES } from '@kartlink/contracts';
import {
  describeExit,
  findFreePort,
  isPortFree,
  runCommand,
  stopProcess,
  waitFor,
  waitForExit,
  type CommandResult,
  type InfraEnv,
} from '@kartlink/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Launches the built product: runs each service's migrations, then starts the four services and
 * the gateway as child processes and waits until the gateway reports ready. Shared by the start
 * command (tools/start.ts) and the e2e/browser global setup (test/stack-setup.ts).
 */

const SERVICE_APPS = SERVICE_NAMES.map((service) => `${service}-service`);
export const APPS = [...SERVICE_APPS, 'gateway'];
export const APP_NAME_WIDTH = Math.max(...APPS.map((app) => app.length));

export interface StackOptions {
  rootDir: string;
  infra: InfraEnv;
  /** Gateway HTTP port and interface. */
  port: number;
  host: string;
  /** Address people open the product at, and the browser origins the API accepts. */
  publicUrl: string;
  webOrigins: readonly string[];
  nodeEnv: 'production' | 'test';
  logLevel: string;
  /** Receives every output line of every app, as written (pino JSON). */
  onLine: (app: string, line: string) => void;
  /** Set last, over everything else (e.g. TRUST_PROXY for tests that play several clients). */
  extraEnv?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
}

/** The environment every app gets: explicit values for everything the apps read. */
export function appEnvironment(
  options: Omit<StackOptions, 'onLine' | 'readyTimeoutMs'>,
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...base,
    ...options.infra,
    MAIL_FROM: base.MAIL_FROM || 'Kartlink <no-reply@kartlink.local>',
    LOG_LEVEL: options.logLevel,
    NODE_ENV: options.nodeEnv,
    PORT: String(options.port),
    HOST: options.host,
    PUBLIC_URL: options.publicUrl,
    WEB_ORIGIN: options.webOrigins.join(','),
    WEB_DIST_DIR: join(options.rootDir, 'apps', 'web', 'dist'),
    SERVICE_TIMEOUT_MS: base.SERVICE_TIMEOUT_MS || '5000',
    ...options.extraEnv,
  };
}

/** `nx run-many -t build`: libs and apps with swc, the web app with Vite; cached by Nx. */
export function buildAll(rootDir: string, { echo = false } = {}): Promise<CommandResult> {
  return runCommand(
    join(rootDir, 'node_modules', '.bin', 'nx'),
    ['run-many', '-t', 'build', '--outputStyle=static'],
    {
      cwd: rootDir,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      echo,
      timeoutMs: 15 * 60_000,
    },
  );
}

/**
 * media-service's memory allocator, as its container image sets it (deploy/Dockerfile): jemalloc
 * when this machine has it, with a background thread handing freed pages back to the system
 * within a second or so; otherwise glibc with two arenas. With glibc's default arenas, one per
 * libvips thread, a burst of uploads leaves hundreds of MB resident for good.
 */
const JEMALLOC = [
  '/usr/local/lib/libjemalloc.so.2',
  `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`,
].find((path) => existsSync(path));
export const MEDIA_MALLOC_CONF = 'background_thread:true,dirty_decay_ms:250,muzzy_decay_ms:0';

/**
 * node's flags for the apps that carry uploads, as their container images start them
 * (deploy/Dockerfile): V8 lets the heap grow to twice what a full collection left before the
 * next one. With its default, the 40–50 MB heaps of these two were left some 10 MB of headroom,
 * and under a burst of uploads marking started again as soon as a full collection ended (V8's
 * trace: "Start (allocation limit)" at 41 of 52 MB): 111 full collections in media-service and
 * 38 in the gateway for 63 uploads, the gateway's marking threads using more CPU than its own
 * (`npm run bench -- uploads`).
 */
export const APP_NODE_FLAGS: Record<string, string[]> = {
  gateway: ['--heap-growing-percent=100'],
  'media-service': ['--heap-growing-percent=100'],
};

function allocatorEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (base.LD_PRELOAD || base.MALLOC_ARENA_MAX) return {};
  return JEMALLOC
    ? { LD_PRELOAD: JEMALLOC, MALLOC_CONF: base.MALLOC_CONF || MEDIA_MALLOC_CONF }
    : { MALLOC_ARENA_MAX: '2' };
}

const READY_PATH = '/api/health/ready';
// Ctrl-C reaches the apps at the same moment as this process: an exit within this window of a
// stop request is part of stopping, not a crash.
const EXIT_GRACE_MS = 300;
/** How long a stopping app may take before it is killed. */
const STOP_GRACE_MS = 10_000;
/** After Ctrl-C, how long an app has to say that it is shutting down before it gets SIGTERM. */
const INTERRUPT_WAIT_MS = 1_000;
/** The line an app writes when a signal starts its graceful shutdown (libs/server-kit). */
const SHUTTING_DOWN = /"msg":"shutting down/;

export class Stack {
  readonly baseUrl: string;
  /**
   * Each app's metrics and health port (METRICS_PORT: /metrics, /healthz, /readyz), by app
   * name, on 127.0.0.1: spare ports found at start.
   */
  readonly metricsUrls: Record<string, string> = {};
  /** Resolves with a message when an app exits while nobody asked the stack to stop. */
  readonly unexpectedExit: Promise<string>;

  private readonly env: NodeJS.ProcessEnv;
  private readonly children = new Map<string, ChildProcess>();
  /** Apps that logged the start of their shutdown. */
  private readonly shuttingDown = new Set<string>();
  private readonly crashed = new AbortController();
  private stopping = false;
  private reportCrash!: (message: string) => void;

  constructor(private readonly options: StackOptions) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
    this.env = appEnvironment(options);
    this.unexpectedExit = new Promise((resolve) => (this.reportCrash = resolve));
  }

  /** Migrates, starts every app and waits for readiness; on failure stops what it started. */
  async start(): Promise<void> {
    try {
      this.assertBuilt();
      if (!(await isPortFree(this.options.port))) {
        throw new Error(`Port ${this.options.port} is in use: stop what runs there or set PORT.`);
      }
      for (const service of SERVICE_NAMES) await this.migrate(service);
      for (const app of APPS) {
        const metricsPort = await findFreePort();
        this.metricsUrls[app] = `http://127.0.0.1:${metricsPort}`;
        this.launch(app, join('apps', app, 'dist', 'main.js'), {
          METRICS_PORT: String(metricsPort),
          METRICS_HOST: '127.0.0.1',
        });
      }
      await this.waitUntilReady();
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  /**
   * Stops the gateway first (no new requests), then the services. `interrupted`: Ctrl-C, which
   * the terminal sent the apps too.
   */
  async stop({ interrupted = false } = {}): Promise<void> {
    this.stopping = true;
    const gateway = this.children.get('gateway');
    if (gateway) await this.stopApp('gateway', gateway, interrupted);
    await Promise.all(
      [...this.children].map(([name, child]) => this.stopApp(name, child, interrupted)),
    );
  }

  /**
   * SIGTERM, unless Ctrl-C already started the app's shutdown: a second signal would make it
   * exit at once instead of finishing its work.
   */
  private async stopApp(name: string, child: ChildProcess, interrupted: boolean): Promise<void> {
    const shuttingDown =
      interrupted &&
      (await waitFor(() => this.shuttingDown.has(name) || child.exitCode !== null, {
        timeoutMs: INTERRUPT_WAIT_MS,
        intervalMs: 20,
      }).catch(() => false));
    if (!shuttingDown) {
      await stopProcess(child, STOP_GRACE_MS);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await waitForExit(child);
    clearTimeout(timer);
  }

  private assertBuilt(): void {
    const missing = [
      ...APPS.map((app) => join('apps', app, 'dist', 'main.js')),
      ...SERVICE_APPS.map((app) => join('apps', app, 'dist', 'migrate.js')),
      join('apps', 'web', 'dist', 'index.html'),
      join('apps', 'web', 'dist', SERVER_RENDERER_FILE),
    ].filter((file) => !existsSync(join(this.options.rootDir, file)));
    if (missing.length > 0) {
      throw new Error(`Not built: ${missing.join(', ')}. Run npm run build.`);
    }
  }

  private spawnApp(name: string, script: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
    // APP_NODE_ARGS: node's own flags for each app (say --cpu-prof --cpu-prof-dir=…, which
    // NODE_OPTIONS does not take), to profile them under a benchmark.
    const nodeArgs = (process.env.APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...(APP_NODE_FLAGS[name] ?? []), ...nodeArgs, script], {
      cwd: this.options.rootDir,
      env: {
        ...this.env,
        ...(name === 'media-service' ? allocatorEnv(this.env) : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.set(name, child);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: stream }).on('line', (line) => {
          if (SHUTTING_DOWN.test(line)) this.shuttingDown.add(name);
          this.options.onLine(name, line);
        });
    }
    return child;
  }

  private async migrate(service: string): Promise<void> {
    const name = `${service}:migrate`;
    const child = this.spawnApp(name, join('apps', `${service}-service`, 'dist', 'migrate.js'));
    const status = await waitForExit(child);
    this.children.delete(name);
    if (this.stopping) throw new Error('Stopped while migrating');
    if (status.code !== 0) {
      throw new Error(`The ${service}-service migrations failed (${describeExit(status)})`);
    }
  }

  private launch(app: string, script: string, env: NodeJS.ProcessEnv): void {
    const child = this.spawnApp(app, script, env);
    child.once('exit', (code, signal) => {
      setTimeout(() => {
        if (this.stopping) return;
        const message = `${app} exited unexpectedly (${describeExit({ code, signal })})`;
        this.crashed.abort(new Error(message));
        this.reportCrash(message);
      }, EXIT_GRACE_MS);
    });
  }

  private async waitUntilReady(): Promise<void> {
    let lastAnswer = 'no answer yet';
    try {
      await waitFor(
        async () => {
          const response = await fetch(`${this.baseUrl}${READY_PATH}`, {
            signal: AbortSignal.timeout(3_000),
          });
          lastAnswer = `${response.status} ${(await response.text()).slice(0, 1_000)}`;
          return response.status === 200;
        },
        {
          timeoutMs: this.options.readyTimeoutMs ?? 120_000,
          intervalMs: 500,
          description: `${READY_PATH} to answer 200`,
          signal: this.crashed.signal,
        },
      );
    } catch (err) {
      throw new Error(
        `The stack did not become ready: ${(err as Error).message}\nLast answer: ${lastAnswer}`,
      );
    }
  }
}
