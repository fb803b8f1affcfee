import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalServer } from '../src/local-servers';
import { PROBES } from '../src/probes';
import type { InfraKind } from '../src/urls';
import { stopProjectLocalServers } from './local-servers';

describe('project-local servers', () => {
  let dataRoot: string;
  beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), 'kartlink-local-'));
    // PostgreSQL runs as the postgres user when tests run as root: it must reach the folder.
    chmodSync(root, 0o755);
    dataRoot = join(root, '.data');
  });
  afterAll(async () => {
    await stopProjectLocalServers(dataRoot);
    rmSync(join(dataRoot, '..'), { recursive: true, force: true });
  });

  it.each<InfraKind>(['postgres', 'redis', 'nats'])(
    'starts %s from the installed programs, then reuses it',
    async (kind) => {
      const first = await ensureLocalServer(kind, dataRoot);
      expect(first).toEqual({ status: 'started', url: expect.stringMatching(/127\.0\.0\.1:\d+/) });
      if (first.status === 'not-installed') return;
      await expect(PROBES[kind](first.url)).resolves.toEqual({ ok: true });
      const port = Number(new URL(first.url).port);
      expect(JSON.parse(readFileSync(join(dataRoot, kind, 'instance.json'), 'utf8'))).toEqual({
        port,
      });

      await expect(ensureLocalServer(kind, dataRoot)).resolves.toEqual({
        status: 'reused',
        url: first.url,
      });
    },
  );

  it('keeps Redis without persistence', () => {
    expect(existsSync(join(dataRoot, 'redis', 'dump.rdb'))).toBe(false);
    expect(readFileSync(join(dataRoot, 'redis', 'redis.log'), 'utf8')).not.toMatch(/DB saved/);
  });

  it('starts PostgreSQL again on the same port with its data kept after it was stopped', async () => {
    const before = await ensureLocalServer('postgres', dataRoot);
    await stopProjectLocalServers(dataRoot);
    const after = await ensureLocalServer('postgres', dataRoot);
    expect(after).toEqual({
      status: 'started',
      url: before.status === 'not-installed' ? '' : before.url,
    });
  });
});
