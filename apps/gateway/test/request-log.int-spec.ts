import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@kartlink/config';
import { createLogger } from '@kartlink/server-kit';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createGateway } from '../src/app.factory';
import { configSchema } from '../src/config';

// Finding 8 of the security review: sign-in secrets in a query string never reach the log.

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let dist: string;
let gateway: NestFastifyApplication;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kartlink-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const config = loadConfig(configSchema, { ...process.env, WEB_DIST_DIR: dist });
  gateway = await createGateway(config, createLogger('gateway', 'info', capture));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The URL the gateway logged for a request it received. */
async function loggedUrl(path: string): Promise<string> {
  lines.length = 0;
  await fetch(`${base}${path}`, { redirect: 'manual' });
  const incoming = lines
    .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
    .find((line) => line.msg === 'incoming request');
  return incoming!.req!.url;
}

describe('the request log', () => {
  it("hides the admin sign-in link's token", async () => {
    expect(await loggedUrl('/admin-login?token=Zx81secretImpersonation')).toBe(
      '/admin-login?token=[redacted]',
    );
    expect(lines.join('\n')).not.toContain('Zx81secret');
  });

  it('hides the code and state that Google sends back, and keeps the other parameters', async () => {
    const url = await loggedUrl(
      '/api/auth/google/callback?state=st4te-s3cret&code=4%2F0Adeu5secret&scope=email%20openid',
    );
    expect(url).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=email%20openid',
    );
    expect(lines.join('\n')).not.toMatch(/st4te-s3cret|0Adeu5secret/);
  });

  it('hides any parameter named like a token, whatever its case', async () => {
    expect(await loggedUrl('/api/health/live?Access_Token=abc123&refreshToken=def&page=2')).toBe(
      '/api/health/live?Access_Token=[redacted]&refreshToken=[redacted]&page=2',
    );
  });

  it('logs an ordinary address as it is', async () => {
    expect(await loggedUrl('/asha-styles?ref=instagram')).toBe('/asha-styles?ref=instagram');
  });
});
