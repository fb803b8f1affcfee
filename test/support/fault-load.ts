import { findProgramsDir } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What one kind of client saw during a fault test. */
export interface Tally {
  ok: number;
  okAfterRestart: number;
  /** Answered 503 with the envelope's SERVICE_UNAVAILABLE: the outage said as such. */
  unavailable: number;
  /** Anything else: another status, no answer, a hang past the client's timeout. */
  failures: string[];
}

/**
 * The clients of a fault test: each loops until the deadline, one request after another, and
 * counts what it was answered, before and after the server under test came back (`restarted`).
 */
export class FaultLoad {
  restarted = false;

  /** `deadline` may be moved while the clients run (a test that waits for a state to act on). */
  constructor(public deadline: number) {}

  tally(): Tally {
    return { ok: 0, okAfterRestart: 0, unavailable: 0, failures: [] };
  }

  /** Sends until the deadline; `onAccepted` gets the envelope's data of each expected answer. */
  async loop<T>(
    counts: Tally,
    send: () => Promise<Response>,
    accepted: number,
    onAccepted?: (data: T) => void,
    pauseMs = 0,
  ): Promise<void> {
    while (Date.now() < this.deadline) {
      try {
        const answer = await send();
        const body = (await answer.json()) as { data?: T; errorCode?: string };
        if (answer.status === accepted) {
          counts.ok += 1;
          if (this.restarted) counts.okAfterRestart += 1;
          onAccepted?.(body.data as T);
        } else if (answer.status === 503 && body.errorCode === 'SERVICE_UNAVAILABLE') {
          counts.unavailable += 1;
        } else {
          counts.failures.push(`${answer.status} ${JSON.stringify(body)}`);
        }
      } catch (err) {
        counts.failures.push((err as Error).message);
      }
      if (pauseMs) await sleep(pauseMs);
    }
  }
}

/** One line of the test report for one kind of client. */
export const summary = (what: string, counts: Tally) =>
  `${what}: ${counts.ok} ok (${counts.okAfterRestart} after the restart), ` +
  `${counts.unavailable} answered 503, ${counts.failures.length} failed otherwise`;

/**
 * A server of a fault test's own, run from the installed program (`program` found where
 * @kartlink/infra finds it) until the test kills it.
 */
export async function startServer(
  program: string,
  args: string[],
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const binDir = findProgramsDir([program], []);
  if (!binDir) throw new Error(`${program} is not installed`);
  const child = spawn(join(binDir, program), args, { stdio: 'ignore' });
  await waitFor(ready, {
    timeoutMs: 20_000,
    intervalMs: 100,
    description: `${program} to accept connections`,
  });
  return child;
}

/** Kills a server with SIGKILL, as a failing node does, and waits until it is gone. */
export async function killServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}
