import { type ExitStatus, stopProcess, waitForExit } from '@kartlink/infra';
import { type ChildProcess, spawn } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** One app process started from the build (apps/<app>/dist). */
export interface AppProcess {
  app: string;
  /** `shop-service#2`: the app and which of its launches this is, as the log shows it. */
  label: string;
  child: ChildProcess;
  exited: Promise<ExitStatus>;
  /** The log lines it wrote so far, parsed (pino JSON). */
  lines: Array<Record<string, unknown>>;
  /** Their messages (pino `msg`). */
  messages: string[];
  /** Resolves with the first log line whose message matches, or rejects if it exits first. */
  logged(message: RegExp): Promise<Record<string, unknown>>;
}

const alive = (p: AppProcess) => p.child.exitCode === null && p.child.signalCode === null;

/**
 * For the tests that start, stop and kill the apps themselves, on a test run of their own: each
 * app is a real process from the build, its output goes to the test's log file under its label,
 * and its structured lines can be awaited.
 */
export class AppProcesses {
  private readonly all = new Set<AppProcess>();
  private readonly stopping = new Set<AppProcess>();
  private readonly launches = new Map<string, number>();

  constructor(
    private readonly options: { rootDir: string; env: NodeJS.ProcessEnv; log: WriteStream },
  ) {}

  /** A line of the test's own in the log, to read the processes' lines against. */
  mark(text: string) {
    this.options.log.write(`[test] ${new Date().toISOString()} ${text}\n`);
  }

  launch(app: string, extraEnv: NodeJS.ProcessEnv = {}): AppProcess {
    const number = (this.launches.get(app) ?? 0) + 1;
    this.launches.set(app, number);
    return this.spawn(app, 'main', `${app}#${number}`, extraEnv);
  }

  /** Applies a service's migrations; throws if they fail. */
  async migrate(app: string) {
    const migrate = this.spawn(app, 'migrate', `${app}:migrate`, {});
    const status = await migrate.exited;
    if (status.code !== 0) throw new Error(`${app} migrations failed: see the test log`);
  }

  /** The processes of an app that run and were not asked to stop. */
  running(app: string): AppProcess[] {
    return [...this.all].filter((p) => p.app === app && !this.stopping.has(p) && alive(p));
  }

  /** Sends SIGTERM (the end of a graceful stop is the test's to check). */
  terminate(process: AppProcess) {
    this.kill(process, 'SIGTERM');
  }

  /** Sends a signal (SIGKILL unless told) and answers how the process exited. */
  kill(process: AppProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<ExitStatus> {
    this.mark(`${signal} to ${process.label} (pid ${process.child.pid})`);
    this.stopping.add(process);
    process.child.kill(signal);
    return process.exited;
  }

  /** Stops one process: SIGTERM, then SIGKILL after a while. */
  stop(process: AppProcess): Promise<ExitStatus> {
    this.mark(`stopping ${process.label} (pid ${process.child.pid})`);
    this.stopping.add(process);
    return stopProcess(process.child);
  }

  /** Stops whatever still runs: SIGTERM, then SIGKILL after a while. */
  async stopAll() {
    await Promise.all([...this.all].filter(alive).map((p) => stopProcess(p.child)));
  }

  private spawn(
    app: string,
    script: 'main' | 'migrate',
    label: string,
    extraEnv: NodeJS.ProcessEnv,
  ): AppProcess {
    const { rootDir, env, log } = this.options;
    const child = spawn(process.execPath, [join('apps', app, 'dist', `${script}.js`)], {
      cwd: rootDir,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Array<Record<string, unknown>> = [];
    const listeners = new Set<() => void>();
    const exited = waitForExit(child).then((status) => {
      log.write(`[${label}] exited (${status.signal ?? `code ${status.code}`})\n`);
      return status;
    });
    // Its last lines may still be on their way at 'exit'; at 'close' they have all arrived.
    let closed = false;
    child.once('close', () => {
      closed = true;
      for (const listener of listeners) listener();
    });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream! }).on('line', (line) => {
        log.write(`[${label}] ${line}\n`);
        try {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          lines.push({ msg: line });
        }
        for (const listener of listeners) listener();
      });
    const launched: AppProcess = {
      app,
      label,
      child,
      exited,
      lines,
      get messages() {
        return lines.map((line) => String(line.msg));
      },
      logged: (message) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const line = lines.find((l) => message.test(String(l.msg)));
            if (line) {
              listeners.delete(check);
              resolve(line);
            } else if (closed) {
              listeners.delete(check);
              reject(new Error(`${label} exited before logging ${message}`));
            }
          };
          listeners.add(check);
          check();
        }),
    };
    this.all.add(launched);
    return launched;
  }
}
