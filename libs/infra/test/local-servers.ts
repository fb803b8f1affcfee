import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../src/wait';

/** Where each project-local server writes its pid (PostgreSQL: first line of postmaster.pid). */
const PID_FILES = {
  postgres: ['postgres', 'data', 'postmaster.pid'],
  redis: ['redis', 'redis.pid'],
  nats: ['nats', 'nats.pid'],
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the project-local servers that tests started under `dataRoot`. */
export async function stopProjectLocalServers(dataRoot: string): Promise<void> {
  for (const parts of Object.values(PID_FILES)) {
    const file = join(dataRoot, ...parts);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    if (!isRunning(pid)) continue;
    // SIGINT is PostgreSQL's fast shutdown; Redis and NATS stop on it too.
    process.kill(pid, 'SIGINT');
    await waitFor(() => !isRunning(pid), { timeoutMs: 15_000, description: `pid ${pid} to stop` });
  }
}
