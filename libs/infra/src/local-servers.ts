import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProgramsDir, findSystemUser, postgresBinDirs, type SystemUser } from './binaries';
import { describeExit, runCommand } from './processes';
import { findFreePort, isPortFree } from './ports';
import { PROBES } from './probes';
import { localUrl, type InfraKind } from './urls';
import { waitFor } from './wait';

/**
 * Project-local servers: started from the installed programs, with their data, log and pid file
 * under `.data/<kind>/` in the repository, detached so that they outlive the command that started
 * them and are reused by the next one. `.data/<kind>/instance.json` remembers the port.
 */

export type LocalServerOutcome =
  { status: 'reused' | 'started'; url: string } | { status: 'not-installed' };

interface StartContext {
  binDir: string;
  dir: string;
  port: number;
}

interface LocalServer {
  programs: readonly string[];
  extraDirs: () => string[];
  logFile: string;
  /** Starts the server; returns the process when it runs in the foreground of its session. */
  start(context: StartContext): Promise<ChildProcess | undefined>;
}

const READY_TIMEOUT_MS = 30_000;

function tail(path: string, lines = 20): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function spawnDetached(program: string, args: readonly string[]): ChildProcess {
  const child = spawn(program, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
  return child;
}

const SERVERS: Record<InfraKind, LocalServer> = {
  postgres: {
    programs: ['initdb', 'pg_ctl', 'postgres'],
    extraDirs: () => postgresBinDirs(),
    logFile: 'postgres.log',
    async start({ binDir, dir, port }) {
      const data = join(dir, 'data');
      const socketDir = join(dir, 'run');
      mkdirSync(socketDir, { recursive: true });
      // PostgreSQL refuses to run as root: run it as the postgres (or nobody) user instead.
      const owner: SystemUser | undefined =
        process.getuid?.() === 0 ? findSystemUser(['postgres', 'nobody']) : undefined;
      if (owner) for (const path of [dir, socketDir]) chownSync(path, owner.uid, owner.gid);
      const asOwner = { uid: owner?.uid, gid: owner?.gid };
      if (!existsSync(join(data, 'PG_VERSION'))) {
        const init = await runCommand(
          join(binDir, 'initdb'),
          ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
          asOwner,
        );
        if (init.code !== 0) {
          const hint = owner
            ? `\n(It ran as uid ${owner.uid}: that user must be able to reach ${dir}.)`
            : '';
          throw new Error(`initdb failed:\n${init.output}${hint}`);
        }
      }
      const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k '${socketDir}'`;
      const started = await runCommand(
        join(binDir, 'pg_ctl'),
        ['-D', data, '-l', join(dir, this.logFile), '-o', serverOptions, '-w', '-t', '60', 'start'],
        { ...asOwner, detached: true },
      );
      if (started.code !== 0) throw new Error(`pg_ctl start failed:\n${started.output}`);
      return undefined;
    },
  },
  redis: {
    programs: ['redis-server'],
    extraDirs: () => [],
    logFile: 'redis.log',
    async start({ binDir, dir, port }) {
      // Cache and queues only: no persistence.
      return spawnDetached(join(binDir, 'redis-server'), [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
        ...['--save', '', '--appendonly', 'no', '--logfile', join(dir, this.logFile)],
        ...['--pidfile', join(dir, 'redis.pid')],
      ]);
    },
  },
  nats: {
    programs: ['nats-server'],
    extraDirs: () => [],
    logFile: 'nats.log',
    async start({ binDir, dir, port }) {
      return spawnDetached(join(binDir, 'nats-server'), [
        ...['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'jetstream')],
        ...['-l', join(dir, this.logFile), '-P', join(dir, 'nats.pid')],
      ]);
    },
  },
};

interface InstanceFile {
  port: number;
}

function readInstance(dir: string): InstanceFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, 'instance.json'), 'utf8')) as InstanceFile;
    return Number.isInteger(parsed.port) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Reuses the project-local server of this kind if it runs, else starts it. */
export async function ensureLocalServer(
  kind: InfraKind,
  dataRoot: string,
): Promise<LocalServerOutcome> {
  const server = SERVERS[kind];
  const dir = join(dataRoot, kind);
  const probe = PROBES[kind];
  const previous = readInstance(dir);
  if (previous && (await probe(localUrl(kind, previous.port))).ok) {
    return { status: 'reused', url: localUrl(kind, previous.port) };
  }
  const binDir = findProgramsDir(server.programs, server.extraDirs());
  if (!binDir) return { status: 'not-installed' };

  mkdirSync(dir, { recursive: true });
  const port = previous && (await isPortFree(previous.port)) ? previous.port : await findFreePort();
  const url = localUrl(kind, port);
  const child = await server.start({ binDir, dir, port });
  const logFile = join(dir, server.logFile);
  const stopped = new AbortController();
  child?.once('exit', (code, signal) =>
    stopped.abort(new Error(`it stopped (${describeExit({ code, signal })})`)),
  );
  try {
    await waitFor(async () => (await probe(url)).ok, {
      timeoutMs: READY_TIMEOUT_MS,
      intervalMs: 200,
      description: `port ${port} to answer`,
      signal: stopped.signal,
    });
  } catch (err) {
    const reason = (err as Error).message;
    throw new Error(
      `The project-local ${kind} server did not start: ${reason}\n${logFile}:\n${tail(logFile)}`,
    );
  } finally {
    child?.removeAllListeners('exit');
  }
  writeFileSync(join(dir, 'instance.json'), `${JSON.stringify({ port } satisfies InstanceFile)}\n`);
  return { status: 'started', url };
}
