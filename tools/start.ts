import { maskUrl } from '@kartlink/config';
import {
  databaseNameOf,
  describeInfrastructure,
  ensureDatabase,
  ensureInfrastructure,
  foreignKeyEncryptionKeys,
  localAppSecrets,
  describeExit,
  startMailCatcher,
  stopProcess,
  waitForExit,
} from '@kartlink/infra';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { formatLogLine, prefixLines } from './log-format';
import { APP_NAME_WIDTH, buildAll, Stack } from './stack';

/**
 * `npm start` (and `npm run dev` with --dev): infrastructure, database, mail catcher, build,
 * migrations, the four services and the gateway serving the built web app; then it prints what
 * to open and runs until Ctrl-C.
 */

const rootDir = resolve(__dirname, '..');
const dev = process.argv.includes('--dev');
const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const DEFAULT_DATABASE = 'kartlink';
const VITE_PORT = 5173;

const say = (message: string) => console.log(`› ${message}`);
const printAppLine = (app: string, line: string) =>
  console.log(prefixLines(app, formatLogLine(line, { color }), APP_NAME_WIDTH));

/** Things to undo on the way out; they run newest first. */
const cleanups: Array<() => Promise<unknown>> = [];
let stopping: Promise<void> | undefined;
/** Ctrl-C: the terminal sent SIGINT to the apps as well. */
let interrupted = false;

function stopAll(exitCode: number): Promise<void> {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(exitCode);
  })();
  return stopping;
}

function port(): number {
  const value = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  }
  return value;
}

interface ViteServer {
  child: ChildProcess;
  /** The URL Vite reports; rejects if Vite exits first. */
  url: Promise<string>;
  /** Resolves with a message when Vite exits. */
  exited: Promise<string>;
}

/**
 * Runs the Vite dev server, which proxies /api to the gateway (GATEWAY_URL) and shows links
 * with the public address (PUBLIC_URL), as the gateway's own page does.
 */
function startVite(gatewayUrl: string, publicUrl: string): ViteServer {
  const child = spawn('npm', ['run', 'dev', '-w', '@kartlink/web'], {
    cwd: rootDir,
    env: { ...process.env, GATEWAY_URL: gatewayUrl, PUBLIC_URL: publicUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = waitForExit(child).then((s) => `The Vite dev server exited (${describeExit(s)})`);
  const reported = new Promise<string>((resolveUrl) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        printAppLine('web', line);
        // Vite prints "➜  Local:   http://localhost:5173/".
        const local = /Local:\s+(http:\/\/\S+)/.exec(stripVTControlCharacters(line));
        if (local?.[1]) resolveUrl(local[1]);
      });
    }
  });
  const url = Promise.race([
    reported,
    exited.then((message) => Promise.reject(new Error(message))),
  ]);
  return { child, url, exited };
}

async function main(): Promise<void> {
  const started = performance.now();
  const gatewayPort = port();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signal === 'SIGINT') interrupted = true;
      if (!stopping) say('Stopping…');
      void stopAll(0);
    });
  }

  say('Looking for PostgreSQL, Redis and NATS with JetStream…');
  const infra = await ensureInfrastructure({ rootDir, log: say });
  for (const line of describeInfrastructure(infra)) say(`  ${line}`);
  const configuredUrl = process.env.DATABASE_URL;
  const databaseName = (configuredUrl && databaseNameOf(configuredUrl)) || DEFAULT_DATABASE;
  const databaseUrl = await ensureDatabase(infra.postgres.url, databaseName);
  // Generated on the first start and kept in .data/ (never committed).
  const secrets = localAppSecrets(rootDir);
  const foreign = await foreignKeyEncryptionKeys(databaseUrl, secrets);
  if (foreign.length > 0)
    throw new Error(
      `The database ${databaseName} holds sign-in keys sealed under ${foreign.join(', ')}, which ` +
        `.data/app-secrets.json here does not hold: it was started from another checkout, or the ` +
        `file was deleted. Copy that checkout's .data/app-secrets.json here, or start on a ` +
        `database of its own (DATABASE_URL=${maskUrl(databaseUrl).replace(/[^/]*$/, `${databaseName}_2`)} npm start), ` +
        `or clear the keys (psql "${maskUrl(databaseUrl)}" -c 'DELETE FROM auth.signing_keys': ` +
        `everyone signs in again).`,
    );

  const mail = await startMailCatcher({ smtpUrl: process.env.SMTP_URL, preferDefaultPorts: true });
  cleanups.push(() => mail.stop());

  say('Building (Nx replays cached builds when nothing changed)…');
  const build = await buildAll(rootDir);
  if (build.code !== 0) {
    console.error(build.output);
    throw new Error('The build failed (output above).');
  }

  say('Migrating and starting the services and the gateway…');
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${gatewayPort}`;
  const stack = new Stack({
    rootDir,
    infra: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: infra.redis.url,
      REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'kartlink:',
      NATS_URL: infra.nats.url,
      NATS_SUBJECT_PREFIX: process.env.NATS_SUBJECT_PREFIX ?? '',
      SMTP_URL: mail.smtpUrl,
    },
    port: gatewayPort,
    host: process.env.HOST || '0.0.0.0',
    publicUrl,
    webOrigins: dev ? [publicUrl, `http://localhost:${VITE_PORT}`] : [publicUrl],
    nodeEnv: 'production',
    logLevel: process.env.LOG_LEVEL || 'info',
    extraEnv: { ...secrets },
    onLine: printAppLine,
  });
  cleanups.push(() => stack.stop({ interrupted }));
  await stack.start();

  const vite = dev ? startVite(stack.baseUrl, publicUrl) : undefined;
  if (vite) cleanups.push(() => stopProcess(vite.child));
  const viteUrl = await vite?.url;

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Kartlink is running (ready in ${seconds} s):`,
      `  Web app        ${publicUrl}`,
      ...(viteUrl ? [`  Vite (dev)     ${viteUrl}`] : []),
      `  API document   ${publicUrl}/api/docs`,
      `  Metrics        ${Object.entries(stack.metricsUrls)
        .map(([app, url]) => `${app} ${url}/metrics`)
        .join(', ')}`,
      `  Mail inbox     ${mail.inboxUrl ?? `mail goes to ${maskUrl(mail.smtpUrl)}`}`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  const crash = await Promise.race([stack.unexpectedExit, ...(vite ? [vite.exited] : [])]);
  if (stopping) return;
  console.error(`\n${crash}: stopping everything.`);
  await stopAll(1);
}

main().catch(async (err: unknown) => {
  // A stop request that interrupts the start is not a failure.
  if (stopping) return;
  console.error(`\n${err instanceof Error ? err.message : String(err)}`);
  await stopAll(1);
});
