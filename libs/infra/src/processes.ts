import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';

export interface CommandResult {
  /** Exit code; 127 when the command could not be started, 124 when it timed out. */
  code: number;
  /** stdout and stderr, interleaved as they arrived. */
  output: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Also copy the output to this process's stdout/stderr as it arrives. */
  echo?: boolean;
  /**
   * Stops the command after this long: it and every process it started (a test runner's
   * servers), SIGTERM first and SIGKILL after a grace, so that nothing of it outlives it.
   */
  timeoutMs?: number;
  /** Run as another user (needs root), e.g. initdb, which refuses to run as root. */
  uid?: number;
  gid?: number;
  /** Start in a new session, so that what it leaves running outlives Ctrl-C in this terminal. */
  detached?: boolean;
}

const KILL_GRACE_MS = 5_000;

/** Runs a command to completion. Never rejects: failures show in `code` and `output`. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const chunks: string[] = [];
    let timedOut = false;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      uid: options.uid,
      gid: options.gid,
      detached: options.detached ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      chunks.push(chunk.toString());
      if (options.echo) target.write(chunk);
    };
    child.stdout?.on('data', collect(process.stdout));
    child.stderr?.on('data', collect(process.stderr));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            void stopProcessTree(child, KILL_GRACE_MS);
          }, options.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${command}: ${err.message}\n` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        chunks.push(`\n${command} timed out after ${Math.round(options.timeoutMs! / 1000)} s\n`);
        resolve({ code: 124, output: chunks.join('') });
      } else {
        resolve({ code: code ?? 128 + constants.signals[signal!], output: chunks.join('') });
      }
    });
  });
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves once the process has exited (at once if it already has). */
export function waitForExit(child: ChildProcess): Promise<ExitStatus> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Asks a process to stop with SIGTERM and kills it if it is still there after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<ExitStatus> {
  const exited = waitForExit(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A process's state letter and parent from /proc/<pid>/stat ("pid (comm) state ppid ...": comm
 * may hold spaces and parentheses, so read after the last ")"); undefined once it is gone.
 */
function procStat(pid: number | string): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/**
 * The processes below `pid` (children, their children, ...), read from /proc; none where there
 * is no /proc.
 */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    const stat = /^\d+$/.test(entry) ? procStat(entry) : undefined;
    if (stat) parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Whether a process runs (a zombie, dead but not yet reaped by its parent, does not). */
export function isRunning(pid: number): boolean {
  if (!existsSync('/proc')) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/**
 * stopProcess for a process and everything it started: the tree is read first (orphans are
 * re-parented once their parent dies), each gets SIGTERM, and what is left after `graceMs`
 * gets SIGKILL.
 */
async function stopProcessTree(child: ChildProcess, graceMs = 10_000): Promise<void> {
  const below = child.pid === undefined ? [] : descendantsOf(child.pid);
  const signal = (name: NodeJS.Signals) => {
    for (const pid of below.filter(isRunning)) {
      try {
        process.kill(pid, name);
      } catch {
        // It ended meanwhile.
      }
    }
  };
  signal('SIGTERM');
  const stopped = stopProcess(child, graceMs);
  const deadline = Date.now() + graceMs;
  while (below.some(isRunning) && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 100));
  signal('SIGKILL');
  await stopped;
}

/** Describes how a process ended, for messages: "exit code 1" or "signal SIGKILL". */
export function describeExit({ code, signal }: ExitStatus): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}
