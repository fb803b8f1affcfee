import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgramsDir } from '../src/binaries';
import { ensureInfrastructure, InfraError } from '../src/discover';
import { findFreePort } from '../src/ports';
import { probeNats, PROBES } from '../src/probes';
import { stopProcess } from '../src/processes';
import { databaseUrl, INFRA_KINDS } from '../src/urls';
import { waitFor } from '../src/wait';
import { stopProjectLocalServers } from './local-servers';

// The integration global setup points these at the run's servers.
const runUrls = {
  DATABASE_URL: process.env.DATABASE_URL!,
  REDIS_URL: process.env.REDIS_URL!,
  NATS_URL: process.env.NATS_URL!,
};

const serverUrl = databaseUrl(runUrls.DATABASE_URL, 'postgres');

describe('ensureInfrastructure', () => {
  let rootDir: string;
  beforeEach(() => {
    rootDir = mkdtempSync(join(tmpdir(), 'kartlink-discovery-'));
    // PostgreSQL runs as the postgres user when tests run as root: it must reach the folder.
    chmodSync(rootDir, 0o755);
  });
  afterEach(async () => {
    await stopProjectLocalServers(join(rootDir, '.data'));
    rmSync(rootDir, { recursive: true, force: true });
  });

  it('uses DATABASE_URL, REDIS_URL and NATS_URL as given when they answer', async () => {
    const infra = await ensureInfrastructure({ rootDir, env: runUrls, install: false });
    expect(infra).toEqual({
      postgres: { url: runUrls.DATABASE_URL, origin: 'env' },
      redis: { url: runUrls.REDIS_URL, origin: 'env' },
      nats: { url: runUrls.NATS_URL, origin: 'env' },
    });
  });

  it('refuses a configured URL that does not answer, naming the variable, password hidden', async () => {
    const deadPort = await findFreePort();
    const env = { ...runUrls, REDIS_URL: `redis://:hunter2@127.0.0.1:${deadPort}` };
    const failure = ensureInfrastructure({ rootDir, env, install: false });
    await expect(failure).rejects.toThrow(InfraError);
    await expect(failure).rejects.toThrow(
      `REDIS_URL=redis://:***@127.0.0.1:${deadPort}: Redis does not answer there`,
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  it('without variables, uses the local defaults when they answer', async () => {
    const localDefaults = { postgres: serverUrl, redis: runUrls.REDIS_URL, nats: runUrls.NATS_URL };
    const infra = await ensureInfrastructure({ rootDir, env: {}, install: false, localDefaults });
    for (const kind of INFRA_KINDS) {
      expect(infra[kind]).toEqual({ url: localDefaults[kind], origin: 'local-default' });
    }
  });

  it('else starts project-local servers under .data/, and reuses them next time', async () => {
    const deadPort = await findFreePort();
    const localDefaults = {
      postgres: `postgres://postgres@127.0.0.1:${deadPort}/postgres`,
      redis: `redis://127.0.0.1:${deadPort}`,
      nats: `nats://127.0.0.1:${deadPort}`,
    };
    const options = { rootDir, env: {}, install: false, localDefaults };
    const first = await ensureInfrastructure(options);
    for (const kind of INFRA_KINDS) {
      expect(first[kind].origin).toBe('project-started');
      await expect(PROBES[kind](first[kind].url)).resolves.toEqual({ ok: true });
    }
    const second = await ensureInfrastructure(options);
    for (const kind of INFRA_KINDS) {
      expect(second[kind]).toEqual({ url: first[kind].url, origin: 'project-reused' });
    }
    // initdb and three servers starting: seconds on a quiet machine, more on a busy one.
  }, 60_000);
});

describe('probeNats', () => {
  const natsDir = findProgramsDir(['nats-server']);
  // Needs nats-server on PATH; the other tests cover NATS with JetStream.
  (natsDir ? it : it.skip)('does not accept a NATS server without JetStream', async () => {
    const port = await findFreePort();
    const server = spawn(join(natsDir!, 'nats-server'), ['-a', '127.0.0.1', '-p', String(port)]);
    try {
      await waitFor(async () => (await findFreePort(port)) !== port, {
        description: 'nats-server',
      });
      const result = await probeNats(`nats://127.0.0.1:${port}`);
      expect(result.ok).toBe(false);
    } finally {
      await stopProcess(server);
    }
  });
});
